/**
 * The response envelope of spec part 1 §3. Services differ in casing: most answer in
 * PascalCase (IsSuccess, OperationObject), some in camelCase (isSuccess, operationObject).
 */
export type EnvelopeErrorCode = number | string | null;

/** An envelope in PascalCase, as most services answer. */
export interface PascalEnvelope<T> {
  IsSuccess: boolean;
  Message: string | null;
  ErrorCode: EnvelopeErrorCode;
  IsCriticalError: boolean;
  IsRepeat: boolean;
  OperationObject: T | null;
}

export type EnvelopeCasing = 'pascal' | 'camel';

/** The casing-free form the web app works with after reading an answer. */
export interface Envelope<T> {
  isSuccess: boolean;
  message: string | null;
  errorCode: EnvelopeErrorCode;
  isCriticalError: boolean;
  isRepeat: boolean;
  operationObject: T | null;
}

/** An envelope in camelCase, as some services answer: the casing-free form as it is. */
export type CamelEnvelope<T> = Envelope<T>;

type AnyRecord = Record<string, unknown>;

function pick(body: AnyRecord, camel: string): unknown {
  if (camel in body) return body[camel];
  const pascal = camel.charAt(0).toUpperCase() + camel.slice(1);
  return body[pascal];
}

function isRecord(value: unknown): value is AnyRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a body looks like an envelope in either casing. */
export function isEnvelope(body: unknown): boolean {
  return isRecord(body) && ('isSuccess' in body || 'IsSuccess' in body);
}

/**
 * Reads an answer in either casing (spec part 2 §7, "Answers to calls in general").
 * A body that is no envelope is taken as a successful bare operation object.
 */
export function readEnvelope<T>(body: unknown): Envelope<T> {
  if (!isEnvelope(body)) {
    return {
      isSuccess: true,
      message: null,
      errorCode: null,
      isCriticalError: false,
      isRepeat: false,
      operationObject: (body ?? null) as T | null,
    };
  }
  const record = body as AnyRecord;
  const message = pick(record, 'message');
  const errorCode = pick(record, 'errorCode');
  return {
    isSuccess: pick(record, 'isSuccess') === true,
    message: typeof message === 'string' ? message : null,
    errorCode: typeof errorCode === 'number' || typeof errorCode === 'string' ? errorCode : null,
    isCriticalError: pick(record, 'isCriticalError') === true,
    isRepeat: pick(record, 'isRepeat') === true,
    operationObject: (pick(record, 'operationObject') ?? null) as T | null,
  };
}

/** Writes an envelope in the casing of the service that answers. */
export function writeEnvelope<T>(casing: 'pascal', envelope: Envelope<T>): PascalEnvelope<T>;
export function writeEnvelope<T>(casing: 'camel', envelope: Envelope<T>): CamelEnvelope<T>;
export function writeEnvelope<T>(
  casing: EnvelopeCasing,
  envelope: Envelope<T>,
): PascalEnvelope<T> | CamelEnvelope<T>;
export function writeEnvelope<T>(
  casing: EnvelopeCasing,
  envelope: Envelope<T>,
): PascalEnvelope<T> | CamelEnvelope<T> {
  if (casing === 'camel') return { ...envelope };
  return {
    IsSuccess: envelope.isSuccess,
    Message: envelope.message,
    ErrorCode: envelope.errorCode,
    IsCriticalError: envelope.isCriticalError,
    IsRepeat: envelope.isRepeat,
    OperationObject: envelope.operationObject,
  };
}

/** A successful envelope around an operation object. */
export function success<T>(
  operationObject: T,
  options: { isRepeat?: boolean; errorCode?: EnvelopeErrorCode } = {},
): Envelope<T> {
  return {
    isSuccess: true,
    message: null,
    errorCode: options.errorCode ?? null,
    isCriticalError: false,
    isRepeat: options.isRepeat ?? false,
    operationObject,
  };
}
