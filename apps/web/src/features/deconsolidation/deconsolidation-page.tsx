import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { TDeconsolidationBox } from '@sorting/contracts';
import { formatCm, formatWeightKg } from '@sorting/domain';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import { useLocale, useNotify, useSessionUser, useSoundPlayer } from '../../shell';
import { ActionBar, ActionButton, Page } from '../../ui';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { ListTable } from '../../ui/lists/list-table';
import { PromptError } from '../../ui/prompt/prompt-error';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import {
  deconsolidationMachine,
  totalWeightGrams,
  type DeconsolidationError,
  type DeconsolidationEvent,
  type DeconsolidationMachine,
  type DeconsolidationPorts,
  type DeconsolidationView,
} from './deconsolidation.machine';
import { createDeconsolidationService, type DeconsolidationCalls } from './deconsolidation.service';
import promptStyles from '../../ui/prompt/prompt.module.css';
import styles from './deconsolidation-page.module.css';
import { topStateOf } from '../../shell/machine/top-state';

type Snapshot = SnapshotFrom<DeconsolidationMachine>;

/** The view of spec part 2 §2 (or a transient one) a snapshot is in (`data-view`). */
export function viewOf(snapshot: Snapshot | null): DeconsolidationView {
  return topStateOf<DeconsolidationView>(snapshot, 'waiting');
}

/** The deconsolidation screen over the given calls (spec part 2 §2, §4, §5, §8). */
export function DeconsolidationScreen(props: { calls: DeconsolidationCalls }) {
  const { t } = useTranslation('deconsolidation');
  const { locale } = useLocale();
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const user = useSessionUser();

  const errorText = useCallback(
    (error: DeconsolidationError): string => {
      const text = t(`store.${error.code.slice('store.'.length) as 'a-000' | 'a-001' | 'a-002'}`, {
        barcode: error.barcode ?? '',
        cell: error.cell ?? '',
      });
      const reason = error.isWrongKind ? t('wrongKind') : error.message;
      return reason ? t('withReason', { text, reason }) : text;
    },
    [t],
  );

  // The machine's effects use the latest translation, toasts and sounds.
  const effects = useRef({ t, notify, sounds, errorText });
  useEffect(() => {
    effects.current = { t, notify, sounds, errorText };
  }, [t, notify, sounds, errorText]);

  const [ports] = useState<DeconsolidationPorts>(() => ({
    loadBox: (input) => props.calls.loadBox(input),
    deconsolidate: (input) => props.calls.deconsolidate(input),
    createOperationId: newOperationId,
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    notifyDone: ({ box, count }) => {
      effects.current.notify({ status: 'ok', content: effects.current.t('done', { box, count }) });
      effects.current.sounds.play('ok-new');
    },
  }));
  const defaultWarehouse = user?.defaultWarehouseNumber ?? null;
  const { actor, snapshot } = useMachineActor(deconsolidationMachine, {
    ports,
    warehouseCode: defaultWarehouse === null ? null : String(defaultWarehouse),
  });
  const send = (event: DeconsolidationEvent) => actor?.send(event);

  useMachineScans(actor);

  const view = viewOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const showsLoader = snapshot?.hasTag('loader') ?? false;
  const error = context?.error ?? null;
  const box = context?.box ?? null;
  const done = context?.done ?? null;
  const hasBox = box !== null && view !== 'waiting' && view !== 'loading' && view !== 'close';

  return (
    <Page title={t('title')} testId="deconsolidation">
      <div
        className={styles.screen}
        data-testid="deconsolidation-screen"
        data-view={view}
        aria-busy={isBusy}
      >
        <section className={promptStyles.prompt} data-testid="prompt">
          {view === 'close' && done ? (
            <p className={promptStyles.main} data-testid="prompt-main">
              {t('done', { box: done.Barcode, count: done.ParcelsCount })}
            </p>
          ) : hasBox ? (
            <p className={promptStyles.main} data-testid="prompt-main">
              {t('box', { name: box.Name, barcode: box.Barcode })}
            </p>
          ) : (
            <>
              <p className={promptStyles.main} data-testid="prompt-main">
                {t('scanTarget')}
              </p>
              <p className={promptStyles.extra}>
                {showsLoader
                  ? t('loading', { barcode: context?.barcode ?? '' })
                  : t('scanTargetExtra')}
              </p>
            </>
          )}
          {error ? <PromptError text={errorText(error)} code={error.code} /> : null}
        </section>

        {showsLoader ? (
          <p className={styles.loader} data-testid="deconsolidation-loader" role="status">
            {t('loading', { barcode: context?.barcode ?? '' })}
          </p>
        ) : null}

        {hasBox ? <BoxInfo box={box} locale={locale} /> : null}

        <ActionBar>
          {hasBox ? (
            <>
              <ActionButton
                testId="deconsolidate"
                label={t('deconsolidate')}
                disabled={view !== 'info'}
                onClick={() => send({ type: 'DECONSOLIDATE' })}
              />
              <ActionButton
                testId="deconsolidation-cancel"
                label={t('cancel')}
                disabled={view !== 'info'}
                onClick={() => send({ type: 'CANCEL' })}
              />
            </>
          ) : null}
          {view === 'close' ? (
            <ActionButton
              testId="deconsolidation-next"
              label={t('next')}
              onClick={() => send({ type: 'NEXT' })}
            />
          ) : null}
        </ActionBar>

        <ConfirmDialog
          isOpen={view === 'confirm' || view === 'deconsolidating'}
          title={t('confirmTitle')}
          confirmLabel={t('confirm')}
          confirmTestId="confirm-deconsolidate"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-deconsolidate"
          isConfirmDisabled={view !== 'confirm'}
          isCancelDisabled={view !== 'confirm'}
          onConfirm={() => send({ type: 'CONFIRMED' })}
          onCancel={() => send({ type: 'CANCELLED' })}
        >
          <p data-testid="confirm-deconsolidate-text">
            {t('confirmText', { box: box?.Barcode ?? '', count: box?.Details.length ?? 0 })}
          </p>
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** The box, its cell and destination, its parcels with sizes and weights, and the totals. */
function BoxInfo(props: { box: TDeconsolidationBox; locale: 'ru' | 'en' }) {
  const { t } = useTranslation('deconsolidation');
  const { box, locale } = props;
  return (
    <section className={styles.info} data-testid="deconsolidation-box" aria-label={t('parcels')}>
      <p data-testid="box-destination">{t('destination', { destination: box.Destination })}</p>
      <p data-testid="box-cell">{t('cell', { name: box.CellName, barcode: box.CellBarcode })}</p>
      <p className={promptStyles.extra}>{box.IsCompleted ? t('completed') : t('notCompleted')}</p>
      <ListTable
        testId="box-details"
        columns={[
          { label: t('columnName'), testId: 'detail-name', cell: (detail) => detail.Name },
          {
            label: t('columnSize'),
            testId: 'detail-size',
            cell: (detail) =>
              detail.Length === null && detail.Width === null && detail.Height === null
                ? formatCm(null)
                : t('size', {
                    length: formatCm(detail.Length),
                    width: formatCm(detail.Width),
                    height: formatCm(detail.Height),
                  }),
          },
          {
            label: t('columnWeight'),
            testId: 'detail-weight',
            cell: (detail) => formatWeightKg(detail.Weight, locale),
          },
        ]}
        rows={box.Details}
        rowOf={(detail) => ({
          key: detail.Id,
          testId: 'box-detail',
          data: { 'data-id': detail.Id },
        })}
      />
      {box.Details.length === 0 ? <p>{t('noParcels')}</p> : null}
      <p className={styles.totals} data-testid="box-totals">
        {t('totals', {
          parcels: box.Details.length,
          weight: formatWeightKg(totalWeightGrams(box), locale),
        })}
      </p>
    </section>
  );
}

/** /deconsolidation: the screen over the real calls (the user's default warehouse). */
export default function DeconsolidationPage() {
  const [calls] = useState(() => createDeconsolidationService(api));
  return <DeconsolidationScreen calls={calls} />;
}
