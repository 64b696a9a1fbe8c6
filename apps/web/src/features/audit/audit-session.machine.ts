import { auditSessionSetup } from './audit-session.setup';
import { loadStates } from './audit-session.load.states';
import { cellStates } from './audit-session.cell.states';
import { finishStates } from './audit-session.finish.states';

export * from './audit.model';
export { isAlreadyCounted, spokenTail, unitsOf } from './audit-session.setup';

/**
 * The audit session screen (spec part 2 §2 views scanItems and sessionInfo, scan states
 * startScan and scanProcess; §4; §8 codes; docs/DECISIONS.md "Audit"): loads the session, opens
 * a scanned cell, sends each unit scan, closes the cell with a `=` scan and finishes the
 * session after a confirmation. One call at a time (`busy`): useMachineScans holds the next
 * scan. Calls and feedback are ports of the input, so it runs under `createActor` with no DOM.
 * The steps (load, cell, finish) live in audit-session.<step>.states.ts.
 */
export const auditSessionMachine = auditSessionSetup.createMachine({
  id: 'auditSession',
  initial: 'loading',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode,
    sessionId: input.sessionId,
    userId: input.userId,
    session: null,
    cells: [],
    cell: null,
    pending: null,
    nextCell: input.firstCell,
    error: null,
  }),
  states: {
    ...loadStates,
    ...cellStates,
    ...finishStates,
  },
});

export type AuditSessionMachine = typeof auditSessionMachine;
