import {
  createActor,
  waitFor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type InputFrom,
  type InspectionEvent,
} from 'xstate';

/**
 * A scan flow's machine under test, with no DOM: started with its input, `send` feeds events
 * (a string is a scan) one at a time, each after the previous one's calls are settled (the
 * machine has left its `busy` states), as `useMachineScans` does on a page; `view` is the top
 * state (the page's `data-view`).
 */
export function startMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  inspect?: (event: InspectionEvent) => void,
) {
  const actor = createActor(machine, { input, inspect });
  actor.start();
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  const settled = () =>
    waitFor(actor, (state) => !(state as AnyMachineSnapshot).hasTag('busy'), { timeout: 2000 });
  const view = (): string => {
    const value: unknown = snapshot().value;
    return typeof value === 'string' ? value : (Object.keys(value as object)[0] ?? '');
  };
  return {
    actor,
    view,
    settled,
    context: () => snapshot().context as ContextFrom<TMachine>,
    async send(...events: (EventFromLogic<TMachine> | string)[]) {
      for (const event of events) {
        // A string is a scan: every scan flow's machine takes `SCANNED` (useMachineScans).
        const scanned = { type: 'SCANNED', text: event } as EventFromLogic<TMachine>;
        actor.send(typeof event === 'string' ? scanned : event);
        await settled();
      }
      return view();
    },
  };
}
