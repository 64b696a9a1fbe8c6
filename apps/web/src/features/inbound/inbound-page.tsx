import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_PAGE_SIZE, type TInboundHead } from '@sorting/contracts';
import {
  dayBounds,
  defaultWindowOfGroup,
  fromDateInputValue,
  lastDays,
  statesOfGroup,
  supplyCounters,
  SUPPLY_COUNT_DAYS,
  SUPPLY_GROUPS,
  toDateInputValue,
  toLocalIso,
  type SupplyGroup,
} from '@sorting/domain';
import { api } from '../../lib/api';
import type { CallError } from '../../lib/call-error';
import { callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import {
  type PrintOutcome,
  type PrintRequest,
  useLocale,
  usePrint,
  useScan,
  useShellServices,
} from '../../shell';
import { controlStyles, Page } from '../../ui';
import { useCallAction, useCallFailures, useConfirmedCall } from '../../shell/calls/use-calls';
import { ConfirmCallDialog, confirmLabels } from '../../ui/dialog/confirm-dialog';
import { listFailure } from '../../ui/lists/list-section';
import { pagerWithoutTotal } from '../../ui/lists/pager';
import { RowButton } from '../../ui/lists/list-table';
import { DateRangeFields } from '../../ui/forms/date-range-fields';
import { DocumentsTabs } from '../../shell/layout/route-tabs';
import { SearchForm } from '../../ui/forms/search-form';
import { ListWithDetails } from '../../ui/lists/list-with-details';
import { createInboundService, type InboundCalls } from './inbound.service';
import type { InboundCode } from './inbound-codes';
import { SupplyDetails } from './supply-details';
import styles from './inbound-page.module.css';
import { PAGES } from '../../lib/page-paths';

const GROUPS: readonly SupplyGroup[] = [
  SUPPLY_GROUPS.expected,
  SUPPLY_GROUPS.work,
  SUPPLY_GROUPS.archive,
];

/** The group's default dates as the inputs show them (none for the expected group). */
function defaultDates(group: SupplyGroup): { from: string; to: string } {
  const window = defaultWindowOfGroup(group, new Date());
  return window
    ? { from: toDateInputValue(window.begin), to: toDateInputValue(window.end) }
    : { from: '', to: '' };
}

/** The supply states a row may be archived in (part 2 §4: 2, 4, 5). */
const isInWork = (supply: TInboundHead) => supply.state !== 1 && supply.state !== 3;

/** Stickering is offered when the supply needs it and it is not disabled (part 2 §2). */
const canSticker = (supply: TInboundHead) =>
  supply.properties.isNeedStickering && !supply.properties.isStickeringDisabled;

/** The /inbound screen over the given calls and printer (spec part 2 §2 "Inbound"). */
export function InboundScreen(props: {
  calls: InboundCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
  openWindow: (url: string) => { location: { href: string } } | null;
}) {
  const { t } = useTranslation('inbound');
  const { locale } = useLocale();
  const { toasts, sounds } = useShellServices();
  const queryClient = useQueryClient();
  const { textOf, notifyError, loadValue } = useCallFailures<InboundCode>(t);
  const [group, setGroup] = useState<SupplyGroup>(SUPPLY_GROUPS.expected);
  const [dates, setDates] = useState(() => defaultDates(SUPPLY_GROUPS.expected));
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TInboundHead | null>(null);

  const countRange = lastDays(new Date(), SUPPLY_COUNT_DAYS);
  const counts = useQuery({
    queryKey: ['inbound', 'counts'],
    queryFn: () =>
      callValue(
        props.calls.counts({
          dateBegin: toLocalIso(countRange.begin),
          dateEnd: toLocalIso(countRange.end),
        }),
        'f-0001',
      ),
    retry: false,
  });
  const counters = counts.data ? supplyCounters(counts.data) : null;

  const from = fromDateInputValue(dates.from);
  const to = fromDateInputValue(dates.to);
  const bounds = from && to ? dayBounds(from, to) : null;
  const filter = {
    states: statesOfGroup(group),
    search,
    dateBegin: group === SUPPLY_GROUPS.expected || !bounds ? null : toLocalIso(bounds.begin),
    dateEnd: group === SUPPLY_GROUPS.expected || !bounds ? null : toLocalIso(bounds.end),
    page,
  };
  const list = useQuery<TInboundHead[], CallError<InboundCode>>({
    queryKey: ['inbound', 'heads', filter],
    queryFn: () => loadValue(props.calls.heads(filter), 'f-0001'),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['inbound'] });

  const chooseGroup = (next: SupplyGroup) => {
    setGroup(next);
    setDates(defaultDates(next));
    setPage(1);
    setSelected(null);
  };
  // A scan searches too (part 2 §2): a parcel barcode finds its supply.
  useScan((scan) => {
    const text = scan.text.trim();
    if (!text) return;
    setSearchText(text);
    setSearch(text);
    setPage(1);
  });

  const archiving = useConfirmedCall({
    call: (supply: TInboundHead) =>
      callValue(props.calls.close(supply.inboundId, newOperationId()), 'f-0007'),
    onDone: (_closed, supply) => {
      toasts.notify({ status: 'ok', content: t('f-0006', { code: supply.code }) });
      sounds.play('ok-new');
      if (selected?.inboundId === supply.inboundId) setSelected(null);
    },
    onError: (error) => notifyError(error, 'f-0007'),
    refresh,
  });

  // Part 2 §4: the window opens at once (a popup blocker allows only that), empty id while
  // loading; then it gets the receipt place id, or -1.
  const stickering = useCallAction(
    async (supply: TInboundHead) => {
      const url = (id: string) =>
        `/${locale}/stickering-redirect-catch?receiptPlaceDocumentId=${encodeURIComponent(id)}`;
      const target = props.openWindow(url(''));
      let id = '-1';
      try {
        id = String(await callValue(props.calls.receiptPlaceId(supply.inboundId), 'f-0012'));
      } finally {
        if (target) target.location.href = url(id);
      }
    },
    (error) => notifyError(error, 'f-0012'),
  );

  const supplies = list.data ?? null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const groupLabel = (value: SupplyGroup) => {
    if (value === SUPPLY_GROUPS.expected) {
      return t('groupExpected', { count: counters?.inExpectedCount ?? 0 });
    }
    if (value === SUPPLY_GROUPS.work) return t('groupWork', { count: counters?.inWorkCount ?? 0 });
    return t('groupArchive');
  };

  return (
    <Page title={t('title')} testId="inbound">
      <DocumentsTabs current={PAGES.inbound} translate={t} />
      <div className={styles.groups} role="group" aria-label={t('groups')}>
        {GROUPS.map((value) => (
          <button
            key={value}
            type="button"
            className={value === group ? controlStyles.primary : controlStyles.button}
            aria-pressed={value === group}
            data-testid={`group-${value}`}
            onClick={() => chooseGroup(value)}
          >
            {groupLabel(value)}
          </button>
        ))}
      </div>
      <div className={styles.filters}>
        <SearchForm
          label={t('search')}
          buttonLabel={t('find')}
          testId="inbound-search"
          submitTestId="inbound-find"
          text={searchText}
          onText={setSearchText}
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        >
          {group !== SUPPLY_GROUPS.expected ? (
            <DateRangeFields
              labels={{ from: t('dateFrom'), to: t('dateTo') }}
              testId="inbound"
              value={dates}
              onChange={setDates}
            />
          ) : null}
        </SearchForm>
      </div>
      <ListWithDetails
        title={t('list')}
        isLoading={list.isPending}
        failure={listFailure(list, (error) => textOf(error, 'f-0001'), 'inbound-retry')}
        rows={supplies}
        emptyText={t('noSupplies')}
        pager={pagerWithoutTotal({
          page,
          shown: supplies?.length ?? 0,
          pageSize: DOCUMENTS_PAGE_SIZE,
          onPage: setPage,
          testId: 'inbound-pager',
        })}
        table={{
          testId: 'inbound-list',
          total: { text: t('shown', { count: supplies?.length ?? 0 }), testId: 'inbound-total' },
          columns: [
            { label: t('columnCode'), testId: 'supply-code', cell: (s) => s.code },
            { label: t('columnDocument'), cell: (s) => s.properties.documentNumber ?? '—' },
            { label: t('columnSender'), cell: (s) => s.name },
            {
              label: t('columnCreated'),
              cell: (s) => date.format(new Date(s.createDateUtc)),
            },
            {
              label: t('columnArrived'),
              cell: (s) => (s.arrivalDateUtc ? date.format(new Date(s.arrivalDateUtc)) : '—'),
            },
            {
              label: t('columnReceived'),
              testId: 'supply-received',
              cell: (s) => `${s.properties.quantityReceipted}/${s.detailsQuantity}`,
            },
            {
              label: t('columnState'),
              testId: 'supply-state',
              cell: (s) => t(`state.${s.state}`),
            },
            {
              label: t('columnDocuments'),
              cell: (s) =>
                s.properties.documents.map((document) => document.number).join(', ') || '—',
            },
          ],
          rowOf: (s) => ({
            key: s.inboundId,
            testId: 'supply-row',
            data: { 'data-code': s.code, 'data-state': s.state },
          }),
          actionsLabel: t('columnActions'),
        }}
        open={{
          testId: 'supply-open',
          label: t('open'),
          ariaLabel: (s) => t('openSupply', { code: s.code }),
        }}
        actions={(s) => (
          <>
            {isInWork(s) ? (
              <RowButton
                testId="supply-archive"
                label={t('archive')}
                ariaLabel={t('archiveSupply', { code: s.code })}
                onClick={() => archiving.ask(s)}
              />
            ) : null}
            {canSticker(s) ? (
              <RowButton
                testId="supply-sticker"
                label={stickering.isBusy ? t('f-0008') : t('sticker')}
                ariaLabel={t('stickerSupply', { code: s.code })}
                disabled={stickering.isBusy}
                onClick={() => void stickering.run(s)}
              />
            ) : null}
          </>
        )}
        selected={selected}
        onSelect={setSelected}
        details={(supply) => (
          <SupplyDetails
            key={supply.inboundId}
            supply={supply}
            calls={props.calls}
            print={props.print}
            onClose={() => setSelected(null)}
            onStickered={() => void refresh()}
          />
        )}
      />
      <ConfirmCallDialog
        call={archiving}
        testId="archive"
        labels={confirmLabels(t, 'Archive')}
        busyLabel={t('f-0005')}
        text={(supply) => t('confirmArchiveText', { code: supply.code })}
      />
    </Page>
  );
}

/** /inbound: supplies over the real calls, the printer and a new window for stickering. */
export default function InboundPage() {
  const print = usePrint();
  const [calls] = useState(() => createInboundService(api));
  return (
    <InboundScreen calls={calls} print={print} openWindow={(url) => window.open(url, '_blank')} />
  );
}
