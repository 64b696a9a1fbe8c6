import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api-client';
import { CallError, callErrorText, callValue } from './call-error';

const answer = <T>(fields: Partial<ApiResult<T>>): ApiResult<T> => ({
  isSuccess: false,
  message: null,
  errorCode: null,
  isCriticalError: false,
  isRepeat: false,
  operationObject: null,
  status: 200,
  ...fields,
});

/** What a call failed with: its CallError's code and reason. */
async function failureOf(call: Promise<unknown>) {
  const error: unknown = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CallError);
  const { code, reason } = error as CallError;
  return { code, reason };
}

describe('callValue', () => {
  it('gives the operation object of a successful answer', async () => {
    const ok = answer({ isSuccess: true, operationObject: { id: 5 } });
    await expect(callValue(Promise.resolve(ok), 'f-1')).resolves.toEqual({ id: 5 });
  });

  it('fails with the code and the server reason; a success without an object fails too', async () => {
    const refused = answer({ errorCode: 400, message: 'Too long', status: 400 });
    expect(await failureOf(callValue(Promise.resolve(refused), 'f-1'))).toEqual({
      code: 'f-1',
      reason: 'Too long',
    });
    const empty = answer({ isSuccess: true });
    expect(await failureOf(callValue(Promise.resolve(empty), 'f-1'))).toEqual({
      code: 'f-1',
      reason: null,
    });
  });

  it('fails with the code and no reason when the call does not answer', async () => {
    const call = Promise.reject(new TypeError('Failed to fetch'));
    expect(await failureOf(callValue(call, 'f-1'))).toEqual({ code: 'f-1', reason: null });
  });

  it('gives ErrorCode 104 its notFound code, only when there is one', async () => {
    const unknown = answer({ errorCode: 104, message: 'No such box', status: 200 });
    const codes = { code: 'f-1', notFound: 'f-5' };
    expect(await failureOf(callValue(Promise.resolve(unknown), codes))).toEqual({
      code: 'f-5',
      reason: 'No such box',
    });
    expect(await failureOf(callValue(Promise.resolve(unknown), 'f-1'))).toMatchObject({
      code: 'f-1',
    });
  });

  it('gives 401 and 403 the denied code without the server reason, only when there is one', async () => {
    for (const status of [401, 403]) {
      const denied = answer({ errorCode: status, message: 'Forbidden', status });
      const codes = { code: 'f-2', denied: 'f-7' };
      expect(await failureOf(callValue(Promise.resolve(denied), codes))).toEqual({
        code: 'f-7',
        reason: null,
      });
      expect(await failureOf(callValue(Promise.resolve(denied), 'f-2'))).toEqual({
        code: 'f-2',
        reason: 'Forbidden',
      });
    }
  });
});

describe('callErrorText', () => {
  const translate = (key: string, values?: { text: string; reason: string }) =>
    key === 'withReason' ? `${values?.text} (${values?.reason})` : `<${key}>`;

  it('words a CallError by its code, with the reason when it has one', () => {
    expect(callErrorText(translate, new CallError('f-3', 'Too long'), 'f-1')).toBe(
      '<f-3> (Too long)',
    );
    expect(callErrorText(translate, new CallError('f-3', null), 'f-1')).toBe('<f-3>');
  });

  it('words anything else thrown by the fallback code', () => {
    expect(callErrorText(translate, new Error('boom'), 'f-1')).toBe('<f-1>');
    expect(callErrorText(translate, null, 'f-1')).toBe('<f-1>');
  });
});
