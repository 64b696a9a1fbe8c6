import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENTS_ROUTES,
  labelParametersOf,
  type TInboundDetail,
  type TInboundDetailLabel,
} from '@sorting/contracts';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import { usePrint, useShellServices } from '../../shell';
import { ActionButton, Page } from '../../ui';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import {
  needsLabel,
  stickeringMachine,
  type LabelOutcome,
  type StickeringPorts,
} from './stickering.machine';
import styles from './stickering-page.module.css';

/** Part 2 §8: no receipt place found. */
const NOT_FOUND_CODE = 'f-0012';

/** /stickering-redirect-catch?receiptPlaceDocumentId={id}: the stickering window. */
export default function StickeringPage() {
  const { t } = useTranslation('stickering-redirect-catch');
  const [params] = useSearchParams();
  const { toasts, sounds } = useShellServices();
  const print = usePrint();

  const effects = useRef({ t, toasts, sounds, print });
  useEffect(() => {
    effects.current = { t, toasts, sounds, print };
  }, [t, toasts, sounds, print]);

  const [ports] = useState<StickeringPorts>(() => ({
    loadPlace: (id) => api.call(DOCUMENTS_ROUTES.receiptPlace, { params: { id } }),
    printLabel: async (detail: TInboundDetail): Promise<LabelOutcome> => {
      const json = await api.call(DOCUMENTS_ROUTES.inboundDetailLabel, {
        params: { inboundDetailId: detail.inboundDetailId },
      });
      if (!json.isSuccess || json.operationObject === null) return 'failed';
      const label = JSON.parse(json.operationObject) as TInboundDetailLabel;
      const outcome = await effects.current.print({
        barcodeName: label.barcodeName,
        barcodeData: labelParametersOf(label.barcodeData),
        copies: 1,
      });
      if (outcome.status === 'unavailable') return 'unavailable';
      if (outcome.status !== 'printed') return 'failed';
      const marked = await api.call(DOCUMENTS_ROUTES.inboundDetailStickered, {
        params: { inboundDetailId: detail.inboundDetailId },
        operationId: newOperationId(),
      });
      return marked.isSuccess ? 'printed' : 'failed';
    },
    notifyError: (code, detail) => {
      const { t: translate } = effects.current;
      const content =
        code === 'unknownDetail'
          ? translate('unknownDetail', { barcode: detail ?? '' })
          : translate(code);
      effects.current.toasts.notify({ status: 'error', content });
      effects.current.sounds.play('err');
    },
    notifyDone: (count) => {
      effects.current.toasts.notify({
        status: 'ok',
        content: effects.current.t('done', { count }),
      });
      effects.current.sounds.play('ok-new');
    },
  }));
  const { actor, snapshot } = useMachineActor(stickeringMachine, {
    ports,
    id: params.get('receiptPlaceDocumentId') ?? '',
  });
  useMachineScans(actor);

  const view = snapshot?.value;
  const context = snapshot?.context;
  const place = context?.place ?? null;
  const details = place?.inbound.details ?? [];
  const isPrinting = snapshot?.matches('printing') ?? false;

  return (
    <Page title={t('title')} testId="stickering">
      <div data-testid="stickering-view" data-view={typeof view === 'string' ? view : 'printing'}>
        {view === 'waiting' || view === 'loading' || view === 'start' ? (
          <p data-testid="stickering-loading">{t('loading')}</p>
        ) : null}
        {view === 'notFound' ? (
          <div role="alert" data-testid="stickering-not-found">
            <p>
              {t('f-0012')} <small>{NOT_FOUND_CODE}</small>
            </p>
            <ActionButton
              testId="stickering-close"
              label={t('close')}
              onClick={() => window.close()}
            />
          </div>
        ) : null}
        {place ? (
          <>
            <p data-testid="stickering-supply">
              {t('supply', { code: place.inbound.code, sender: place.inbound.name })}
            </p>
            <p>{t('scanHint')}</p>
            <ActionButton
              testId="stickering-print-all"
              label={t('printAll')}
              disabled={isPrinting || !details.some(needsLabel)}
              onClick={() => actor?.send({ type: 'PRINT_ALL' })}
              isPrimary
            />
            {isPrinting && context ? (
              <p data-testid="stickering-progress" aria-live="polite">
                {t('progress', { done: context.done, total: context.queue.length })}
              </p>
            ) : null}
            <ul className={styles.details} data-testid="stickering-details">
              {details.map((detail) => (
                <li
                  key={detail.inboundDetailId}
                  data-testid="stickering-detail"
                  data-barcode={detail.barcode}
                  data-state={detail.state}
                >
                  {t('detail', {
                    barcode: detail.barcode,
                    name: detail.name,
                    state: t(`detailState.${detail.state}`),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Page>
  );
}
