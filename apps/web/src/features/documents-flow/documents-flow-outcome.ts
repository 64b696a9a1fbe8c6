import type { ApiResult } from '../../lib/api-client';

/**
 * A call's outcome as the document flow reads it (spec part 2 §4, §5): a success only when the
 * answer says isSuccess (either casing); a failure keeps the server's message and code, and
 * whether it is critical (IsCriticalError, a 5xx, or no answer at all).
 */
export type CallOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; message: string | null; code: string | number | null; isCritical: boolean };

export async function outcomeOf<T>(call: Promise<ApiResult<T>>): Promise<CallOutcome<T>> {
  try {
    const result = await call;
    if (result.isSuccess === true && result.operationObject !== null) {
      return { ok: true, value: result.operationObject };
    }
    return {
      ok: false,
      message: result.message,
      code: result.errorCode,
      isCritical: result.isCriticalError || result.status >= 500,
    };
  } catch {
    return { ok: false, message: null, code: null, isCritical: true };
  }
}

/** A failure that a query throws, so the list can show it and offer a retry. */
export class OutcomeError extends Error {
  constructor(readonly failure: Extract<CallOutcome<unknown>, { ok: false }>) {
    super(failure.message ?? 'no answer');
    this.name = 'OutcomeError';
  }
}
