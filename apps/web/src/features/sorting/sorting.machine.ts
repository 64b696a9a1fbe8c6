import { INITIAL_PROMPT } from './sorting.prompts';
import type { SortingContext } from './sorting.types';
import { clearWork, sortingSetup } from './sorting.setup';
import { entryStates } from './sorting.entry.states';
import { scanWhatStates, workTransitions } from './sorting.scan-what.states';
import { checkDamageState } from './sorting.damage.states';
import { measureState } from './sorting.measure.states';
import { sortingStepState } from './sorting.sticker.states';
import { moveStates } from './sorting.move.states';
import { containerStates } from './sorting.container.states';

export type * from './sorting.types';
export {
  MOVE_RETRY_DELAY_MS,
  cellLocationSounds,
  parseAmount,
  scanInUrl,
  toGrams,
} from './sorting.setup';
/**
 * The whole sorting screen (spec part 1 §2, §4, §5, §8): the entry (warehouse, zone) runs as
 * the invoked `sortingEntryMachine`; once it reaches its `scanWhat` this machine takes the
 * warehouse and zone and drives parcels, boxes, cells, the steps (check damage, measure,
 * sorting, acceptance report) and the moves. Every side effect goes through `ports` (input),
 * so the machine is tested with `createActor` and fakes. Decisions: docs/DECISIONS.md
 * "Sorting screen".
 */
export const sortingMachine = sortingSetup.createMachine({
  id: 'sorting',
  initial: 'entry',
  context: ({ input }) => ({
    ports: input.ports,
    userId: input.userId,
    isUserScanAllowed: input.isUserScanAllowed,
    entryInput: {
      defaultWarehouseNumber: input.defaultWarehouseNumber,
      lastZoneNumber: input.lastZoneNumber,
    },
    entry: { state: 'init', isBusy: true, isRestoring: true, error: null },
    warehouse: null,
    zone: null,
    ...clearWork,
    scanned: '',
    acceptance: null,
    lastMove: null,
    lastParcel: input.ports.readLastParcel(),
    prompt: INITIAL_PROMPT,
    error: null,
  }),
  states: {
    entry: entryStates.entry,
    logout: entryStates.logout,
    work: {
      initial: 'scanWhat',
      ...workTransitions,
      states: {
        ...scanWhatStates,
        checkDamage: checkDamageState,
        measure: measureState,
        sorting: sortingStepState,
        ...moveStates,
        ...containerStates,
      },
    },
  },
});

export type SortingMachine = typeof sortingMachine;

/** The screen states of spec part 1 §2, the entry child's included. */
export type ScreenState =
  | 'init'
  | 'scanWarehouse'
  | 'scanZone'
  | 'scanWhat'
  | 'scanWhere'
  | 'scanCell'
  | 'logout'
  | 'expeditionSuggestMove'
  | 'checkDamage'
  | 'measure'
  | 'sorting'
  | 'acceptanceReport'
  /** Ours: a returnable container is in hand, the screen waits for its cell. */
  | 'scanContainerPlace'
  | 'busy';

/** The screen state (or step) a snapshot shows; 'busy' while a call of scan what runs. */
export function screenStateOf(snapshot: {
  value: unknown;
  context: Pick<SortingContext, 'entry' | 'parcel' | 'box'>;
}): ScreenState {
  const value = snapshot.value;
  if (value === 'entry') {
    return snapshot.context.entry.state === 'scanWhat' ? 'scanWhat' : snapshot.context.entry.state;
  }
  if (value === 'logout') return 'logout';
  const work = (value as { work?: unknown }).work;
  const name = typeof work === 'string' ? work : Object.keys(work as object)[0];
  switch (name) {
    case 'scanWhat':
    case 'scanWhere':
    case 'scanCell':
    case 'expeditionSuggestMove':
    case 'checkDamage':
    case 'measure':
    case 'sorting':
    case 'acceptanceReport':
    case 'scanContainerPlace':
      return name;
    default:
      return 'busy';
  }
}
