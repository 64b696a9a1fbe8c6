import { expect } from 'vitest';
import { transitionsOf } from '../../test/machine-graph';
import { createActor, waitFor, type AnyStateNode, type InspectionEvent } from 'xstate';
import {
  REASON_DISABLED,
  REASON_ENABLED,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_REASON_CODES,
  type TReturnAccepted,
  type TReturnItem,
  type TReturnPayload,
  type TReturnPhoto,
  type TReturnReasonCode,
} from '@sorting/contracts';
import {
  returnsMachine,
  type CallResult,
  type PhotoFile,
  type ReturnsError,
  type ReturnsEvent,
  type ReturnsPorts,
} from './returns.machine';

// The returns machine's test fixture: catalogue data, a fake returns-api, `start` (an actor
// with fake ports, recording visited state nodes, fired transitions and f-codes) for the
// scenarios of returns.machine.test.ts.

export function item(
  code: string,
  barcode: string,
  name: string,
  quantityAvailable: number,
  unitPrice: number,
  disabled: TReturnReasonCode[] = [],
): TReturnItem {
  return {
    code,
    barcode,
    article: 'A-1',
    brand: 'Acme',
    name,
    quantityAvailable,
    returnCost: unitPrice * quantityAvailable,
    currencyPostfix: '₽',
    images: [],
    shippedDateUtc: '2026-11-18T10:00:00.000Z',
    shipmentWarehouseCode: '34717',
    reasons: RETURN_REASON_CODES.map((reasonCode) => ({
      code: reasonCode,
      disableCode: disabled.includes(reasonCode) ? REASON_DISABLED : REASON_ENABLED,
    })),
  };
}

export const PARCELS: Record<string, TReturnItem[]> = {
  P300001: [item('ITM-300001-1', 'P300001', 'Чайник', 1, 2490)],
  P300002: [item('ITM-300002-1', 'P300002', 'Кружка', 3, 590)],
  P300003: [
    item('ITM-300003-1', 'P300003', 'Футболка', 1, 1290, ['fake']),
    item('ITM-300003-2', 'P300003', 'Носки', 2, 450),
  ],
  P300004: [item('ITM-300004-1', 'P300004', 'Лампа', 0, 1890)],
  P300012: [
    item('ITM-300012-1', 'P300012', 'Ноль', 0, 100),
    item('ITM-300012-2', 'P300012', 'Один', 1, 100),
  ],
};

export type Failure = 'network' | 'refused' | 'server' | 'denied';

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

export const file = (name: string, size = 1000): PhotoFile => ({ name, size });

export function createFakeServer() {
  const photos = new Map<string, TReturnPhoto>();
  const accepted = new Map<string, TReturnAccepted>();
  const returns: TReturnPayload[][] = [];
  const operationIds: string[] = [];
  const uploads: string[] = [];
  const deletes: string[] = [];
  const failOnce: Partial<Record<'policies' | 'delete' | 'return', Failure>> = {};
  /** return2 went through but its answer is lost once. */
  let loseAnswer = false;
  let nextId = 1;

  const take = (name: 'policies' | 'delete' | 'return') => {
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  const failed = <T>(failure: Failure): Promise<CallResult<T>> => {
    if (failure === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (failure === 'server')
      return Promise.resolve(result<T>(null, { status: 503, errorCode: 503, message: 'БД' }));
    if (failure === 'denied')
      return Promise.resolve(result<T>(null, { status: 403, errorCode: 403, message: 'Нет' }));
    return Promise.resolve(result<T>(null, { errorCode: 1, message: 'Отказано' }));
  };

  const ports: Pick<ReturnsPorts, 'loadPolicies' | 'uploadPhoto' | 'deletePhoto' | 'acceptReturn'> =
    {
      loadPolicies: ({ parcelBarcode: [barcode = ''], warehouseCode }) => {
        expect(warehouseCode).toBe('34717');
        const failure = take('policies');
        if (failure) return failed(failure);
        const items = PARCELS[barcode];
        if (!items)
          return Promise.resolve(
            result<TReturnItem[]>(null, {
              errorCode: 404,
              message: `Отправление ${barcode} не найдено`,
            }),
          );
        return Promise.resolve(result(structuredClone(items)));
      },
      uploadPhoto: async ({ barcode, file: chosen, onProgress }) => {
        uploads.push(chosen.name);
        onProgress(0.5);
        await Promise.resolve();
        if (chosen.name.includes('network')) throw new TypeError('Failed to fetch');
        const refusal = (
          [
            ['text', 415, 'Не изображение'],
            ['big', 413, 'Слишком большой'],
            ['many', 429, 'Слишком много'],
            ['broken', 500, 'Ошибка'],
          ] as const
        ).find(([marker]) => chosen.name.includes(marker));
        if (refusal)
          return result<TReturnPhoto>(null, { errorCode: refusal[1], message: refusal[2] });
        const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
        const photo: TReturnPhoto = {
          id,
          barcode,
          fileName: chosen.name,
          contentType: 'image/png',
          size: chosen.size,
          url: `/returns-api/return/image/${id}`,
        };
        photos.set(id, photo);
        onProgress(1);
        return result(photo);
      },
      deletePhoto: (id) => {
        deletes.push(id);
        const failure = take('delete');
        if (failure) return failed(failure);
        if (!photos.delete(id))
          return Promise.resolve(result<boolean>(null, { errorCode: 104, message: 'Нет фото' }));
        return Promise.resolve(result(true));
      },
      acceptReturn: ({ payload, operationId }) => {
        operationIds.push(operationId);
        const repeat = accepted.get(operationId);
        if (repeat) return Promise.resolve(result(repeat, {}));
        const failure = take('return');
        if (failure) return failed(failure);
        const answer: TReturnAccepted = {
          returnId: returns.length + 1,
          items: payload.map((line) => ({
            code: line.code,
            barcode: line.barcode,
            quantity: line.quantity,
            returnCost: line.returnCost,
          })),
        };
        returns.push(payload);
        accepted.set(operationId, answer);
        if (loseAnswer) {
          loseAnswer = false;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return Promise.resolve(result(answer));
      },
    };
  return {
    ports,
    photos,
    returns,
    operationIds,
    uploads,
    deletes,
    failNext: (name: 'policies' | 'delete' | 'return', failure: Failure) => {
      failOnce[name] = failure;
    },
    loseNextAnswer: () => {
      loseAnswer = true;
    },
  };
}

// ---------------------------------------------------------------------------------------
// Coverage of the machine's graph.

export const transitionNames = transitionsOf(returnsMachine);
export const visitedNodes = new Set<string>();
export const firedTransitions = new Set<string>();
export const firedCodes = new Set<string>();

export function start() {
  const server = createFakeServer();
  const errors: ReturnsError[] = [];
  const accepted: Array<{ barcode: string; name: string; quantity: number }> = [];
  let navigations = 0;
  let operation = 0;
  const actor = createActor(returnsMachine, {
    input: {
      warehouseCode: '34717',
      ports: {
        ...server.ports,
        createOperationId: () => `op-${++operation}`,
        notifyError: (error) => {
          errors.push(error);
          firedCodes.add(error.code);
        },
        notifyAccepted: (value) => accepted.push(value),
        navigateToSorting: () => {
          navigations += 1;
        },
      },
    },
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep') return;
      for (const transition of event._transitions) {
        const name = transitionNames.get(transition);
        if (name) firedTransitions.add(name);
      }
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
      if (snapshot.machine === returnsMachine)
        for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
    },
  });
  actor.start();
  const settled = () =>
    waitFor(actor, (state) => !state.hasTag('busy') && !state.hasTag('uploading'), {
      timeout: 2000,
    });
  const state = () => {
    const value = actor.getSnapshot().value;
    return typeof value === 'string'
      ? value
      : Object.entries(value)
          .map(([key, inner]) =>
            typeof inner === 'string'
              ? `${key}.${inner}`
              : `${key}.${Object.entries(inner ?? {})
                  .map(([k, v]) => `${k}.${String(v)}`)
                  .join('')}`,
          )
          .join('');
  };
  return {
    actor,
    server,
    errors,
    accepted,
    navigations: () => navigations,
    settled,
    state,
    context: () => actor.getSnapshot().context,
    codes: () => errors.map((error) => error.code),
    async send(...events: (ReturnsEvent | string)[]) {
      for (const event of events) {
        actor.send(typeof event === 'string' ? { type: 'SCANNED', text: event } : event);
        await settled();
      }
      return state();
    },
    photos: (files: PhotoFile[]) => ({ type: 'PHOTOS_CHOSEN' as const, files }),
    photoIds: () =>
      Object.values(actor.getSnapshot().context.photos)
        .flat()
        .map((photo) => photo.id),
  };
}

export const NEXT = { type: 'NEXT' } as const;
export const BACK = { type: 'BACK' } as const;
export const CANCEL = { type: 'CANCEL' } as const;
export const CONFIRMED = { type: 'CONFIRMED' } as const;
export const reason = (code: TReturnReasonCode) => ({ type: 'REASON_CHOSEN' as const, code });
export const comment = (text: string) => ({ type: 'COMMENT_CHANGED' as const, text });

/** Walks one photo step through every refusal and the delete; leaves one photo in it. */
export async function exercisePhotoStep(s: ReturnType<typeof start>, where: string, step: string) {
  const before = s.errors.length;
  expect(s.state()).toBe(where);
  // No photo yet: Next does nothing.
  expect(await s.send(NEXT)).toBe(where);
  // Too big before any upload (client-side, f-0007); the rest of the choice goes on.
  const uploadsBefore = s.server.uploads.length;
  expect(
    await s.send(
      s.photos([
        file('huge.jpg', RETURN_PHOTO_MAX_BYTES + 1),
        file(`${step}-1.jpg`),
        file('a.jpg'),
      ]),
    ),
  ).toBe(where);
  expect(s.server.uploads.slice(uploadsBefore)).toEqual([`${step}-1.jpg`, 'a.jpg']);
  expect(s.context().photos[step as 'act'].map((photo) => photo.fileName)).toEqual([
    `${step}-1.jpg`,
    'a.jpg',
  ]);
  // One by one, refused by content 415, by size 413, a failed call f-0005, a network f-0005.
  await s.send(
    s.photos([file('text.jpg'), file('big.jpg'), file('broken.jpg'), file('network.jpg')]),
  );
  // Too many for the parcel (429): the rest of the queue is dropped.
  await s.send(s.photos([file('many.jpg'), file('never.jpg')]));
  expect(s.server.uploads).not.toContain('never.jpg');
  expect(s.errors.slice(before).map((error) => [error.code, error.fileName])).toEqual([
    ['f-0007', 'huge.jpg'],
    ['f-0006', 'text.jpg'],
    ['f-0007', 'big.jpg'],
    ['f-0005', 'broken.jpg'],
    ['f-0005', 'network.jpg'],
    ['f-0008', 'many.jpg'],
  ]);
  // Deleting one: a refused delete keeps it (f-0009), a failed one too, then it goes.
  const [, second] = s.context().photos[step as 'act'];
  s.server.failNext('delete', 'refused');
  await s.send({ type: 'PHOTO_DELETE', id: second?.id ?? '' });
  s.server.failNext('delete', 'network');
  await s.send({ type: 'PHOTO_DELETE', id: second?.id ?? '' });
  expect(s.context().photos[step as 'act']).toHaveLength(2);
  expect(s.codes().slice(-2)).toEqual(['f-0009', 'f-0009']);
  // Not a photo of this step: nothing.
  await s.send({ type: 'PHOTO_DELETE', id: 'other' });
  await s.send({ type: 'PHOTO_DELETE', id: second?.id ?? '' });
  expect(s.context().photos[step as 'act'].map((photo) => photo.fileName)).toEqual([
    `${step}-1.jpg`,
  ]);
  expect(s.server.photos.has(second?.id ?? '')).toBe(false);
}
