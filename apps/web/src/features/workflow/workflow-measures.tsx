import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_MEASURE_MAX_CM, WORKFLOW_MEASURE_MAX_GRAMS } from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import { useReadStableWeight, useScanClaim } from '../../shell';
import { ActionButton, controlStyles, SubmitButton } from '../../ui';
import type { WorkflowAction } from './workflow.types';
import styles from './workflow-screen.module.css';

// WaitMeasurements of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"): a place's
// sides in cm, typed or scanned as `.GL/.GW/.GH` (spec part 1 §4), and its weight in kg, typed
// or read from the scale; ConfirmItem sends them, the weight in grams (×1000, rounded). Packing's
// WaitSizeAndPrint (docs/DECISIONS.md "Packing") uses it too, the package's size filled in.

export type Side = 'length' | 'width' | 'height';
const SIDES: readonly Side[] = ['length', 'width', 'height'];

/** A typed amount (a comma as the decimal point), NaN when not a number. */
function amountOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));
}

export function MeasureForm(props: {
  itemId: string;
  /** Sides known already (a package's size, packing's WaitSizeAndPrint): filled in, editable. */
  sides?: Partial<Record<Side, string>>;
  isBusy: boolean;
  send: (action: WorkflowAction) => void;
}) {
  const { t } = useTranslation('workflow');
  const [sides, setSides] = useState<Record<Side, string>>({
    length: '',
    width: '',
    height: '',
    ...props.sides,
  });
  const [weight, setWeight] = useState('');
  const [scaleFailed, setScaleFailed] = useState(false);
  const readWeight = useReadStableWeight();
  // While measuring, `.GL/.GW/.GH` fill their side and are not sent as a scan.
  useScanClaim((scan) => {
    const read = recognizeBarcode(scan.text);
    if (read.type !== 'length' && read.type !== 'width' && read.type !== 'height') return false;
    if (read.amount !== null)
      setSides((before) => ({ ...before, [read.type]: String(read.amount) }));
    return true;
  });
  const [lengthCm, widthCm, heightCm] = SIDES.map((side) => amountOf(sides[side]));
  const kg = amountOf(weight);
  // The contract's bounds (part 1 §5): a side over them or a weight of nothing is not sent.
  const isValid =
    [lengthCm, widthCm, heightCm].every(
      (n) => n !== undefined && n > 0 && n <= WORKFLOW_MEASURE_MAX_CM,
    ) &&
    kg !== undefined &&
    Math.round(kg * 1000) > 0 &&
    Math.round(kg * 1000) <= WORKFLOW_MEASURE_MAX_GRAMS;
  const submit = () =>
    props.send({
      code: 'ConfirmItem',
      itemId: props.itemId,
      measure: {
        lengthCm: lengthCm ?? 0,
        widthCm: widthCm ?? 0,
        heightCm: heightCm ?? 0,
        weightGrams: Math.round(kg * 1000),
      },
    });
  return (
    <section className={styles.section} aria-label={t('measures')}>
      <form
        className={styles.countForm}
        data-testid="workflow-measures"
        onSubmit={(event) => {
          event.preventDefault();
          if (isValid) submit();
        }}
      >
        {SIDES.map((side) => (
          <label key={side} className={controlStyles.field}>
            {t(`measure.${side}`)}
            <input
              className={controlStyles.input}
              data-testid={`workflow-measure-${side}`}
              inputMode="decimal"
              value={sides[side]}
              onChange={(event) => setSides({ ...sides, [side]: event.target.value })}
            />
          </label>
        ))}
        <label className={controlStyles.field}>
          {t('measure.weight')}
          <input
            className={controlStyles.input}
            data-testid="workflow-measure-weight"
            inputMode="decimal"
            value={weight}
            onChange={(event) => setWeight(event.target.value)}
          />
        </label>
        <ActionButton
          testId="workflow-measure-scale"
          label={t('measure.fromScale')}
          disabled={props.isBusy}
          onClick={() => {
            setScaleFailed(false);
            readWeight().then(
              (value) => setWeight(String(value)),
              () => setScaleFailed(true),
            );
          }}
        />
        {scaleFailed ? <p role="alert">{t('measure.scaleFailed')}</p> : null}
        <SubmitButton
          testId="workflow-measure-submit"
          label={t('measure.submit')}
          disabled={props.isBusy || !isValid}
        />
      </form>
    </section>
  );
}
