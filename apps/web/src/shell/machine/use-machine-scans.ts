import { waitFor, type ActorRef, type AnyMachineSnapshot } from 'xstate';
import { useScan } from '../shell-services';

/**
 * Feeds every scan to a scan flow's machine as `SCANNED`, one at a time: a scan waits while the
 * machine is busy (a call runs), and the next scan waits until this one's work is done, so a
 * burst of scans is answered in order and none is lost (spec part 1 §4), including one made
 * while the page was still loading. `isBusy` defaults to
 * the machine's `busy` tag. Imported by its path, like `useMachineActor`, so xstate stays in
 * the lazy chunks.
 */
export function useMachineScans<TSnapshot extends AnyMachineSnapshot>(
  actor: ActorRef<TSnapshot, { type: 'SCANNED'; text: string }> | null,
  isBusy: (snapshot: TSnapshot) => boolean = (snapshot) => snapshot.hasTag('busy'),
): void {
  // Listening only once the machine runs: a scan before that is held by the scan input and
  // handed over here, not dropped (spec part 1 §4).
  useScan(async (scan) => {
    if (!actor) return;
    await waitFor(actor, (state) => !isBusy(state));
    actor.send({ type: 'SCANNED', text: scan.text });
    await waitFor(actor, (state) => !isBusy(state));
  }, actor !== null);
}
