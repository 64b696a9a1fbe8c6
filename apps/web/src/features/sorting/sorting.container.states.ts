import { assign } from 'xstate';
import type { TReturnableBox } from '@sorting/contracts';
import { searchingCellThen } from './sorting.move.states';
import { prompts } from './sorting.prompts';
import {
  OBJECT_NOT_FOUND_CODE,
  clearWork,
  codeOf,
  fail,
  failWithMessage,
  isOk,
  noAnswer,
  scanIs,
  serverFailure,
  sortingSetup,
} from './sorting.setup';

// The sorting machine's returnable container flow (spec part 1 §7 ContainerAccounting): a
// container scanned on the sorting screen is located, then moved to the cell scanned next
// (docs/DECISIONS.md "Sorting screen", returnable containers); composed in sorting.machine.ts.

/** `GET ContainerAccounting?barcode`: the container and where it stands. */
const findingContainerState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'findContainer',
    input: ({ context }) => context,
    onDone: [
      {
        guard: ({ event }) => isOk(event.output),
        target: 'scanContainerPlace',
        actions: [
          assign(({ event }) => ({
            ...clearWork,
            container: event.output.operationObject as TReturnableBox,
          })),
          // `tara`: a returnable container, not a box to sort (docs/DECISIONS.md "Sorting screen").
          ({ context }) => context.ports.play(['tara']),
        ],
      },
      {
        guard: ({ event }) => codeOf(event.output) === OBJECT_NOT_FOUND_CODE,
        target: 'resume',
        actions: {
          type: 'fail',
          params: ({ context }) => ({
            key: 'containerNotFound',
            code: 'f-0002',
            params: { barcode: context.scanned },
          }),
        },
      },
      serverFailure(),
    ],
    onError: noAnswer(),
  },
});

/** The container is known: the screen shows where it is and waits for the cell it goes to. */
const scanContainerPlaceState = sortingSetup.createStateConfig({
  entry: assign({ prompt: prompts.scanContainerPlace }),
  on: {
    CANCELLED: { target: 'scanWhat', actions: 'clearError' },
    SCANNED: [
      // Any other scan is work's: another container is looked up, a parcel or box starts over.
      // A cell is looked up first: an unknown one is f-0003, never a location of that name.
      {
        guard: scanIs('cell'),
        target: 'searchingContainerCell',
        actions: ['clearError', 'takeScan'],
      },
    ],
  },
});

/** `POST ContainerAccounting/move` to the cell found. */
const movingContainerState = sortingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'moveContainer',
    input: ({ context }) => context,
    onDone: [
      {
        guard: ({ event }) => isOk(event.output),
        target: 'scanWhat',
        actions: {
          type: 'containerMoved',
          params: ({ event }) => ({ container: event.output.operationObject }),
        },
      },
      // Spec part 1 §8 f-0030: the container move failed; the server's reason, if it gave one.
      { target: 'scanContainerPlace', actions: ['endOperation', failWithMessage('f-0030')] },
    ],
    onError: {
      target: 'scanContainerPlace',
      actions: ['endOperation', fail('f-0030', { message: '' })],
    },
  },
});

/** The states of the container flow. */
export const containerStates = {
  findingContainer: findingContainerState,
  scanContainerPlace: scanContainerPlaceState,
  searchingContainerCell: searchingCellThen('movingContainer'),
  movingContainer: movingContainerState,
};
