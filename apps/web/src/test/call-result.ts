import type { CallResult } from '../lib/api-client';

/**
 * A fake server's answer for the machine tests: a success with `value`, or (null) a refusal
 * whose errorCode and message `extra` gives.
 */
export function result<T>(value: T | null, extra: Partial<CallResult<T>> = {}): CallResult<T> {
  return {
    isSuccess: value !== null,
    message: null,
    errorCode: null,
    operationObject: value,
    status: 200,
    ...extra,
  };
}
