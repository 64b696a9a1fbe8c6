import type { ApiResult, CallResult } from '../lib/api-client';

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

/** A fake server's successful answer of a page's call, with `value` as its operation object. */
export function apiOk<T>(value: T): ApiResult<T> {
  return {
    isSuccess: true,
    message: null,
    errorCode: null,
    isCriticalError: false,
    isRepeat: false,
    operationObject: value,
    status: 200,
  };
}

/** A fake server's refusal (critical from HTTP 500 on, as the API client reads it). */
export function apiRefused<T>(errorCode: number, message: string, status = 200): ApiResult<T> {
  return {
    isSuccess: false,
    message,
    errorCode,
    isCriticalError: status >= 500,
    isRepeat: false,
    operationObject: null,
    status,
  };
}
