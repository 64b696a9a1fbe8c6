import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  createActor,
  type Actor,
  type AnyStateMachine,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';

/** What the page gets: the running actor and its latest snapshot (both null before the start). */
export interface MachineActor<TMachine extends AnyStateMachine> {
  actor: Actor<TMachine> | null;
  snapshot: SnapshotFrom<TMachine> | null;
}

/**
 * Runs a scan flow's machine while the page is mounted: started on mount, stopped on unmount.
 * The input is the one of the first render (ports are stable objects). `onStop` runs after the
 * stop with the last snapshot and that input (returns deletes the photos of a cancelled return).
 *
 * Not @xstate/react's `useActorRef`/`useSelector`: their CommonJS `use-sync-external-store`
 * shim moves React's CommonJS wrapper into a chunk of the first screen and breaks its 150 kB
 * budget (docs/DECISIONS.md "Sorting entry"); React's own `useSyncExternalStore` does the same.
 *
 * `resume`, when given, is a persisted snapshot to start from instead of the initial state (a
 * flow that stepped away to /capture-image and came back, docs/DECISIONS.md "Device pages").
 */
export function useMachineActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  onStop?: (snapshot: SnapshotFrom<TMachine>, input: InputFrom<TMachine>) => void,
  resume?: Snapshot<unknown>,
): MachineActor<TMachine> {
  const [initial] = useState(() => ({ input, onStop, resume }));
  const [actor, setActor] = useState<Actor<TMachine> | null>(null);
  useEffect(() => {
    const next = createActor(machine, {
      input: initial.input,
      snapshot: initial.resume,
    }).start();
    setActor(next);
    return () => {
      const last = next.getSnapshot();
      next.stop();
      initial.onStop?.(last, initial.input);
    };
  }, [machine, initial]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  return { actor, snapshot };
}
