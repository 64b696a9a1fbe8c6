import { currentRequestId } from '../../lib/request-id';
import { reportErrorToastsTo } from '../notifications';
import type { SessionStore } from '../session/session-store';
import { createErrorReporter, reportUncaught } from './error-reporter';

export { fCodeOf, type ErrorReporter } from './error-reporter';

let session: Pick<SessionStore, 'getUser'> | null = null;

/**
 * The app's error reporter (docs/DECISIONS.md "Error reporting"), reporting once
 * `reportErrorsOf` has started it (a test that does not start it sends nothing).
 */
export const errorReporter = createErrorReporter(
  () =>
    session
      ? import('./sentry-runtime').then((module) => module.createSentryRuntime())
      : Promise.reject(new Error('error reports not started')),
  () => ({
    user: session?.getUser() ?? null,
    path: window.location.pathname,
    requestId: currentRequestId(),
  }),
);

/** Spec part 1 §8: the page's uncaught errors and every error toast are reported from now. */
export function reportErrorsOf(signedIn: Pick<SessionStore, 'getUser'>): void {
  session = signedIn;
  reportUncaught(window, errorReporter);
  reportErrorToastsTo(({ fCode }) => errorReporter.captureToast(fCode));
}
