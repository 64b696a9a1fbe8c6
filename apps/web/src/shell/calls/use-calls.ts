import { useRef, useState } from 'react';
import type { ApiResult } from '../../lib/api-client';
import {
  CallError,
  callErrorText,
  callValue,
  type CallCodes,
  type CallTranslate,
} from '../../lib/call-error';
import { fCodeOf } from '../error-reporting/error-reporter';
import type { ConfirmedCall } from '../../ui/dialog/confirm-dialog';
import { useShellServices } from '../shell-services';

/**
 * The failures of a page's calls in its catalogue: the text of one (its f-code's text with the
 * server's reason) and its error toast, which plays the error sound itself — once: a failure
 * is one sound, never a toast's and a page's both. `loadValue` reads a list for a query: its
 * value, or its error toast and the CallError thrown on, so the list section shows the failure
 * with its retry.
 */
export function useCallFailures<C extends string>(translate: CallTranslate<C>) {
  const { toasts } = useShellServices();
  const textOf = (error: unknown, fallback: C) => callErrorText(translate, error, fallback);
  const notifyError = (error: unknown, fallback: C) => {
    const code = error instanceof CallError ? error.code : fallback;
    toasts.notify({ status: 'error', content: textOf(error, fallback), fCode: fCodeOf(code) });
  };
  const loadValue = <T>(call: Promise<ApiResult<T>>, codes: C | CallCodes<C>): Promise<T> =>
    callValue(call, codes).catch((error: unknown) => {
      notifyError(error, typeof codes === 'string' ? codes : codes.code);
      throw error;
    });
  return { textOf, notifyError, loadValue };
}

/** A user action that calls the server, and whether it runs. */
export interface CallAction<A extends unknown[]> {
  isBusy: boolean;
  run: (...args: A) => Promise<void>;
}

/**
 * One user action that calls the server: while it runs `isBusy` is true (its button waits) and
 * a second start is ignored, so one click acts once; what it throws goes to `onError` (the
 * error toast and whatever the failure needs besides).
 */
export function useCallAction<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
  onError: (error: unknown, ...args: A) => Promise<void> | void,
): CallAction<A> {
  const [isBusy, setIsBusy] = useState(false);
  // The state is read by the next render only; the ref refuses a second start at once.
  const running = useRef(false);
  const run = async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setIsBusy(true);
    try {
      await action(...args);
    } catch (error) {
      await onError(error, ...args);
    } finally {
      running.current = false;
      setIsBusy(false);
    }
  };
  return { isBusy, run };
}

/** An action on a row that asks first: the row it waits for, and the dialog's answers. */

/**
 * A call confirmed in a dialog (delete a row, reissue a badge): on success `onDone` (its ok
 * toast), the dialog closes and the list is read again; on a failure its toast, and where the
 * failure says the row is gone anyway (`isGone`), the dialog closes and the list is read again
 * too, so it shows what is there now.
 */
export function useConfirmedCall<T, V>(options: {
  call: (target: T) => Promise<V>;
  onDone: (value: V, target: T) => void;
  onError: (error: unknown) => void;
  isGone?: (error: unknown) => boolean;
  refresh?: () => Promise<unknown>;
}): ConfirmedCall<T> {
  const [target, setTarget] = useState<T | null>(null);
  const action = useCallAction(
    async (row: T) => {
      const value = await options.call(row);
      options.onDone(value, row);
      setTarget(null);
      await options.refresh?.();
    },
    async (error) => {
      options.onError(error);
      if (!options.isGone?.(error)) return;
      setTarget(null);
      await options.refresh?.();
    },
  );
  return {
    target,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: async () => {
      if (target !== null) await action.run(target);
    },
    isBusy: action.isBusy,
  };
}
