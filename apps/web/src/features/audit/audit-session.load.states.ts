import { assign } from 'xstate';
import { isCallOk } from '../../shell/machine/call-feedback';
import { auditSessionSetup, failure, hasCell } from './audit-session.setup';
import type { AuditSessionContext } from './audit.model';

// The audit session's loading step (spec part 2 §4): the session is read, then routed to its
// open cell, the cell scanned on /audit, or a cell scan; composed in audit-session.machine.ts.

/** A cell was scanned on /audit: it is opened at once. */
function hasNextCell({ context }: { context: AuditSessionContext }): boolean {
  return context.nextCell !== null;
}

/** GET …/items: finished → sessionInfo; unknown or foreign → store.a-006 and /audit. */
const loadingState = auditSessionSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'loadItems',
    input: ({ context }) => ({ context }),
    onDone: [
      {
        guard: ({ event }) =>
          isCallOk({ event }) && event.output.operationObject?.session.endDate !== null,
        target: 'sessionInfo',
        actions: [
          { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
          ({ context }) => context.ports.forget(),
        ],
      },
      {
        guard: isCallOk,
        target: 'routing',
        actions: [
          { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
          ({ context }) => context.ports.remember(context.sessionId),
        ],
      },
      {
        target: 'left',
        actions: [
          {
            type: 'showError',
            params: ({ event }) => failure('store.a-006', event.output),
          },
          ({ context }) => context.ports.forget(),
          ({ context }) => context.ports.leave(),
        ],
      },
    ],
    onError: {
      target: 'left',
      actions: [
        { type: 'showError', params: { code: 'store.a-006', message: null } },
        ({ context }) => context.ports.leave(),
      ],
    },
  },
});

/** Where a loaded session goes on: its open cell, the cell scanned on /audit, or a scan. */
const routingState = auditSessionSetup.createStateConfig({
  always: [
    { guard: hasCell, target: 'scanProcess', actions: assign({ nextCell: null }) },
    { guard: hasNextCell, target: 'openingCell' },
    { target: 'startScan' },
  ],
});

/** The session could not be loaded: the page went back to /audit. */
const leftState = auditSessionSetup.createStateConfig({
  type: 'final',
});

export const loadStates = {
  loading: loadingState,
  routing: routingState,
  left: leftState,
};
