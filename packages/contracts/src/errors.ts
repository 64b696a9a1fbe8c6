import type { Envelope, EnvelopeErrorCode } from './envelope.js';

/**
 * One table from an error code to what the wire carries. Business refusals answer HTTP 200
 * with IsSuccess false and the spec's ErrorCode (104, 204, 304, 404), as the web app reads
 * them from the envelope; authentication answers 401/403 (spec part 1 §6: 401/403 → f-007);
 * malformed input 400; anything unexpected 500 with IsCriticalError.
 */
export const ERROR_TABLE = {
  badRequest: { status: 400, errorCode: 400, isCritical: false },
  unauthenticated: { status: 401, errorCode: 401, isCritical: false },
  /**
   * Spec part 1 §4, §8: `users/search` without a valid session or with a bad badge answers an
   * unsuccessful envelope (HTTP 200) that the web app shows or redirects on; ErrorCode 401.
   */
  signInRefused: { status: 200, errorCode: 401, isCritical: false },
  forbidden: { status: 403, errorCode: 403, isCritical: false },
  routeNotFound: { status: 404, errorCode: 404, isCritical: false },
  conflict: { status: 409, errorCode: 409, isCritical: false },
  /**
   * An `X-Operation-Id` already used for another call: by another user, on another route, or
   * with another input (docs/DECISIONS.md "Contract and errors", operation ids). HTTP 422 as
   * the IETF Idempotency-Key draft answers a key reused with another payload; ErrorCode 412 of
   * its own (422 is the sorting measure's "invalid measure", read by the sorting screen).
   * Nothing is written; the client makes a new id for a new action. Every operation route may
   * answer it.
   */
  operationIdReused: { status: 422, errorCode: 412, isCritical: false },
  tooManyRequests: { status: 429, errorCode: 429, isCritical: false },
  internal: { status: 500, errorCode: 500, isCritical: true },
  /**
   * The database cannot be reached (connection refused, lost or timed out). Retryable: the
   * change was not made (its transaction never committed), so the same operation id may be
   * sent again; the answer carries `Retry-After` (docs/DECISIONS.md "Faults and bad input").
   */
  unavailable: { status: 503, errorCode: 503, isCritical: false },
  /** Spec part 1 §8: an object (box, cell, parcel) was not found. */
  objectNotFound: { status: 200, errorCode: 104, isCritical: false },
  /** Spec part 1 §8: zone not found. */
  zoneNotFound: { status: 200, errorCode: 204, isCritical: false },
  /** Spec part 1 §8: repeated failure / cell not found on repeat. */
  repeatedFailure: { status: 200, errorCode: 304, isCritical: false },
  /** Spec part 1 §8: parcel not found. */
  parcelNotFound: { status: 200, errorCode: 404, isCritical: false },
  /** A business rule refused the operation; the message says why. */
  refused: { status: 200, errorCode: 1, isCritical: false },
  /**
   * Recipient picking: `end` of picked parcels with cash on delivery and no
   * processed payment; lifted by the payment issue (docs/DECISIONS.md "Recipient picking").
   */
  paymentRequired: { status: 200, errorCode: 402, isCritical: false },
  /**
   * Recipient picking: 5 wrong pincodes within a picking lock its end for 15
   * minutes (docs/DECISIONS.md "Picking validation"); the message says the minutes left.
   */
  pincodeLocked: { status: 200, errorCode: 429, isCritical: false },
  /**
   * The state changed under the operation (another worker moved the parcel, the box was
   * closed or took another sorting key meanwhile); scan again (docs/DECISIONS.md "Sorting rules").
   */
  stateChanged: { status: 200, errorCode: 409, isCritical: false },
  /** Spec part 1 §5: a measure or a weight that is not a positive number (f-0027 for weight). */
  invalidMeasure: { status: 200, errorCode: 422, isCritical: false },
  /** A return photo whose content is no image of an accepted type (docs/DECISIONS.md "Returns"). */
  photoNotImage: { status: 200, errorCode: 415, isCritical: false },
  /** A return photo over RETURN_PHOTO_MAX_BYTES. */
  photoTooLarge: { status: 200, errorCode: 413, isCritical: false },
  /** More photos for one parcel than RETURN_PHOTOS_MAX_PER_BARCODE (HTTP 200: no rate limit). */
  tooManyPhotos: { status: 200, errorCode: 429, isCritical: false },
} as const satisfies Record<
  string,
  { status: number; errorCode: EnvelopeErrorCode; isCritical: boolean }
>;

export type AppErrorCode = keyof typeof ERROR_TABLE;

/**
 * A parameter of a message: text or a number as it is, a wait in seconds that the catalogue
 * words in the caller's language ("подождите 5 секунд"), or another catalogue text by its key
 * (a return reason's title), worded in the same language.
 */
export type MessageParam = string | number | { waitSeconds: number } | { key: string };
export type MessageParams = Record<string, MessageParam>;

export interface AppErrorOptions {
  /**
   * The message key of the server's catalogue: the one error handler words it in the
   * request's language (services know no locale). `message` is then only the text
   * of logs and of a key the catalogue lacks.
   */
  key?: string;
  params?: MessageParams;
  message?: string;
  details?: unknown;
  /** Overrides the table's envelope ErrorCode when a call defines its own. */
  errorCode?: EnvelopeErrorCode;
  /**
   * The operation object a refusal still answers: a guided workflow's unchanged state
   * (docs/DECISIONS.md "Guided workflows"); null (the default) elsewhere.
   */
  operationObject?: unknown;
  cause?: unknown;
}

/** The one error type of the server: a code selects status and envelope, never the text. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly key: string | null;
  readonly params: MessageParams;
  readonly details: unknown;
  readonly envelopeErrorCode: EnvelopeErrorCode;
  readonly operationObject: unknown;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? options.key ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.key = options.key ?? null;
    this.params = options.params ?? {};
    this.details = options.details;
    this.envelopeErrorCode = options.errorCode ?? ERROR_TABLE[code].errorCode;
    this.operationObject = options.operationObject ?? null;
  }

  /** The HTTP status this error answers with. */
  get status(): number {
    return ERROR_TABLE[this.code].status;
  }

  /**
   * The envelope this error answers with (casing is chosen by the service); `message` is the
   * key's text in the caller's language, worded by the error handler.
   */
  toEnvelope(message: string = this.message): Envelope<unknown> {
    return {
      isSuccess: false,
      message,
      errorCode: this.envelopeErrorCode,
      isCriticalError: ERROR_TABLE[this.code].isCritical,
      isRepeat: false,
      operationObject: this.operationObject,
    };
  }
}

/** True for an AppError, also across module copies (checks the name and code). */
export function isAppError(error: unknown): error is AppError {
  if (error instanceof AppError) return true;
  if (!(error instanceof Error) || error.name !== 'AppError') return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && code in ERROR_TABLE;
}
