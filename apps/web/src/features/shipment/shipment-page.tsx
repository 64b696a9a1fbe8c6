import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_PAGE_SIZE, type TOutboundDetail, type TOutboundHead } from '@sorting/contracts';
import {
  dayBounds,
  fromDateInputValue,
  lastDays,
  SHIPMENT_DAYS,
  toDateInputValue,
  toLocalIso,
} from '@sorting/domain';
import { api } from '../../lib/api';
import { CallError, callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import { useLocale, useShellServices } from '../../shell';
import { ListSection, Page } from '../../ui';
import { useCallFailures, useConfirmedCall } from '../../shell/calls/use-calls';
import { ConfirmCallDialog, confirmLabels } from '../../ui/dialog/confirm-dialog';
import { listFailure } from '../../ui/lists/list-section';
import { pagerWithoutTotal } from '../../ui/lists/pager';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import { DateRangeFields } from '../../ui/forms/date-range-fields';
import { DocumentsTabs } from '../../shell/layout/route-tabs';
import { SearchForm } from '../../ui/forms/search-form';
import { ListWithDetails } from '../../ui/lists/list-with-details';
import { createShipmentService, type ShipmentCalls } from './shipment.service';
import styles from './shipment-page.module.css';
import { PAGES } from '../../lib/page-paths';

/** f-codes of the documents store for shipments (spec part 2 §8). */
type ShipmentCode = 'f-0003' | 'f-0004' | 'f-0009' | 'f-0010';

function ShipmentDetails(props: { shipment: TOutboundHead; calls: ShipmentCalls }) {
  const { t } = useTranslation('shipment');
  const { textOf, loadValue } = useCallFailures<ShipmentCode>(t);
  const details = useQuery<TOutboundDetail[], CallError<ShipmentCode>>({
    queryKey: ['shipment', 'details', props.shipment.outboundId],
    queryFn: () => loadValue(props.calls.details(props.shipment.outboundId), 'f-0004'),
    retry: false,
  });
  const rows = details.data ?? null;
  return (
    <div data-testid="shipment-details">
      <ListSection
        title={t('detailsOf', { code: props.shipment.code })}
        isLoading={details.isPending}
        failure={listFailure(details, (error) => textOf(error, 'f-0004'), 'details-retry')}
        emptyText={rows && rows.length === 0 ? t('noDetails') : null}
      >
        {rows && rows.length > 0 ? (
          <ListTable
            testId="shipment-details-list"
            total={{ text: t('total', { count: rows.length }), testId: 'details-total' }}
            columns={[
              { label: t('columnOrder'), cell: (d) => d.orderNumber ?? '—' },
              { label: t('columnName'), cell: (d) => d.name },
              { label: t('columnBox'), cell: (d) => d.boxName ?? '—' },
              { label: t('columnQuantity'), cell: (d) => d.quantity },
            ]}
            rows={rows}
            rowOf={(d) => ({ key: d.outboundDetailId, testId: 'shipment-detail-row', data: {} })}
            actionsLabel={t('columnActions')}
            actions={() => null}
          />
        ) : null}
      </ListSection>
    </div>
  );
}

/** The /shipment screen over the given calls (spec part 2 §2, §3 "Outbound shipment"). */
export function ShipmentScreen(props: { calls: ShipmentCalls }) {
  const { t } = useTranslation('shipment');
  const { locale } = useLocale();
  const { toasts } = useShellServices();
  const queryClient = useQueryClient();
  const { textOf, notifyError, loadValue } = useCallFailures<ShipmentCode>(t);
  const [dates, setDates] = useState(() => {
    const window = lastDays(new Date(), SHIPMENT_DAYS);
    return { from: toDateInputValue(window.begin), to: toDateInputValue(window.end) };
  });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TOutboundHead | null>(null);

  const from = fromDateInputValue(dates.from);
  const to = fromDateInputValue(dates.to);
  const bounds = from && to ? dayBounds(from, to) : null;
  const filter = {
    search,
    dateBegin: bounds ? toLocalIso(bounds.begin) : null,
    dateEnd: bounds ? toLocalIso(bounds.end) : null,
    page,
  };
  const list = useQuery<TOutboundHead[], CallError<ShipmentCode>>({
    queryKey: ['shipment', 'heads', filter],
    queryFn: () => loadValue(props.calls.heads(filter), 'f-0003'),
    retry: false,
  });

  const cleared = useRef<TOutboundHead | null>(null);
  // Part 2 §8: a failed clearing is f-0009 (the integration code's deletion), a shipment the
  // server no longer knows (104) f-0010, and that closes the question and reads the list again.
  const clearing = useConfirmedCall({
    call: (shipment: TOutboundHead) =>
      callValue(props.calls.clearSyncKey(shipment.outboundId, newOperationId()), {
        code: 'f-0009',
        notFound: 'f-0010',
      }),
    onDone: (_answer, shipment) => {
      cleared.current = shipment;
    },
    onError: (error) => notifyError(error, 'f-0009'),
    isGone: (error) => error instanceof CallError && error.code === 'f-0010',
    // Part 2 §8: the list is read again; the row missing afterwards → f-0010.
    refresh: async () => {
      const target = cleared.current;
      cleared.current = null;
      await queryClient.invalidateQueries({ queryKey: ['shipment', 'heads'] });
      const rows = queryClient.getQueryData<TOutboundHead[]>(['shipment', 'heads', filter]);
      if (target && rows && !rows.some((row) => row.outboundId === target.outboundId)) {
        notifyError(null, 'f-0010');
      } else if (target) {
        toasts.notify({ status: 'ok', content: t('cleared', { code: target.code }) });
      }
    },
  });

  const shipments = list.data ?? null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Page title={t('title')} testId="shipment">
      <DocumentsTabs current={PAGES.shipment} translate={t} />
      <div className={styles.filters}>
        <SearchForm
          label={t('search')}
          buttonLabel={t('find')}
          testId="shipment-search"
          submitTestId="shipment-find"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        >
          <DateRangeFields
            labels={{ from: t('dateFrom'), to: t('dateTo') }}
            testId="shipment"
            value={dates}
            onChange={setDates}
          />
        </SearchForm>
      </div>
      <ListWithDetails
        title={t('list')}
        isLoading={list.isPending}
        failure={listFailure(list, (error) => textOf(error, 'f-0003'), 'shipment-retry')}
        rows={shipments}
        emptyText={t('noShipments')}
        pager={pagerWithoutTotal({
          page,
          shown: shipments?.length ?? 0,
          pageSize: DOCUMENTS_PAGE_SIZE,
          onPage: setPage,
          testId: 'shipment-pager',
        })}
        table={{
          testId: 'shipment-list',
          total: { text: t('shown', { count: shipments?.length ?? 0 }), testId: 'shipment-total' },
          columns: [
            { label: t('columnCode'), testId: 'shipment-code', cell: (s) => s.code },
            { label: t('columnName'), cell: (s) => s.name },
            { label: t('columnClient'), cell: (s) => s.clientName },
            {
              label: t('columnCreated'),
              cell: (s) => date.format(new Date(s.createDateUtc)),
            },
            { label: t('columnQuantity'), cell: (s) => s.detailsQuantity },
            {
              label: t('columnState'),
              testId: 'shipment-state',
              cell: (s) => t(`state.${s.state}`),
            },
            {
              label: t('columnSyncKey'),
              testId: 'shipment-sync-key',
              cell: (s) => s.syncKey ?? '—',
            },
          ],
          rowOf: (s) => ({
            key: s.outboundId,
            testId: 'shipment-row',
            data: { 'data-code': s.code },
          }),
          actionsLabel: t('columnActions'),
        }}
        open={{
          testId: 'shipment-open',
          label: t('open'),
          ariaLabel: (s) => t('openShipment', { code: s.code }),
        }}
        actions={(s) =>
          s.syncKey !== null ? (
            <RowButton
              testId="shipment-clear-sync"
              label={t('clearSync')}
              ariaLabel={t('clearSyncOf', { code: s.code })}
              onClick={() => clearing.ask(s)}
            />
          ) : null
        }
        selected={selected}
        onSelect={setSelected}
        details={(shipment) => (
          <ShipmentDetails key={shipment.outboundId} shipment={shipment} calls={props.calls} />
        )}
      />
      <ConfirmCallDialog
        call={clearing}
        testId="clear-sync"
        labels={confirmLabels(t, 'ClearSync')}
        busyLabel={t('clearingSync')}
        text={(shipment) => t('confirmClearSyncText', { code: shipment.code })}
      />
    </Page>
  );
}

/** /shipment: outbound shipments over the real calls. */
export default function ShipmentPage() {
  const [calls] = useState(() => createShipmentService(api));
  return <ShipmentScreen calls={calls} />;
}
