import type { SnapshotFrom } from 'xstate';
import { PAYMENT_PROVIDERS } from '@sorting/contracts';
import { endStates } from './picking.end.states';
import { entryStates } from './picking.entry.states';
import { paymentStates } from './picking.payment.states';
import { processStates } from './picking.process.states';
import { returnStates } from './picking.return.states';
import { pickingSetup } from './picking.setup';
import { topStateOf } from '../../shell/machine/top-state';

export * from './picking.model';
export { clientOfScan } from './picking-machine-helpers';

/**
 * Recipient picking (spec part 1 §4 "Picking": pickingDirectionSelect, pickingInfo,
 * pickingProcess, checkPicked; part 2 §4; docs/DECISIONS.md "Recipient picking"): a recipient
 * chosen by scan or from the list, its info, Begin, its parcels picked from their cells (a cell
 * then its items, or an item then its cell), the picked list, End or Cancel. The validation,
 * payment (choosePayment, checkPayment, endPayment; item return) and delivery issues
 * add their states between checkPicked and ending. Calls, storage,
 * sounds, toasts and navigation are ports, so it runs under `createActor` with no DOM. The
 * steps are state configs of picking.*.states.ts over the setup of picking.setup.ts.
 */
export const pickingMachine = pickingSetup.createMachine({
  id: 'picking',
  initial: 'restoring',
  context: ({ input }) => ({
    ports: input.ports,
    clientCode: input.clientCode,
    info: null,
    pickingId: null,
    items: [],
    currentCell: null,
    pendingBarcode: null,
    repeated: null,
    pickupAsk: null,
    search: null,
    balance: null,
    lostItem: null,
    lostDescription: null,
    validation: null,
    operationId: null,
    error: null,
    paymentProviders: input.paymentProviders ?? PAYMENT_PROVIDERS,
    provider: null,
    payment: null,
    receivedKopecks: null,
    returnItem: null,
    returnReasons: [],
    returnReason: null,
    returnFrom: 'pickingProcess',
    droppedItemIds: [],
  }),
  states: {
    ...entryStates,
    ...processStates,
    ...endStates,
    ...paymentStates,
    ...returnStates,
    /** Left for `/picking` (the page is replaced). */
    finished: { type: 'final' },
  },
});

export type PickingMachine = typeof pickingMachine;

/** The state a snapshot is in, as the pages show it (`data-view`); 'loading' before the start. */
export function viewOf(snapshot: SnapshotFrom<PickingMachine> | null): string {
  return topStateOf<string>(snapshot, 'loading');
}
