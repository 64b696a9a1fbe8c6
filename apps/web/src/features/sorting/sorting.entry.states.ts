import { assign, sendTo } from 'xstate';
import { entryPrompt, prompts } from './sorting.prompts';
import { clearWork, entryViewOf, recognize, sortingSetup } from './sorting.setup';

// The sorting machine's entry step (warehouse and zone, run by the entry child machine) and
// the logout a user badge starts; composed in sorting.machine.ts.

/** Spec part 1 §4 "Sorting entry": init, scanWarehouse, scanZone in the child machine. */
const entryState = sortingSetup.createStateConfig({
  invoke: {
    id: 'entry',
    src: 'entry',
    input: ({ context }) => context.entryInput,
    onSnapshot: [
      {
        guard: ({ event }) => event.snapshot.matches('scanWhat'),
        target: 'work.scanWhat',
        actions: assign({
          warehouse: ({ event }) => event.snapshot.context.warehouse,
          zone: ({ event }) => event.snapshot.context.zone,
          entry: ({ event }) => entryViewOf(event.snapshot),
          error: null,
        }),
      },
      {
        actions: assign(({ event }) => {
          const entry = entryViewOf(event.snapshot);
          return {
            entry,
            warehouse: event.snapshot.context.warehouse,
            prompt: entryPrompt(entry, event.snapshot.context.warehouse),
          };
        }),
      },
    ],
  },
  on: {
    // User and token scans belong to the shell's user switch (docs/DECISIONS.md "Sorting screen").
    SCANNED: {
      guard: ({ event }) => !['user', 'token'].includes(recognize(event.text).type),
      actions: sendTo('entry', ({ event }) => event),
    },
    WAREHOUSE_PICKED: { actions: sendTo('entry', ({ event }) => event) },
    ZONE_PICKED: { actions: sendTo('entry', ({ event }) => event) },
    CHANGE_WAREHOUSE: { actions: sendTo('entry', ({ event }) => event) },
  },
});

/** A user badge while user scans are allowed: the shell switches the user (spec §4). */
const logoutState = sortingSetup.createStateConfig({
  entry: [
    assign({ ...clearWork, lastParcel: null, prompt: prompts.logout }),
    ({ context }) => context.ports.writeLastParcel(null),
  ],
  on: {
    USER_CHANGED: {
      target: 'work.scanWhat',
      actions: assign({ userId: ({ event }) => event.userId, error: null }),
    },
    CANCELLED: 'work.scanWhat',
  },
});

/** The top-level states of the entry step. */
export const entryStates = {
  entry: entryState,
  logout: logoutState,
};
