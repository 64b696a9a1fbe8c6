import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  labelParametersOf,
  type TInboundDetail,
  type TInboundDetailLabel,
  type TInboundHead,
} from '@sorting/contracts';
import type { CallError } from '../../lib/call-error';
import { callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import { type PrintOutcome, type PrintRequest } from '../../shell';
import { ListSection } from '../../ui';
import { useCallFailures } from '../../shell/calls/use-calls';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import { BREAKPOINTS } from '../../ui/page/breakpoints';
import type { InboundCalls } from './inbound.service';
import type { InboundCode } from './inbound-codes';

/**
 * The details of a supply (part 2 §4: by state, received ones last) with "Печать этикетки"
 * per detail: the label JSON → the printer → once printed, `PUT …/stickered`. A failed label
 * sets the row's retry flag (part 2 §8 f-0011).
 */
export function SupplyDetails(props: {
  supply: TInboundHead;
  calls: InboundCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
  onClose: () => void;
  onStickered: () => void;
}) {
  const { t } = useTranslation('inbound');
  const queryClient = useQueryClient();
  const { textOf, notifyError, loadValue } = useCallFailures<InboundCode>(t);
  const [printing, setPrinting] = useState<number | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const key = ['inbound', 'details', props.supply.inboundId];
  const details = useQuery<TInboundDetail[], CallError<InboundCode>>({
    queryKey: key,
    queryFn: () => loadValue(props.calls.details(props.supply.inboundId), 'f-0002'),
    retry: false,
  });

  const markFailed = (id: number, isFailed: boolean) =>
    setFailed((current) => {
      const next = new Set(current);
      if (isFailed) next.add(id);
      else next.delete(id);
      return next;
    });

  const onPrint = async (detail: TInboundDetail) => {
    if (printing !== null) return;
    setPrinting(detail.inboundDetailId);
    try {
      const text = await callValue(props.calls.label(detail.inboundDetailId), 'f-0011');
      const label = JSON.parse(text) as TInboundDetailLabel;
      const outcome = await props.print({
        barcodeName: label.barcodeName,
        barcodeData: labelParametersOf(label.barcodeData),
        copies: 1,
      });
      // Unavailable and failed prints are toasted by the printer itself.
      if (outcome.status !== 'printed') {
        markFailed(detail.inboundDetailId, true);
        return;
      }
      await callValue(props.calls.stickered(detail.inboundDetailId, newOperationId()), 'f-0011');
      markFailed(detail.inboundDetailId, false);
      await queryClient.invalidateQueries({ queryKey: key });
      props.onStickered();
    } catch (error) {
      markFailed(detail.inboundDetailId, true);
      notifyError(error, 'f-0011');
    } finally {
      setPrinting(null);
    }
  };

  // Below the desktop width the details are under the whole list (part 2 §2): «Открыть»
  // brings them into view; at any width the focus moves to them (keyboard, screen reader).
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const isStacked =
      typeof window.matchMedia === 'function' &&
      window.matchMedia(`(max-width: ${BREAKPOINTS.desktop - 1}px)`).matches;
    if (isStacked && typeof element.scrollIntoView === 'function') {
      element.scrollIntoView({ block: 'start' });
    }
  }, []);

  const rows = details.data ?? null;
  return (
    <section
      ref={region}
      tabIndex={-1}
      data-testid="supply-details"
      aria-label={t('detailsOf', { code: props.supply.code })}
    >
      <ListSection
        title={t('detailsOf', { code: props.supply.code })}
        isLoading={details.isPending}
        failure={listFailure(details, (error) => textOf(error, 'f-0002'), 'details-retry')}
        emptyText={rows && rows.length === 0 ? t('noDetails') : null}
      >
        {rows && rows.length > 0 ? (
          <ListTable
            testId="details-list"
            total={{ text: t('total', { count: rows.length }), testId: 'details-total' }}
            columns={[
              { label: t('columnBarcode'), testId: 'detail-barcode', cell: (d) => d.barcode },
              { label: t('columnName'), cell: (d) => d.name },
              {
                label: t('columnDetail'),
                cell: (d) =>
                  [d.properties.makeName, d.properties.detailNumber].filter(Boolean).join(' '),
              },
              { label: t('columnOrder'), cell: (d) => d.properties.orderNumber ?? '—' },
              { label: t('columnQuantity'), cell: (d) => d.properties.quantity },
              { label: t('columnBox'), cell: (d) => d.boxName ?? '—' },
              {
                label: t('columnState'),
                testId: 'detail-state',
                cell: (d) => t(`detailState.${d.state}`),
              },
            ]}
            rows={rows}
            rowOf={(d) => ({
              key: d.inboundDetailId,
              testId: 'detail-row',
              data: {
                'data-barcode': d.barcode,
                'data-state': d.state,
                'data-failed': failed.has(d.inboundDetailId) ? 'true' : 'false',
              },
            })}
            actionsLabel={t('columnActions')}
            // A cancelled detail (4) gets no label: nothing of it is received.
            actions={(d) =>
              d.state === 4 ? null : (
                <RowButton
                  testId="detail-print"
                  label={
                    printing === d.inboundDetailId
                      ? t('printing')
                      : failed.has(d.inboundDetailId)
                        ? t('printAgain')
                        : t('printLabel')
                  }
                  ariaLabel={t('printLabelOf', { barcode: d.barcode })}
                  disabled={printing !== null}
                  onClick={() => void onPrint(d)}
                />
              )
            }
          />
        ) : null}
      </ListSection>
      <button type="button" data-testid="details-close" onClick={props.onClose}>
        {t('closeDetails')}
      </button>
    </section>
  );
}
