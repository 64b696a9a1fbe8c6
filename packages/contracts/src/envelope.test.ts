import { describe, expect, it } from 'vitest';
import { readEnvelope, writeEnvelope, success } from './envelope.js';
import { AppError, isAppError } from './errors.js';

describe('readEnvelope', () => {
  it('reads the PascalCase envelope', () => {
    const envelope = readEnvelope<{ Id: number }>({
      IsSuccess: false,
      Message: 'Object not found',
      ErrorCode: 204,
      IsCriticalError: false,
      IsRepeat: true,
      OperationObject: { Id: 7 },
    });
    expect(envelope).toEqual({
      isSuccess: false,
      message: 'Object not found',
      errorCode: 204,
      isCriticalError: false,
      isRepeat: true,
      operationObject: { Id: 7 },
    });
  });

  it('reads the camelCase envelope, as the session delete answers', () => {
    expect(readEnvelope({ isSuccess: true }).isSuccess).toBe(true);
    expect(readEnvelope({ isSuccess: false, errorCode: '0' }).errorCode).toBe('0');
  });

  it('takes a bare body as a successful operation object', () => {
    expect(readEnvelope({ signInUrl: null })).toMatchObject({
      isSuccess: true,
      operationObject: { signInUrl: null },
    });
  });

  it('round-trips through both casings', () => {
    const original = success({ a: 1 }, { isRepeat: true });
    expect(readEnvelope(writeEnvelope('pascal', original))).toEqual(original);
    expect(readEnvelope(writeEnvelope('camel', original))).toEqual(original);
  });
});

describe('AppError', () => {
  it('maps a code to status and envelope', () => {
    const error = new AppError('zoneNotFound', { message: 'Zone not found' });
    expect(error.status).toBe(200);
    expect(error.toEnvelope()).toMatchObject({
      isSuccess: false,
      errorCode: 204,
      message: 'Zone not found',
      isCriticalError: false,
    });
    expect(new AppError('internal').toEnvelope().isCriticalError).toBe(true);
    expect(new AppError('forbidden').status).toBe(403);
    expect(isAppError(error)).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
  });
});
