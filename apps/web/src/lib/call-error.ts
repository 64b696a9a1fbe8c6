import type { ApiResult } from './api-client';

/** Spec part 1 §8: ErrorCode 104 is "object not found". */
export const OBJECT_NOT_FOUND = 104;

/** Spec part 1 §6: HTTP 401 or 403 is the no-access message. */
const ACCESS_DENIED_STATUSES: ReadonlySet<number> = new Set([401, 403]);

/**
 * A failed call as a page shows it: `code` is the catalogue key of its text (an f-code, or a
 * text of the page's own), `reason` the server's message when it gave one worth showing.
 */
export class CallError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    readonly reason: string | null,
  ) {
    super(reason ? `${code}: ${reason}` : code);
    this.name = 'CallError';
  }
}

/** Which f-code a failed call is shown with. */
export interface CallCodes<C extends string> {
  /** Any failure, the call not answering included. */
  code: C;
  /** An answer with ErrorCode 104 (the object named is unknown); else `code`. */
  notFound?: C;
  /**
   * HTTP 401 or 403; else `code`. Its text says it all, so the server's reason ("Forbidden")
   * is left out.
   */
  denied?: C;
}

/**
 * The operation object of a successful call, or a CallError with the f-code `codes` gives the
 * failure (a bare code stands for `{ code }`).
 */
export async function callValue<T, C extends string>(
  call: Promise<ApiResult<T>>,
  codes: C | CallCodes<C>,
): Promise<T> {
  const { code, notFound, denied } = typeof codes === 'string' ? { code: codes } : codes;
  let result: ApiResult<T>;
  try {
    result = await call;
  } catch {
    throw new CallError(code, null);
  }
  if (result.isSuccess && result.operationObject !== null) return result.operationObject;
  if (denied !== undefined && ACCESS_DENIED_STATUSES.has(result.status))
    throw new CallError(denied, null);
  if (notFound !== undefined && result.errorCode === OBJECT_NOT_FOUND)
    throw new CallError(notFound, result.message);
  throw new CallError(code, result.message);
}

/**
 * A catalogue lookup of a page (its `t`): the failures' keys and `withReason`, which joins a
 * failure's text and the server's reason.
 */
export type CallTranslate<C extends string> = (
  key: C | 'withReason',
  values?: { text: string; reason: string },
) => string;

/**
 * The text of a failure in a page's catalogue: its code's text (`fallback` for anything but a
 * CallError), with the server's reason when there is one.
 */
export function callErrorText<C extends string>(
  translate: CallTranslate<C>,
  error: unknown,
  fallback: C,
): string {
  // A page's CallErrors carry its own codes.
  const code = error instanceof CallError ? (error.code as C) : fallback;
  const reason = error instanceof CallError ? error.reason : null;
  return reason ? translate('withReason', { text: translate(code), reason }) : translate(code);
}
