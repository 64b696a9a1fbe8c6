import NProgress from 'nprogress';
import type { FlagStore } from '../shell-services';

/** Spec part 2 §2 and §9: minimum 0.2, no spinner; the colour #f9b122 is set in global CSS. */
export function configureProgressBar(): void {
  NProgress.configure({ minimum: 0.2, showSpinner: false, trickleSpeed: 200 });
}

export interface ProgressLike {
  start(): unknown;
  done(): unknown;
}

/**
 * Starts the bar when the router leaves idle (a lazy route chunk or a guard is loading) and
 * finishes it when the router is idle again. Returns the unsubscribe function.
 */
export function bindProgressBar(busy: FlagStore, progress: ProgressLike = NProgress): () => void {
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
