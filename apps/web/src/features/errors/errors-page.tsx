import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TErrorReportGroup, TErrorReportsPage } from '@sorting/contracts';
import { api } from '../../lib/api';
import type { CallCodes, CallError } from '../../lib/call-error';
import { ListSection, Page } from '../../ui';
// Not through the shell's index: only lazy pages use them, so they stay out of the first screen.
import { useCallFailures } from '../../shell/calls/use-calls';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable } from '../../ui/lists/list-table';
import { createErrorReportsService, type ErrorReportsCalls } from './errors.service';
import styles from './errors-page.module.css';

// /errors (ours; docs/DECISIONS.md "Error reporting"): what the screens and the server
// reported, grouped by f-code or exception type, newest first, 40 groups a page.

type ErrorsCode = 'f-001' | 'f-007';

/** 401 or 403 is «only an administrator»; anything else the load failure. */
const codes: CallCodes<ErrorsCode> = { code: 'f-001', denied: 'f-007' };

/** A moment as the worker's locale writes it (date and time to the minute). */
function moment(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
}

export function ErrorsScreen(props: { calls: ErrorReportsCalls }) {
  const { t, i18n } = useTranslation('errors');
  const [page, setPage] = useState(1);
  const { textOf, loadValue } = useCallFailures<ErrorsCode>(t);
  const list = useQuery<TErrorReportsPage, CallError<ErrorsCode>>({
    queryKey: ['errors', 'list', page],
    queryFn: () => loadValue(props.calls.list(page), codes),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const unknown = t('unknown');
  const group = (row: TErrorReportGroup) => (
    <>
      <span className={styles.code} data-testid="error-group-key">
        {row.fCode ?? row.exceptionType ?? unknown}
      </span>
      {row.message ? <span className={styles.muted}> · {row.message}</span> : null}
      <span className={styles.muted}>
        {' '}
        · {t(`platform_${row.platform === 'node' ? 'node' : 'javascript'}`)}
      </span>
    </>
  );
  return (
    <Page title={t('title')} testId="errors-page">
      <div className={styles.screen} data-testid="errors-screen" aria-busy={list.isFetching}>
        <p>{t('intro')}</p>
        <ListSection
          title={t('list')}
          isLoading={list.isPending}
          failure={listFailure(list, (error) => textOf(error, 'f-001'), 'errors-retry')}
          emptyText={data && data.groups.length === 0 ? t('noReports') : null}
          pager={{ page, pages, onPage: setPage, testId: 'errors-pager' }}
        >
          {data && data.groups.length > 0 ? (
            <ListTable
              testId="errors-list"
              total={{ text: t('total', { count: data.total }), testId: 'errors-total' }}
              columns={[
                { label: t('columnGroup'), cell: group },
                { label: t('columnCount'), testId: 'error-group-count', cell: (row) => row.count },
                {
                  label: t('columnSeen'),
                  cell: (row) =>
                    t('seen', {
                      first: moment(row.firstSeen, i18n.language),
                      last: moment(row.lastSeen, i18n.language),
                    }),
                },
                {
                  label: t('columnContext'),
                  testId: 'error-group-context',
                  cell: (row) => (
                    <>
                      {t('context', {
                        user: row.userId ?? unknown,
                        warehouse: row.warehouseId ?? unknown,
                        route: row.route ?? unknown,
                        version: row.appVersion ?? unknown,
                      })}
                      {row.requestId ? (
                        <span className={styles.code} data-testid="error-group-request">
                          {' · '}
                          {t('requestId', { id: row.requestId })}
                        </span>
                      ) : null}
                    </>
                  ),
                },
              ]}
              rows={data.groups}
              rowOf={(row) => ({
                key: row.groupKey,
                testId: 'error-group',
                data: { 'data-group': row.groupKey },
              })}
            />
          ) : null}
        </ListSection>
      </div>
    </Page>
  );
}

/** /errors over the real call. */
export default function ErrorsPage() {
  const [calls] = useState(() => createErrorReportsService(api));
  return <ErrorsScreen calls={calls} />;
}
