import { assign, fromPromise, setup } from 'xstate';
import { type TAuditSessions, type TAuditStarted } from '@sorting/contracts';
import { isAuditCellScan, recognizeBarcode } from '@sorting/domain';
import { NOT_A_CELL_SCAN, type AuditError, type CallResult } from './audit.model';
import { showErrorAction } from '../../shell/machine/call-feedback';

import {
  AUDIT_PAGE_SIZE,
  defaultRange,
  ownRecord,
  rangeInstants,
  resumableOf,
  type Resumable,
  type AuditListContext,
  type AuditListEvent,
  type AuditListInput,
} from './audit-list.model';

export * from './audit.model';
export * from './audit-list.model';

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
          page: input.context.page,
          pageSize: AUDIT_PAGE_SIZE,
        }),
    ),
    /** The record's session, asked once when /audit opens (LAST_AUDIT_SESSION). */
    checkRecord: fromPromise<Resumable, { context: AuditListContext }>(async ({ input }) => {
      const { ports, userId, warehouseCode } = input.context;
      const record = ownRecord(ports.readLast(), userId, warehouseCode);
      if (record === null) return { sessionId: null, isStale: false };
      const answer = await ports.calls
        .items({ warehouseCode, sessionId: record.sessionId })
        .catch(() => null);
      return resumableOf(record, answer);
    }),
    startSession: fromPromise<CallResult<TAuditStarted>, { context: AuditListContext }>(
      ({ input }) =>
        input.context.ports.calls.start({
          warehouseCode: input.context.warehouseCode,
          operationId: input.context.ports.createOperationId(),
        }),
    ),
  },
  actions: {
    showError: showErrorAction<AuditListContext, AuditListEvent, AuditError>(),
  },
}).createMachine({
  id: 'auditList',
  initial: 'loading',
  // The record is checked beside the list, whatever page or range is shown.
  invoke: {
    src: 'checkRecord',
    input: ({ context }) => ({ context }),
    onDone: {
      actions: [
        assign({ resumable: ({ event }) => event.output.sessionId }),
        ({ context, event }) => {
          if (event.output.isStale) context.ports.forget();
        },
      ],
    },
  },
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode,
    userId: input.userId,
    range: defaultRange(input.now),
    sessions: null,
    page: 1,
    totalCount: 0,
    resumable: null,
    firstCell: null,
    error: null,
  }),
  states: {
    /** POST …/Sessions/get: one page of the range. */
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
              assign(({ event }) => {
                const { sessions, totalCount } = event.output.operationObject!;
                return { sessions, totalCount, error: null };
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
          { actions: NOT_A_CELL_SCAN },
        ],
        START: { target: 'starting', actions: assign({ firstCell: null }) },
        RANGE: {
          target: 'loading',
          actions: assign({ range: ({ event }) => event.range, page: 1 }),
        },
        PAGE: { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
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
