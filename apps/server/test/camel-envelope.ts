import { expect } from 'vitest';

// The camelCase envelope of the picking calls (docs/DECISIONS.md "Recipient picking"), as the
// picking tests read it.

export interface CamelEnvelope<T> {
  isSuccess: boolean;
  isRepeat: boolean;
  errorCode: number | null;
  message: string | null;
  operationObject: T;
}

export type Reply = { json: () => unknown; body: string; statusCode: number };

/** A successful camelCase envelope. */
export function ok<T>(response: Reply): CamelEnvelope<T> {
  const body = response.json() as CamelEnvelope<T>;
  expect(body, response.body).toMatchObject({ isSuccess: true });
  return body;
}

/** A refused camelCase envelope (HTTP 200) with its ErrorCode; answers the message. */
export function refused(response: Reply, errorCode: number): string {
  const body = response.json() as CamelEnvelope<null>;
  expect(response.statusCode, response.body).toBe(200);
  expect(body, response.body).toMatchObject({ isSuccess: false, errorCode });
  return body.message ?? '';
}
