import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PICKING_PAGE_SIZE,
  type TPickingClient,
  type TPickingClientsPage,
} from '@sorting/contracts';
import { formatMoney } from '@sorting/domain';
import { api } from '../../lib/api';
import type { CallError } from '../../lib/call-error';
import { useLocale, useLocalizedPath, useShellServices } from '../../shell';
import { ListSection, Page } from '../../ui';
import { useNavigate } from 'react-router';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { useCallFailures } from '../../shell/calls/use-calls';
import { PromptError } from '../../ui/prompt/prompt-error';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import { SearchForm } from '../../ui/forms/search-form';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { pickingMachine, viewOf } from './picking.machine';
import { deliveryPage } from '../../lib/page-paths';
import { createPickingService, userIdOfSession, type PickingCalls } from './picking.service';
import { usePickingErrorText, usePickingPorts } from './use-picking-ports';
import promptStyles from '../../ui/prompt/prompt.module.css';
import styles from './picking-page.module.css';

/** "в работе: {user}, {time}" of a client whose picking is open. */
function useInWork(): (client: TPickingClient) => string | null {
  const { t } = useTranslation('picking');
  const { locale } = useLocale();
  return (client) => {
    if (client.pickingId === null || client.pickingBeginDateUtc === null) return null;
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
      new Date(client.pickingBeginDateUtc),
    );
    return t('inWork', { user: client.pickingUserName ?? '', time });
  };
}

/**
 * `/picking`, direction select (spec part 1 §4 pickingDirectionSelect): the recipients with
 * parcels in cells, paged by 30 with a search; a scanned parcel barcode or client code, or a
 * row's «Выбрать», opens the recipient's pick-up.
 */
export function PickingDirectionScreen(props: { calls: PickingCalls }) {
  const { t } = useTranslation('picking');
  const ports = usePickingPorts(props.calls);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const errorText = usePickingErrorText();
  const inWork = useInWork();
  const { actor, snapshot } = useMachineActor(pickingMachine, { ports, clientCode: null });
  useMachineScans(actor);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { textOf, loadValue } = useCallFailures<'f-0001'>(t);

  const list = useQuery<TPickingClientsPage, CallError<'f-0001'>>({
    queryKey: ['picking', 'clients', page, search],
    queryFn: () => loadValue(props.calls.listClients({ page, search }), 'f-0001'),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const error = snapshot?.context.error ?? null;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / PICKING_PAGE_SIZE)) : 1;
  const isBusy = snapshot?.hasTag('busy') ?? true;

  return (
    <Page title={t('title')} testId="picking">
      <div
        className={styles.screen}
        data-testid="picking-screen"
        data-view={viewOf(snapshot)}
        aria-busy={isBusy || list.isFetching}
      >
        <section className={promptStyles.prompt} data-testid="prompt">
          <p className={promptStyles.main} data-testid="prompt-main">
            {t('scanClient')}
          </p>
          <p className={promptStyles.extra}>{t('scanClientExtra')}</p>
          {error ? <PromptError text={errorText(error)} code={error.code} /> : null}
        </section>

        <SearchForm
          label={t('search')}
          buttonLabel={t('searchButton')}
          testId="picking-search"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />

        <ListSection
          title={t('clients')}
          isLoading={list.isPending}
          failure={listFailure(list, (failure) => textOf(failure, 'f-0001'), 'picking-retry')}
          emptyText={
            data && data.items.length === 0
              ? search === ''
                ? t('noClients')
                : t('noMatch', { search })
              : null
          }
          pager={{ page, pages, onPage: setPage, testId: 'picking-pager' }}
        >
          {data ? (
            <ListTable
              testId="picking-clients"
              total={{ text: t('total', { count: data.totalCount }), testId: 'picking-total' }}
              columns={[
                {
                  label: t('columnClient'),
                  testId: 'client-name',
                  cell: (client) => (
                    <>
                      {client.clientName}
                      {client.deliveryType === 'PVZ' ? (
                        <span className={styles.badge} data-testid="client-pvz">
                          {t('pvz')}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: t('columnCode'),
                  testId: 'client-code',
                  cell: (client) => client.clientCode,
                },
                {
                  label: t('columnParcels'),
                  testId: 'client-parcels',
                  cell: (client) => t('parcels', { count: client.parcelsCount }),
                },
                {
                  label: t('columnCashOnDelivery'),
                  testId: 'client-cod',
                  cell: (client) => formatMoney(client.cashOnDelivery),
                },
                {
                  label: t('columnInWork'),
                  testId: 'client-in-work',
                  cell: (client) => inWork(client) ?? '',
                },
              ]}
              rows={data.items}
              rowOf={(client) => ({
                key: client.clientCode,
                testId: 'picking-client',
                data: { 'data-code': client.clientCode },
              })}
              actionsLabel={t('columnActions')}
              actions={(client) => (
                <RowButton
                  testId="choose-client"
                  label={t('choose')}
                  ariaLabel={t('chooseClient', { name: client.clientName })}
                  onClick={() => {
                    // Part 1 §4: an open picking with a delivery goes to its delivery page.
                    // Viewing never moves LAST_PICKING_RECIPIENT: the page is told whose it is.
                    if (client.pickingId !== null && client.deliveryId !== null) {
                      void navigate(localize(deliveryPage(client.pickingId)), {
                        state: { recipient: client.clientCode },
                      });
                      return;
                    }
                    actor?.send({ type: 'CHOOSE', clientCode: client.clientCode });
                  }}
                />
              )}
            />
          ) : null}
        </ListSection>
      </div>
    </Page>
  );
}

/** /picking: the direction select over the real calls. */
export default function PickingPage() {
  const { session } = useShellServices();
  const [calls] = useState(() =>
    createPickingService(api, () => userIdOfSession(session.getUser())),
  );
  return <PickingDirectionScreen calls={calls} />;
}
