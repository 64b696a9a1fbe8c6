import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { TAuditSession, TAuditSessions, TAuditStarted } from '@sorting/contracts';
import { isAuditCellScan, recognizeBarcode } from '@sorting/domain';
import type { AuditCalls, AuditError, CallResult, LastAuditSession } from './audit.model';

export * from './audit.model';

/** Sessions shown per page of the list (spec part 2 §9 paging habit). */
export const AUDIT_PAGE_SIZE = 40;

/** Spec part 2 §9 habit (issue 22): today and the 6 days before. */
export const AUDIT_DEFAULT_DAYS = 7;

/** A date range of local calendar days, `YYYY-MM-DD` each. */
export interface DayRange {
  from: string;
  to: string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD` of a local date. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today and the 6 days before, local. */
export function defaultRange(now: Date): DayRange {
  const from = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - (AUDIT_DEFAULT_DAYS - 1),
  );
  return { from: localDay(from), to: localDay(now) };
}

/** ISO 8601 with the local offset of a local day's time, e.g. `2026-03-02T00:00:00+03:00`. */
function localInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes, seconds] = time.split(':').map(Number);
  const local = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, hours, minutes, seconds);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${day}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Spec part 2 §9 habit: the range from local 00:00:00 to local 23:59:59. */
export function rangeInstants(range: DayRange): { dateFrom: string; dateTo: string } {
  return {
    dateFrom: localInstant(range.from, '00:00:00'),
    dateTo: localInstant(range.to, '23:59:59'),
  };
}

/** The list's ports: the calls, the record and where a started session opens. */
export interface AuditListPorts {
  calls: Pick<AuditCalls, 'sessions' | 'start'>;
  createOperationId(): string;
  notifyError(error: AuditError): void;
  readLast(): LastAuditSession | null;
  remember(sessionId: number): void;
  forget(): void;
  /** Opens /audit/{sessionId}; `cell` is opened there first. */
  open(sessionId: number, cell: string | null): void;
}

export interface AuditListInput {
  ports: AuditListPorts;
  warehouseCode: string;
  userId: number | null;
  now: Date;
}

export interface AuditListContext {
  ports: AuditListPorts;
  warehouseCode: string;
  userId: number | null;
  range: DayRange;
  sessions: TAuditSession[] | null;
  page: number;
  /** The unfinished session of the last-session record, offered to continue. */
  resumable: number | null;
  /** The cell scanned to start a session. */
  firstCell: string | null;
  error: AuditError | null;
}

export type AuditListEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'START' }
  | { type: 'RANGE'; range: DayRange }
  | { type: 'PAGE'; page: number }
  | { type: 'RESUME' }
  | { type: 'RETRY' };

/**
 * The record's session when it is this user's and warehouse's and still unfinished (unfinished
 * sessions are always listed); null otherwise.
 */
export function resumableOf(
  record: LastAuditSession | null,
  sessions: readonly TAuditSession[],
  userId: number | null,
  warehouseCode: string,
): { sessionId: number | null; isStale: boolean } {
  if (!record || record.userId !== userId || record.warehouseCode !== warehouseCode) {
    return { sessionId: null, isStale: false };
  }
  const session = sessions.find((candidate) => candidate.sessionId === record.sessionId);
  return session && session.endDate === null
    ? { sessionId: session.sessionId, isStale: false }
    : { sessionId: null, isStale: true };
}

/**
 * The audit sessions list (spec part 2 §2 view sessionList; §4 "if starting a session fails,
 * the user goes to /audit"; docs/DECISIONS.md "Audit"): the date filter, sessions newest first
 * paged 40, «Начать инвентаризацию» or a cell scan starts a session, «Продолжить сессию N».
 */
export const auditListMachine = setup({
  types: {
    input: {} as AuditListInput,
    context: {} as AuditListContext,
    events: {} as AuditListEvent,
  },
  actors: {
    loadSessions: fromPromise<CallResult<TAuditSessions>, { context: AuditListContext }>(
      ({ input }) =>
        input.context.ports.calls.sessions({
          warehouseCode: input.context.warehouseCode,
          ...rangeInstants(input.context.range),
        }),
    ),
    startSession: fromPromise<CallResult<TAuditStarted>, { context: AuditListContext }>(
      ({ input }) =>
        input.context.ports.calls.start({
          warehouseCode: input.context.warehouseCode,
          operationId: input.context.ports.createOperationId(),
        }),
    ),
  },
  actions: {
    showError: enqueueActions(({ context, enqueue }, error: AuditError) => {
      enqueue.assign({ error });
      enqueue(() => context.ports.notifyError(error));
    }),
  },
}).createMachine({
  id: 'auditList',
  initial: 'loading',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode,
    userId: input.userId,
    range: defaultRange(input.now),
    sessions: null,
    page: 1,
    resumable: null,
    firstCell: null,
    error: null,
  }),
  states: {
    /** POST …/Sessions/get over the range. */
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSessions',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: ({ event }) => event.output.isSuccess && event.output.operationObject !== null,
            target: 'ready',
            actions: [
              assign(({ context, event }) => {
                const sessions = event.output.operationObject!.sessions;
                const { sessionId, isStale } = resumableOf(
                  context.ports.readLast(),
                  sessions,
                  context.userId,
                  context.warehouseCode,
                );
                if (isStale) context.ports.forget();
                return { sessions, page: 1, resumable: sessionId, error: null };
              }),
            ],
          },
          {
            target: 'ready',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                code: 'store.a-007',
                message: event.output.message,
                errorCode: event.output.errorCode,
              }),
            },
          },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'showError', params: { code: 'store.a-007', message: null } },
        },
      },
    },

    ready: {
      on: {
        SCANNED: [
          { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
          {
            guard: ({ event }) => isAuditCellScan(recognizeBarcode(event.text).raw),
            target: 'starting',
            actions: assign({ firstCell: ({ event }) => recognizeBarcode(event.text).raw }),
          },
          {
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                code: 'store.a-008',
                barcode: recognizeBarcode(event.text).raw,
                message: null,
              }),
            },
          },
        ],
        START: { target: 'starting', actions: assign({ firstCell: null }) },
        RANGE: { target: 'loading', actions: assign({ range: ({ event }) => event.range }) },
        PAGE: { actions: assign({ page: ({ event }) => event.page }) },
        RETRY: 'loading',
        RESUME: {
          guard: ({ context }) => context.resumable !== null,
          target: 'opened',
          actions: ({ context }) => context.ports.open(context.resumable!, null),
        },
      },
    },

    /** POST …/Sessions; refused or unanswered → store.a-001, staying on /audit. */
    starting: {
      tags: ['busy'],
      invoke: {
        src: 'startSession',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: ({ event }) => event.output.isSuccess && event.output.operationObject !== null,
            target: 'opened',
            actions: ({ context, event }) => {
              const { sessionId } = event.output.operationObject!;
              context.ports.remember(sessionId);
              context.ports.open(sessionId, context.firstCell);
            },
          },
          {
            target: 'ready',
            actions: {
              type: 'showError',
              params: ({ event }) => ({
                code: 'store.a-001',
                message: event.output.message,
                errorCode: event.output.errorCode,
              }),
            },
          },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'showError', params: { code: 'store.a-001', message: null } },
        },
      },
    },

    /** The session screen took over. */
    opened: { type: 'final' },
  },
});

export type AuditListMachine = typeof auditListMachine;
