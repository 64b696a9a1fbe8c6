import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { OPERATION_ID_HEADER, type TParcel, type TZoneListItem } from '@sorting/contracts';
import { callWithSession, signInByBadge } from './sessions.js';

/** Demo badges (src/db/demo-data.ts). */
export const BADGES = {
  /** Иванов Пётр, worker of sorting centre 34717. */
  worker: '~W1001-7KQ2',
  /** Сидорова Анна, another worker of 34717. */
  otherWorker: '~W1002-3MX8',
  /** Козлов Дмитрий, worker of warehouse 1201 (no sorting centre). */
  foreignWorker: '~W1101-2PL5',
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in user making the web app's sorting calls. */
export interface SortingClient {
  token: string;
  call: (
    method: Method,
    url: string,
    payload?: unknown,
    operationId?: string,
  ) => Promise<LightMyRequestResponse>;
  /** parcels/scan in a warehouse and zone; asserts success and answers the parcel. */
  scan: (barcode: string, zoneId: number) => Promise<TParcel>;
}

export async function signInClient(
  app: FastifyInstance,
  badge: string,
  warehouseId: () => number,
): Promise<SortingClient> {
  const { token } = await signInByBadge(app, badge);
  if (!token) throw new Error(`sign-in with ${badge} failed`);
  const call: SortingClient['call'] = (method, url, payload, operationId) =>
    callWithSession(
      app,
      token,
      method,
      url,
      payload,
      operationId === undefined ? {} : { [OPERATION_ID_HEADER]: operationId },
    );
  return {
    token,
    call,
    scan: async (barcode, zoneId) => {
      const response = await call('POST', '/sorting-api/parcels/scan', {
        barcode,
        warehouseId: warehouseId(),
        userId: 1,
        zoneId,
      });
      const body = response.json();
      expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
      return body.OperationObject as TParcel;
    },
  };
}

export function newOperationId(): string {
  return randomUUID();
}

/** The zone ids of a warehouse by zone number. */
export async function zoneIdsOf(
  client: SortingClient,
  warehouseId: number,
): Promise<Map<number, number>> {
  const response = await client.call('GET', `/sorting-api/zones?warehouseId=${warehouseId}`);
  const zones = response.json().OperationObject as TZoneListItem[];
  return new Map(zones.map((zone) => [zone.Number, zone.Id]));
}

export async function warehouseIdOf(client: SortingClient, number: number): Promise<number> {
  const response = await client.call('POST', '/sorting-api/warehouses/search', { number });
  return response.json().OperationObject.Id as number;
}

/** A cell id by barcode through cells/search. */
export async function cellIdOf(
  client: SortingClient,
  warehouseId: number,
  barcode: string,
): Promise<number> {
  const response = await client.call('POST', '/sorting-api/cells/search', {
    barcode,
    warehouseId,
  });
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  return body.OperationObject.id as number;
}

/** Asserts a refused envelope (HTTP 200, IsSuccess false) with an ErrorCode. */
export function expectRefused(response: LightMyRequestResponse, errorCode: number): string {
  const body = response.json();
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: false, ErrorCode: errorCode });
  return body.Message as string;
}
