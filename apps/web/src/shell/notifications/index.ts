import { browserScheduler } from '../../lib/scheduler';
import { soundPlayer } from '../sounds';
import type { NotifyInput } from './notification';
import { createLazySanitizer, htmlToText, loadDomPurify } from './sanitize';
import { createToastStore } from './toast-store';

export * from './notification';
export { createToastStore, type ToastStore, type ToastsByPosition } from './toast-store';
export { ToastViewport } from './toast-viewport';

const sanitizer = createLazySanitizer(loadDomPurify);

/** The app's toasts. */
export const toastStore = createToastStore({
  scheduler: browserScheduler,
  getViewportWidth: () => window.innerWidth,
  sounds: soundPlayer,
  sanitize: sanitizer.sanitize,
  toText: htmlToText,
});

/** Loads DOMPurify (call once the first screen is up); shown toasts are sanitised again. */
export function loadNotificationSanitizer(): Promise<void> {
  return sanitizer.load().then(() => toastStore.resanitize());
}

/** Shows a toast (default: error, which also plays err.flac unless muted); returns its id. */
export function notify(input: NotifyInput | string): number {
  return toastStore.notify(input);
}

/** Closes a toast before its time. */
export function dismissNotification(id: number): void {
  toastStore.dismiss(id);
}
