import { splitLocalePath } from '@sorting/domain';
import { browserScheduler } from '../../lib/scheduler';
import { announcer } from '../../ui/live-region/announcer';
import { soundPlayer, type SoundPlayer } from '../sounds';
import type { NotifyInput } from './notification';
import { createLazySanitizer, htmlToText, loadDomPurify } from './sanitize';
import { createToastStore, type ToastStore } from './toast-store';

export * from './notification';
export { createToastStore, type ToastStore, type ToastsByPosition } from './toast-store';
export { ToastViewport } from './toast-viewport';

// Loaded with the first toast; the toasts shown meanwhile are sanitised again then.
const sanitizer = createLazySanitizer(loadDomPurify, () => toastStore.resanitize());

let errorShownListener: (error: { fCode: string | null; flow: string }) => void = () => undefined;

/** Where the error toasts are reported (the error reporter, set at start). */
export function reportErrorToastsTo(
  listener: (error: { fCode: string | null; flow: string }) => void,
): void {
  errorShownListener = listener;
}

/** The app's toasts. */
export const toastStore = createToastStore({
  scheduler: browserScheduler,
  getViewportWidth: () => window.innerWidth,
  // A toast belongs to the page it was raised on, whatever its locale prefix.
  getFlow: () => splitLocalePath(window.location.pathname).path,
  sounds: soundPlayer,
  sanitize: sanitizer.sanitize,
  toText: htmlToText,
  announcer,
  onErrorShown: (error) => errorShownListener(error),
});

/** ux.md "Feedback": ok-new, success-big and success-small mean success, and only success. */
export const SUCCESS_SOUND = /^(ok-new|success-)/;

/**
 * The player screens use: a success sound is also a success of the page's flow, whose older
 * error toasts then close (a move plays its sound and shows no toast).
 */
export function withSuccessSignal(
  player: SoundPlayer,
  store: Pick<ToastStore, 'succeed'>,
): SoundPlayer {
  return {
    play(name) {
      if (SUCCESS_SOUND.test(name)) store.succeed();
      player.play(name);
    },
    setMuted: (isMuted) => player.setMuted(isMuted),
  };
}

/** Shows a toast (default: error, which also plays err.flac unless muted); returns its id. */
export function notify(input: NotifyInput | string): number {
  return toastStore.notify(input);
}

/** Closes a toast before its time. */
export function dismissNotification(id: number): void {
  toastStore.dismiss(id);
}
