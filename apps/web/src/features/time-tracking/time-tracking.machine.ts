import { timeTrackingSetup } from './time-tracking.setup';
import { workplaceStates } from './time-tracking.workplace.states';
import { userStates } from './time-tracking.user.states';

export * from './time-tracking.model';

/**
 * The time tracking screen (spec part 1 §2, §4 "Time tracking", §5, §8): choose a workplace
 * ('=' scan or the list), then scan badges ('~') to join or leave it, remove a user from it.
 * Calls and effects are ports of the input, so the machine runs under `createActor` with no
 * DOM. The steps (workplace, user) live in time-tracking.<step>.states.ts. Decisions: docs/DECISIONS.md "Users and time tracking".
 */

export const timeTrackingMachine = timeTrackingSetup.createMachine({
  id: 'timeTracking',
  initial: 'loading',
  context: ({ input }) => ({
    ports: input.ports,
    workplaces: [],
    barcode: null,
    error: null,
    userToken: null,
    removal: null,
  }),
  states: {
    ...workplaceStates,
    ...userStates,
  },
});

export type TimeTrackingMachine = typeof timeTrackingMachine;

/** The screen states of the page (`data-state`): what the screen waits for. */
export type TimeTrackingScreen =
  | 'loading'
  | 'loadFailed'
  | 'noWorkplaces'
  | 'noAccess'
  | 'waitWorkplace'
  | 'waitUser'
  | 'toggling'
  | 'confirmRemove'
  | 'removing'
  | 'refreshing';
