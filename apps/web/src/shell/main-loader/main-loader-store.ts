import type { Scheduler } from '../../lib/scheduler';
import type { FlagStore } from '../shell-services';
import { MAIN_LOADER_DELAY_MS, createDelayedFlag } from './delayed-flag';

/** Query and mutation activity of a TanStack query client, as a flag. */
export function queryActivity(client: {
  isFetching(): number;
  isMutating(): number;
  getQueryCache(): { subscribe(listener: () => void): () => void };
  getMutationCache(): { subscribe(listener: () => void): () => void };
}): FlagStore {
  return {
    subscribe(listener) {
      const unsubscribeQueries = client.getQueryCache().subscribe(listener);
      const unsubscribeMutations = client.getMutationCache().subscribe(listener);
      return () => {
        unsubscribeQueries();
        unsubscribeMutations();
      };
    },
    getSnapshot: () => client.isFetching() > 0 || client.isMutating() > 0,
  };
}

/**
 * Whether the main loader shows (spec part 2 §2): some source has been busy for 250 ms without
 * a pause. It runs from the start of the app, outside React, so work that began before the
 * layout mounted (the runtime settings, the first route chunk) counts from its real start.
 */
export function createMainLoaderStore(
  scheduler: Scheduler,
  sources: readonly FlagStore[],
  delayMs = MAIN_LOADER_DELAY_MS,
): FlagStore & { dispose(): void } {
  const flag = createDelayedFlag(scheduler, delayMs);
  const sync = () => flag.setPending(sources.some((source) => source.getSnapshot()));
  const unsubscribes = sources.map((source) => source.subscribe(sync));
  sync();
  return {
    subscribe: flag.subscribe,
    getSnapshot: flag.isVisible,
    dispose() {
      for (const unsubscribe of unsubscribes) unsubscribe();
      flag.dispose();
    },
  };
}
