import type { NProgress } from 'nprogress';
import type { FlagStore } from '../shell-services';

export interface ProgressLike {
  start(): unknown;
  done(): unknown;
}

type NProgressModule = NProgress;

/**
 * NProgress behind a dynamic import: the bar is needed only once something loads, so the
 * library (1.7 kB gzip) stays out of the first screen's budget (docs/DECISIONS.md "Web shell",
 * first screen) and arrives beside the first route's chunk. Spec part 2 §2 and §9: minimum
 * 0.2, no spinner; the colour #f9b122 is set in global CSS. `load` is the import (tests give
 * their own).
 */
export function createLazyProgress(
  load: () => Promise<NProgressModule> = () => import('nprogress').then((module) => module.default),
): ProgressLike {
  let instance: NProgressModule | null = null;
  let loading: Promise<void> | null = null;
  // What the caller asked for last: the loaded bar follows it, whatever came in between.
  let isWanted = false;
  const ensure = () =>
    (loading ??= load().then(
      (module) => {
        instance = module;
        module.configure({ minimum: 0.2, showSpinner: false, trickleSpeed: 200 });
        if (isWanted) module.start();
      },
      // No bar is better than a failed page: the bar is decoration, the route still loads.
      () => undefined,
    ));
  return {
    start() {
      isWanted = true;
      if (instance) instance.start();
      else void ensure();
    },
    done() {
      isWanted = false;
      instance?.done();
    },
  };
}

/**
 * Starts the bar when the router leaves idle (a lazy route chunk or a guard is loading) and
 * finishes it when the router is idle again. Returns the unsubscribe function.
 */
export function bindProgressBar(
  busy: FlagStore,
  progress: ProgressLike = createLazyProgress(),
): () => void {
  let isRunning = false;
  const sync = () => {
    const isBusy = busy.getSnapshot();
    if (isBusy && !isRunning) progress.start();
    if (!isBusy && isRunning) progress.done();
    isRunning = isBusy;
  };
  sync();
  const unsubscribe = busy.subscribe(sync);
  return () => {
    unsubscribe();
    if (isRunning) progress.done();
    isRunning = false;
  };
}
