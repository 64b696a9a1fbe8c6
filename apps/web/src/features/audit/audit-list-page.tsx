import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TAuditSession } from '@sorting/contracts';
import { auditFigures, formatAuditPercentage } from '@sorting/domain';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import {
  useLocale,
  useLocalizedPath,
  useNotify,
  useSessionUser,
  useShellServices,
} from '../../shell';
import { ActionBar, ActionButton, ListSection, Page, SubmitButton } from '../../ui';
import { DateRangeFields } from '../../ui/forms/date-range-fields';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { ListTable, RowButton, type ListColumn } from '../../ui/lists/list-table';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { Prompt } from '../../ui/prompt/prompt';
import { auditErrorText } from './audit-errors';
import {
  AUDIT_PAGE_SIZE,
  auditListMachine,
  LAST_AUDIT_SESSION_KEY,
  readLastAuditSession,
  type AuditCalls,
  type AuditListPorts,
  type DayRange,
} from './audit-list.machine';
import { createAuditService } from './audit.service';
import styles from './audit-page.module.css';
import { auditSessionPage } from '../../lib/page-paths';

function formatDateTime(iso: string, locale: 'ru' | 'en'): string {
  return new Date(iso).toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
}

function countOf(session: TAuditSession, state: number): number {
  return session.itemsStatuses.find((status) => status.state === state)?.count ?? 0;
}

/** The audit sessions list over the given calls (spec part 2 §2 view sessionList). */
export function AuditListScreen(props: { calls: AuditCalls; now?: Date }) {
  const { t } = useTranslation('audit');
  const { locale } = useLocale();
  const notify = useNotify();
  const user = useSessionUser();
  const { localStorage } = useShellServices();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const warehouseCode = user?.defaultWarehouseNumber ?? '';
  const userId = user ? Number(user.userId) : null;

  const errorText = useCallback(
    (error: Parameters<typeof auditErrorText>[1]) => auditErrorText(t, error),
    [t],
  );
  const effects = useRef({ notify, errorText, navigate, localize, localStorage });
  useEffect(() => {
    effects.current = { notify, errorText, navigate, localize, localStorage };
  }, [notify, errorText, navigate, localize, localStorage]);

  const [ports] = useState<AuditListPorts>(() => ({
    calls: props.calls,
    createOperationId: newOperationId,
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    readLast: () =>
      readLastAuditSession(effects.current.localStorage?.getItem(LAST_AUDIT_SESSION_KEY) ?? null),
    remember: (sessionId) =>
      effects.current.localStorage?.setItem(
        LAST_AUDIT_SESSION_KEY,
        JSON.stringify({ userId, warehouseCode, sessionId }),
      ),
    forget: () => effects.current.localStorage?.removeItem(LAST_AUDIT_SESSION_KEY),
    open: (sessionId, cell) =>
      void effects.current.navigate(effects.current.localize(auditSessionPage(sessionId)), {
        state: cell === null ? null : { cell },
      }),
  }));
  const { actor, snapshot } = useMachineActor(auditListMachine, {
    ports,
    warehouseCode,
    userId,
    now: props.now ?? new Date(),
  });
  useMachineScans(actor);

  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const sessions = context?.sessions ?? null;
  const page = context?.page ?? 1;
  // The server pages the list (AUDIT_PAGE_SIZE a page); totalCount is every listed session.
  const totalCount = context?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(totalCount / AUDIT_PAGE_SIZE));
  const [range, setRange] = useState<DayRange | null>(null);
  const shownRange = range ?? context?.range ?? { from: '', to: '' };
  const error = context?.error ?? null;

  const columns: ListColumn<TAuditSession>[] = [
    { label: t('columnNumber'), testId: 'session-number', cell: (row) => row.sessionId },
    {
      label: t('columnStart'),
      cell: (row) => formatDateTime(row.startDate, locale),
    },
    { label: t('columnAuthor'), cell: (row) => row.userName ?? '—' },
    {
      label: t('columnEnd'),
      testId: 'session-end',
      cell: (row) => (row.endDate ? formatDateTime(row.endDate, locale) : t('inWork')),
    },
    { label: t('columnCells'), cell: (row) => row.cells.length },
    {
      label: t('columnUnits'),
      cell: (row) => auditFigures(row.itemsStatuses).unitsCount,
    },
    {
      label: t('columnCorrect'),
      testId: 'session-correct',
      cell: (row) =>
        formatAuditPercentage(auditFigures(row.itemsStatuses).correctPercentage, locale),
    },
    {
      label: t('columnStates'),
      cell: (row) =>
        t('statesLine', {
          expected: countOf(row, 0),
          correct: countOf(row, 1),
          surplus: countOf(row, 2),
          missing: countOf(row, 3),
        }),
    },
  ];

  return (
    <Page title={t('title')} testId="audit-list">
      <div className={styles.screen} data-testid="audit-list-screen" data-view="sessionList">
        <Prompt
          main={t('startPrompt')}
          extra={t('startExtra')}
          error={error ? { text: errorText(error), code: error.code } : null}
        />
        <ActionBar>
          <ActionButton
            testId="audit-start"
            label={t('start')}
            disabled={isBusy}
            onClick={() => actor?.send({ type: 'START' })}
          />
          {context?.resumable ? (
            <ActionButton
              testId="audit-resume"
              label={t('resume', { sessionId: context.resumable })}
              disabled={isBusy}
              onClick={() => actor?.send({ type: 'RESUME' })}
            />
          ) : null}
        </ActionBar>
        <form
          className={styles.filter}
          onSubmit={(event) => {
            event.preventDefault();
            if (shownRange.from && shownRange.to && shownRange.from <= shownRange.to) {
              actor?.send({ type: 'RANGE', range: shownRange });
            }
          }}
        >
          <DateRangeFields
            labels={{ from: t('dateFrom'), to: t('dateTo') }}
            testId="audit"
            value={shownRange}
            onChange={setRange}
          />
          <SubmitButton testId="audit-apply" label={t('apply')} disabled={isBusy} />
        </form>
        <ListSection
          title={t('listTitle')}
          isLoading={sessions === null && isBusy}
          failure={
            sessions === null && !isBusy && error
              ? {
                  text: errorText(error),
                  code: error.code,
                  retryTestId: 'audit-retry',
                  onRetry: () => actor?.send({ type: 'RETRY' }),
                }
              : null
          }
          emptyText={sessions !== null && sessions.length === 0 ? t('empty') : null}
          pager={{
            page,
            pages,
            onPage: (next) => actor?.send({ type: 'PAGE', page: next }),
            testId: 'audit-pager',
          }}
        >
          {sessions && sessions.length > 0 ? (
            <ListTable
              testId="audit-sessions"
              total={{ text: t('total', { count: totalCount }), testId: 'audit-total' }}
              columns={columns}
              rows={sessions}
              rowOf={(row) => ({
                key: row.sessionId,
                testId: 'audit-session-row',
                data: { 'data-session-id': row.sessionId },
              })}
              actionsLabel={t('columnActions')}
              actions={(row) => (
                <RowButton
                  testId="audit-open"
                  label={t('open')}
                  ariaLabel={t('openSession', { sessionId: row.sessionId })}
                  onClick={() => ports.open(row.sessionId, null)}
                />
              )}
            />
          ) : null}
        </ListSection>
      </div>
    </Page>
  );
}

/** /audit: the list over the real calls (the user's default warehouse). */
export function AuditListPage() {
  const [calls] = useState(() => createAuditService(api));
  return <AuditListScreen calls={calls} />;
}
