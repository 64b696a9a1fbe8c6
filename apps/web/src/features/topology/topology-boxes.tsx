import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOPOLOGY_MAX_BOXES_PER_CALL } from '@sorting/contracts';
import { countBoxRange } from '@sorting/domain';
import { callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import { useNotify, useScan } from '../../shell';
import { useCallAction, useCallFailures } from '../../shell/calls/use-calls';
import { SubmitButton, controlStyles } from '../../ui';
import { boxLabelsOf, skippedNumbers } from './topology-labels';
import { copiesOf, useCountLine, wholeNumber, type SectionProps } from './topology-cells';
import type { TopologyCode } from './topology-codes';
import { MAX_LABELS_PER_RUN } from './topology-print';
import styles from './topology-page.module.css';

/** New boxes a call makes: 1–100 (the `boxes/create` Count). */
const MAX_NEW_BOXES = 100;

type BoxMode = 'new' | 'reprint';

/**
 * Box labels (part 2 §9, 68×60), two modes (docs/DECISIONS.md "Topology"): «Новые короба»
 * makes the boxes (`boxes/create`, numbers from the box sequence, never reused) and prints
 * exactly those; «Повторная печать» prints the existing boxes of a range, listing the skipped.
 */
export function BoxesSection(props: Omit<SectionProps, 'isManager'>) {
  const { t } = useTranslation('topology');
  const { notifyError, loadValue } = useCallFailures<TopologyCode>(t);
  const countLine = useCountLine();
  const [mode, setMode] = useState<BoxMode>('new');
  const [form, setForm] = useState({
    count: '1',
    size: '',
    numberFrom: '1',
    numberTo: '1',
    copies: '1',
  });
  const [skipped, setSkipped] = useState<number[] | null>(null);
  const sizes = useQuery({
    queryKey: ['topology', 'dimensions'],
    queryFn: () => loadValue(props.calls.dimensions(), 'f-0003'),
    staleTime: 60_000,
  });
  const size =
    sizes.data?.find((type) => String(type.DimensionId) === form.size) ?? sizes.data?.[0];
  const notify = useNotify();
  // A scanned dimension type (DIM-S, DIM-M… of the directory) chooses the size of new boxes,
  // as on /returnable-boxes; any other scan is not this page's and is said to be unknown.
  useScan((scan) => {
    const barcode = scan.text.trim();
    if (!barcode || !sizes.data) return;
    const type = sizes.data.find((item) => item.Barcode === barcode);
    if (!type) {
      notify({ status: 'error', content: t('sizeUnknown', { barcode }) });
      return;
    }
    setMode('new');
    setForm((current) => ({ ...current, size: String(type.DimensionId) }));
    notify({
      status: 'info',
      content: t('sizeScanned', {
        name: type.Name,
        dims: `${type.Length}×${type.Width}×${type.Height}`,
      }),
    });
  });
  const count = wholeNumber(form.count);
  const copies = copiesOf(form.copies);
  const range = { numberFrom: wholeNumber(form.numberFrom), numberTo: wholeNumber(form.numberTo) };
  const rangeCount = countBoxRange({ warehouseNumber: props.warehouse, ...range });
  const labels =
    mode === 'new'
      ? count >= 1 && count <= MAX_NEW_BOXES && !Number.isNaN(copies)
        ? count * copies
        : 0
      : Number.isNaN(copies)
        ? 0
        : rangeCount * copies;
  const canRun =
    !props.isRunning &&
    labels > 0 &&
    labels <= MAX_LABELS_PER_RUN &&
    (mode === 'reprint' ? rangeCount <= TOPOLOGY_MAX_BOXES_PER_CALL : size !== undefined);

  const createAndPrint = useCallAction(
    async () => {
      if (!size) return;
      const made = await callValue(
        props.calls.createBoxes(
          {
            Count: count,
            LengthCm: size.Length,
            WidthCm: size.Width,
            HeightCm: size.Height,
            IsReturnable: false,
          },
          newOperationId(),
        ),
        'f-0003',
      );
      props.startRun(
        boxLabelsOf(
          made.map((box) => ({
            number: box.Number,
            barcode: box.Barcode,
            lengthCm: box.LengthCm,
            widthCm: box.WidthCm,
            heightCm: box.HeightCm,
          })),
          copies,
        ),
      );
    },
    (error) => notifyError(error, 'f-0003'),
  );
  const reprint = useCallAction(
    async () => {
      const found = await callValue(props.calls.boxes(props.warehouse, range), 'f-0004');
      setSkipped(skippedNumbers(range, found));
      props.startRun(boxLabelsOf(found, copies));
    },
    (error) => notifyError(error, 'f-0004'),
  );

  const numberField = (field: 'numberFrom' | 'numberTo') => (
    <label key={field} className={controlStyles.field}>
      {t(field)}
      <input
        className={controlStyles.input}
        data-testid={`topology-box-${field === 'numberFrom' ? 'from' : 'to'}`}
        inputMode="numeric"
        value={form[field]}
        onChange={(event) => setForm({ ...form, [field]: event.target.value })}
      />
    </label>
  );

  return (
    <form
      className={styles.section}
      data-testid="topology-boxes"
      aria-label={t('boxesTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!canRun) return;
        setSkipped(null);
        void (mode === 'new' ? createAndPrint.run() : reprint.run());
      }}
    >
      <h2 className={styles.sectionTitle}>{t('boxesTitle')}</h2>
      <fieldset className={styles.choice}>
        {(['new', 'reprint'] as const).map((item) => (
          <label key={item} className={controlStyles.checkbox}>
            <input
              type="radio"
              name="topology-box-mode"
              data-testid={`topology-box-mode-${item}`}
              checked={mode === item}
              onChange={() => setMode(item)}
            />
            {t(item === 'new' ? 'boxModeNew' : 'boxModeReprint')}
          </label>
        ))}
      </fieldset>
      {mode === 'new' ? (
        <>
          <label className={controlStyles.field}>
            {t('boxCount')}
            <input
              className={controlStyles.input}
              data-testid="topology-box-count-new"
              inputMode="numeric"
              value={form.count}
              onChange={(event) => setForm({ ...form, count: event.target.value })}
            />
          </label>
          <label className={controlStyles.field}>
            {t('boxSize')}
            <select
              className={controlStyles.input}
              data-testid="topology-box-size"
              value={size ? String(size.DimensionId) : ''}
              onChange={(event) => setForm({ ...form, size: event.target.value })}
            >
              {(sizes.data ?? []).map((type) => (
                <option key={type.DimensionId} value={String(type.DimensionId)}>
                  {t('sizeOption', {
                    name: type.Name,
                    dims: `${type.Length}×${type.Width}×${type.Height}`,
                  })}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : (
        <div className={styles.pair}>
          {numberField('numberFrom')}
          {numberField('numberTo')}
        </div>
      )}
      <label className={controlStyles.field}>
        {t('copies')}
        <input
          className={controlStyles.input}
          data-testid="topology-box-copies"
          inputMode="numeric"
          value={form.copies}
          onChange={(event) => setForm({ ...form, copies: event.target.value })}
        />
      </label>
      <p className={styles.count} data-testid="topology-box-count" data-labels={labels}>
        {mode === 'new'
          ? labels === 0
            ? t('countInvalid', { max: MAX_NEW_BOXES })
            : countLine(count, labels, 'boxes')
          : countLine(rangeCount, labels, 'boxes')}
      </p>
      {skipped !== null && skipped.length > 0 ? (
        <p className={styles.count} data-testid="topology-box-skipped">
          {t('skipped', { numbers: skipped.join(', ') })}
        </p>
      ) : null}
      <SubmitButton
        testId="topology-print-boxes"
        label={t(mode === 'new' ? 'createBoxes' : 'printBoxes')}
        disabled={!canRun || createAndPrint.isBusy || reprint.isBusy}
        isPrimary
      />
    </form>
  );
}
