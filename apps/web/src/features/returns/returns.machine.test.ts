import { describe, expect, it } from 'vitest';
import { stateNodesOf, transitionsOf } from '../../test/machine-graph';
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

// Model-based tests of the returns screen (conventions §4): event sequences from the start
// against a fake returns-api that behaves as returns-shared.md describes (policies, 404 for an
// unknown parcel, photos refused 415/413/429, delete, return2 idempotent by X-Operation-Id);
// together they must visit every state node and fire every transition (last test).

function item(
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

const PARCELS: Record<string, TReturnItem[]> = {
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

type Failure = 'network' | 'refused' | 'server' | 'denied';

function result<T>(value: T | null, extra: Partial<CallResult<T>> = {}): CallResult<T> {
  return {
    isSuccess: value !== null,
    message: null,
    errorCode: null,
    operationObject: value,
    status: 200,
    ...extra,
  };
}

const file = (name: string, size = 1000): PhotoFile => ({ name, size });

function createFakeServer() {
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
      loadPolicies: ({ barcode, warehouseCode }) => {
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

const transitionNames = transitionsOf(returnsMachine);
const visitedNodes = new Set<string>();
const firedTransitions = new Set<string>();
const firedCodes = new Set<string>();

function start() {
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

const NEXT = { type: 'NEXT' } as const;
const BACK = { type: 'BACK' } as const;
const CANCEL = { type: 'CANCEL' } as const;
const CONFIRMED = { type: 'CONFIRMED' } as const;
const reason = (code: TReturnReasonCode) => ({ type: 'REASON_CHOSEN' as const, code });
const comment = (text: string) => ({ type: 'COMMENT_CHANGED' as const, text });

describe('returns machine: scanning the parcel', () => {
  it('waits for a parcel scan; non-parcel scans are f-0004, an empty scan is ignored', async () => {
    const s = start();
    expect(s.state()).toBe('ScanRetunedPackage.waitScan');
    expect(
      await s.send('', '=34717-1-a-01', '~W1001-7KQ2', '_34717-1', '.69.12', 'https://x'),
    ).toBe('ScanRetunedPackage.waitScan');
    expect(s.codes()).toEqual(['f-0004', 'f-0004', 'f-0004', 'f-0004', 'f-0004']);
    expect(s.errors[0]).toEqual({ code: 'f-0004', barcode: '=34717-1-a-01' });
    expect(s.context().error?.code).toBe('f-0004');
  });

  it('unknown parcel f-0002 (with the barcode), nothing left f-0003, failed call f-0001', async () => {
    const s = start();
    expect(await s.send('P999999')).toBe('ScanRetunedPackage.waitScan');
    expect(s.errors).toEqual([
      { code: 'f-0002', barcode: 'P999999', message: 'Отправление P999999 не найдено' },
    ]);
    expect(await s.send('P300004')).toBe('ScanRetunedPackage.waitScan');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0003', barcode: 'P300004' });
    s.server.failNext('policies', 'network');
    expect(await s.send('P300001')).toBe('ScanRetunedPackage.waitScan');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: null });
    s.server.failNext('policies', 'denied');
    expect(await s.send('P300001')).toBe('ScanRetunedPackage.waitScan');
    expect(s.errors.at(-1)).toEqual({ code: 'f-0001', message: 'Нет' });
    expect(s.context().barcode).toBeNull();
    // A good scan goes on.
    expect(await s.send('P300001')).toBe('SelectReturnReason');
    expect(s.context().item?.code).toBe('ITM-300001-1');
    expect(s.context().quantity).toBe(1);
  });

  it('a parcel with several items lets the worker pick one; one returnable item is picked at once', async () => {
    const s = start();
    expect(await s.send('P300003')).toBe('ScanRetunedPackage.pickItem');
    expect(s.context().items.map((entry) => entry.code)).toEqual(['ITM-300003-1', 'ITM-300003-2']);
    // An unknown code changes nothing.
    expect(await s.send({ type: 'ITEM_PICKED', code: 'NOPE' })).toBe('ScanRetunedPackage.pickItem');
    expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
    expect(await s.send(BACK)).toBe('ScanRetunedPackage.pickItem');
    expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-1' })).toBe('SelectReturnReason');
    // fake is disabled for this item (disableCode 2): choosing it does nothing.
    expect(await s.send(reason('fake'))).toBe('SelectReturnReason');
    expect(s.context().reasonCode).toBeNull();
    expect(await s.send(BACK)).toBe('ScanRetunedPackage.pickItem');
    // Another parcel scanned at the item list replaces this one.
    expect(await s.send('P300012')).toBe('SelectReturnReason');
    expect(s.context().item?.code).toBe('ITM-300012-2');
    expect(await s.send(BACK)).toBe('ScanRetunedPackage.waitScan');
    expect(s.context().barcode).toBeNull();
    expect(await s.send('P300003')).toBe('ScanRetunedPackage.pickItem');
    expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(s.errors).toEqual([]);
  });
});

describe('returns machine: count, reason and routing (spec §4)', () => {
  it('count comes first for more than one unit; 0 or more than available is not taken', async () => {
    const s = start();
    expect(await s.send('P300002')).toBe('SelectReturnCount');
    expect(await s.send({ type: 'COUNT_CHOSEN', count: 0 })).toBe('SelectReturnCount');
    expect(await s.send({ type: 'COUNT_CHOSEN', count: 4 })).toBe('SelectReturnCount');
    expect(await s.send({ type: 'COUNT_CHOSEN', count: 1.5 })).toBe('SelectReturnCount');
    expect(await s.send({ type: 'COUNT_CHOSEN', count: 2 })).toBe('SelectReturnReason');
    expect(s.context().quantity).toBe(2);
    expect(await s.send(BACK)).toBe('SelectReturnCount');
    expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(await s.send('P300002')).toBe('SelectReturnCount');
    expect(await s.send(BACK)).toBe('ScanRetunedPackage.waitScan');
  });

  it('damage_item and fake go straight to the confirmation; the cost is price × count', async () => {
    const s = start();
    await s.send('P300002', { type: 'COUNT_CHOSEN', count: 2 });
    expect(await s.send(reason('damage_item'))).toBe('ConfirmReturnPackage.idle');
    expect(await s.send(BACK)).toBe('SelectReturnReason');
    expect(await s.send(reason('fake'))).toBe('ConfirmReturnPackage.idle');
    expect(await s.send(CONFIRMED)).toBe('accepted');
    expect(s.server.returns).toEqual([
      [
        {
          code: 'ITM-300002-1',
          barcode: 'P300002',
          quantity: 2,
          reasonCode: 'fake',
          reasonComment: '',
          comment: '',
          returnCost: 1180,
          imagesIds: [],
        },
      ],
    ]);
    expect(s.accepted).toEqual([{ barcode: 'P300002', name: 'Кружка', quantity: 2 }]);
    expect(s.navigations()).toBe(1);
    expect(s.actor.getSnapshot().status).toBe('done');
  });

  it('another_reason asks for a comment (required) in CheckQualityReturn', async () => {
    const s = start();
    await s.send('P300001');
    expect(await s.send(reason('another_reason'))).toBe('CheckQualityReturn');
    expect(await s.send(NEXT, comment('   '), NEXT)).toBe('CheckQualityReturn');
    expect(await s.send(BACK)).toBe('SelectReturnReason');
    expect(await s.send(reason('another_reason'), comment('Не подошёл цвет'), NEXT)).toBe(
      'ConfirmReturnPackage.idle',
    );
    expect(await s.send(BACK)).toBe('CheckQualityReturn');
    expect(s.context().comment).toBe('Не подошёл цвет');
    expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(s.context().comment).toBe('');
    await s.send('P300001', reason('another_reason'), comment('Не подошёл цвет'), NEXT);
    expect(await s.send(CONFIRMED)).toBe('accepted');
    expect(s.server.returns[0]?.[0]).toMatchObject({
      reasonCode: 'another_reason',
      comment: 'Не подошёл цвет',
      returnCost: 2490,
    });
  });

  it('oversort: choose oversort or shortage (required) and a comment', async () => {
    const s = start();
    await s.send('P300001');
    expect(await s.send(reason('oversort'))).toBe('OversortOrShortage');
    expect(await s.send(NEXT)).toBe('OversortOrShortage');
    expect(await s.send(BACK)).toBe('SelectReturnReason');
    await s.send(reason('oversort'));
    expect(
      await s.send({ type: 'PROBLEM_CHOSEN', problem: 'shortage' }, comment('Нет крышки')),
    ).toBe('OversortOrShortage');
    expect(await s.send(NEXT)).toBe('ConfirmReturnPackage.idle');
    expect(await s.send(BACK)).toBe('OversortOrShortage');
    expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    await s.send('P300001', reason('oversort'), { type: 'PROBLEM_CHOSEN', problem: 'oversort' });
    expect(await s.send(NEXT, CONFIRMED)).toBe('accepted');
    expect(s.server.returns[0]?.[0]).toMatchObject({
      reasonCode: 'oversort',
      reasonComment: 'oversort',
      comment: '',
    });
  });

  it('changing the reason forgets the comment and the problem of the other one', async () => {
    const s = start();
    await s.send('P300001', reason('oversort'), { type: 'PROBLEM_CHOSEN', problem: 'shortage' });
    await s.send(comment('x'), BACK, reason('oversort'));
    expect(s.context().problem).toBe('shortage');
    await s.send(BACK, reason('another_reason'));
    expect(s.context().problem).toBeNull();
    expect(s.context().comment).toBe('');
  });
});

/** Walks one photo step through every refusal and the delete; leaves one photo in it. */
async function exercisePhotoStep(s: ReturnType<typeof start>, where: string, step: string) {
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

describe('returns machine: photo steps', () => {
  it('manufacturing defect: documents photo, package photo, comment; cost 1', async () => {
    const s = start();
    await s.send('P300002', { type: 'COUNT_CHOSEN', count: 3 });
    expect(await s.send(reason('manufacturing_defects'))).toBe(
      'ManufacturingDefect.documentsPhoto.idle',
    );
    await exercisePhotoStep(s, 'ManufacturingDefect.documentsPhoto.idle', 'documents');
    expect(await s.send(NEXT)).toBe('ManufacturingDefect.packagePhoto.idle');
    expect(await s.send(BACK)).toBe('ManufacturingDefect.documentsPhoto.idle');
    await s.send(NEXT);
    await exercisePhotoStep(s, 'ManufacturingDefect.packagePhoto.idle', 'package');
    expect(await s.send(NEXT)).toBe('ManufacturingDefect.comment');
    expect(await s.send(BACK)).toBe('ManufacturingDefect.packagePhoto.idle');
    expect(await s.send(NEXT, comment('Не включается'), NEXT)).toBe('ConfirmReturnPackage.idle');
    expect(await s.send(BACK)).toBe('ManufacturingDefect.comment');
    await s.send(NEXT);
    expect(await s.send(CONFIRMED)).toBe('accepted');
    const [line] = s.server.returns[0] ?? [];
    expect(line).toMatchObject({
      reasonCode: 'manufacturing_defects',
      quantity: 3,
      returnCost: 1,
      comment: 'Не включается',
    });
    expect(line?.imagesIds).toHaveLength(2);
    expect(line?.imagesIds).toEqual(s.photoIds());
  });

  it('damage: act, invoice, package photos, comment', async () => {
    const s = start();
    await s.send('P300001');
    expect(await s.send(reason('damaged'))).toBe('PackDamage.actPhoto.idle');
    await exercisePhotoStep(s, 'PackDamage.actPhoto.idle', 'act');
    expect(await s.send(NEXT)).toBe('PackDamage.invoicePhoto.idle');
    await exercisePhotoStep(s, 'PackDamage.invoicePhoto.idle', 'invoice');
    expect(await s.send(BACK)).toBe('PackDamage.actPhoto.idle');
    expect(await s.send(BACK)).toBe('SelectReturnReason');
    // The photos stay while the reason stays.
    expect(await s.send(reason('damaged'), NEXT, NEXT)).toBe('PackDamage.packagePhoto.idle');
    await exercisePhotoStep(s, 'PackDamage.packagePhoto.idle', 'package');
    expect(await s.send(BACK)).toBe('PackDamage.invoicePhoto.idle');
    expect(await s.send(NEXT, NEXT)).toBe('PackDamage.comment');
    expect(await s.send(BACK, NEXT, NEXT)).toBe('ConfirmReturnPackage.idle');
    expect(await s.send(BACK)).toBe('PackDamage.comment');
    expect(await s.send(NEXT, CONFIRMED)).toBe('accepted');
    expect(s.server.returns[0]?.[0]?.imagesIds).toHaveLength(3);
    expect(s.server.returns[0]?.[0]?.returnCost).toBe(2490);
  });

  it('cancelling deletes the photos uploaded in this flow, from any photo step or later', async () => {
    for (const path of [
      ['damaged', []],
      ['damaged', [NEXT]],
      ['damaged', [NEXT, NEXT]],
      ['damaged', [NEXT, NEXT, NEXT]],
      ['manufacturing_defects', []],
      ['manufacturing_defects', [NEXT]],
      ['manufacturing_defects', [NEXT, NEXT]],
    ] as const) {
      const s = start();
      await s.send('P300001', reason(path[0]));
      for (const step of path[1]) {
        await s.send(s.photos([file('x.png')]));
        await s.send(step);
      }
      await s.send(s.photos([file('y.png')]));
      const held = s.photoIds();
      expect(held.length).toBeGreaterThan(0);
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(s.server.photos.size).toBe(0);
      expect(s.server.deletes).toEqual(held);
      expect(s.photoIds()).toEqual([]);
    }
  });

  it('cancel at the confirmation, at the reason, at the count or the item list deletes the photos too', async () => {
    const s = start();
    await s.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-2' });
    await s.send({ type: 'COUNT_CHOSEN', count: 1 }, reason('manufacturing_defects'));
    await s.send(s.photos([file('d.png')]), NEXT, s.photos([file('p.png')]), NEXT, NEXT);
    expect(s.state()).toBe('ConfirmReturnPackage.idle');
    // Back to the count (photos kept), then cancel there.
    await s.send(BACK, BACK, BACK, BACK, BACK);
    expect(s.state()).toBe('SelectReturnCount');
    expect(s.photoIds()).toHaveLength(2);
    // While photos are held, another parcel cannot replace this one at the item list.
    expect(await s.send(BACK, 'P300001')).toBe('ScanRetunedPackage.pickItem');
    expect(s.context().barcode).toBe('P300003');
    // Picking the same item again keeps its photos.
    expect(await s.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
    expect(s.photoIds()).toHaveLength(2);
    expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(s.server.photos.size).toBe(0);

    const c = start();
    await c.send('P300001', reason('damaged'), c.photos([file('a.png')]), NEXT);
    await c.send(c.photos([file('i.png')]), NEXT, c.photos([file('p.png')]), NEXT, NEXT);
    expect(c.state()).toBe('ConfirmReturnPackage.idle');
    c.server.failNext('delete', 'network');
    expect(await c.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    // One could not be deleted: f-0009; the others went.
    expect(c.codes()).toEqual(['f-0009']);
    expect(c.server.photos.size).toBe(1);

    const r = start();
    await r.send('P300001', reason('damaged'), r.photos([file('a.png')]), BACK);
    expect(r.state()).toBe('SelectReturnReason');
    expect(await r.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(r.server.photos.size).toBe(0);

    const k = start();
    await k.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-2' });
    await k.send({ type: 'COUNT_CHOSEN', count: 2 }, reason('damaged'), k.photos([file('a.png')]));
    await k.send(BACK, BACK);
    expect(k.state()).toBe('SelectReturnCount');
    expect(await k.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(k.server.photos.size).toBe(0);
  });

  it('another reason or another item deletes the photos it does not use', async () => {
    const s = start();
    await s.send('P300001', reason('damaged'), s.photos([file('act.png')]), NEXT);
    await s.send(s.photos([file('invoice.png')]), NEXT, s.photos([file('package.png')]));
    await s.send(BACK, BACK, BACK);
    expect(s.state()).toBe('SelectReturnReason');
    // Manufacturing defect keeps the package photo, the act and invoice photos go.
    expect(await s.send(reason('manufacturing_defects'))).toBe(
      'ManufacturingDefect.documentsPhoto.idle',
    );
    expect(s.context().photos.package.map((photo) => photo.fileName)).toEqual(['package.png']);
    expect([...s.server.photos.values()].map((photo) => photo.fileName)).toEqual(['package.png']);
    s.server.failNext('delete', 'refused');
    await s.send(BACK);
    expect(await s.send(reason('fake'))).toBe('ConfirmReturnPackage.idle');
    expect(s.codes()).toEqual(['f-0009']);
    expect(s.photoIds()).toEqual([]);

    const t = start();
    await t.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' });
    await t.send(reason('damaged'), t.photos([file('a.png')]), BACK, BACK);
    expect(t.state()).toBe('ScanRetunedPackage.pickItem');
    expect(await t.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
    expect(t.server.photos.size).toBe(0);
    expect(t.photoIds()).toEqual([]);

    const u = start();
    await u.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' });
    await u.send(reason('damaged'), u.photos([file('a.png')]), BACK, BACK);
    u.server.failNext('delete', 'network');
    expect(await u.send({ type: 'ITEM_PICKED', code: 'ITM-300003-2' })).toBe('SelectReturnCount');
    expect(u.codes()).toEqual(['f-0009']);
  });

  it('a photo chosen while another uploads waits in the queue; progress is reported', async () => {
    const s = start();
    await s.send('P300001', reason('damaged'));
    s.actor.send(s.photos([file('one.png')]));
    expect(s.actor.getSnapshot().hasTag('uploading')).toBe(true);
    // The fake reported half of it synchronously.
    expect(s.context().queue[0]?.progress).toBe(0.5);
    s.actor.send(s.photos([file('two.png')]));
    expect(s.context().queue.map((queued) => queued.file.name)).toEqual(['one.png', 'two.png']);
    // Busy with an upload: Next, Back and Cancel wait.
    s.actor.send(NEXT);
    s.actor.send(CANCEL);
    await s.settled();
    expect(s.state()).toBe('PackDamage.actPhoto.idle');
    expect(s.context().photos.act.map((photo) => photo.fileName)).toEqual(['one.png', 'two.png']);
    // A stale answer of an upload no longer running changes nothing.
    s.actor.send({ type: 'UPLOAD_DONE', key: 1, result: result<TReturnPhoto>(null) });
    expect(s.context().photos.act).toHaveLength(2);
  });
});

describe('returns machine: back and cancel at any step', () => {
  it('cancel without photos goes straight back to the scan', async () => {
    const paths: (ReturnsEvent | string)[][] = [
      ['P300001', reason('another_reason')],
      ['P300001', reason('oversort')],
      ['P300001', reason('manufacturing_defects')],
      ['P300001', reason('damaged')],
      ['P300001', reason('fake')],
    ];
    for (const path of paths) {
      const s = start();
      await s.send(...path);
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
      expect(s.server.deletes).toEqual([]);
    }
  });

  it('photos held: cancel from the comment steps and the oversort and quality screens deletes them', async () => {
    const m = start();
    await m.send('P300001', reason('manufacturing_defects'), m.photos([file('d.png')]), NEXT);
    await m.send(m.photos([file('p.png')]), NEXT, comment('c'));
    expect(m.state()).toBe('ManufacturingDefect.comment');
    expect(await m.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(m.server.photos.size).toBe(0);

    const d = start();
    await d.send('P300001', reason('damaged'), d.photos([file('a.png')]), NEXT);
    await d.send(d.photos([file('i.png')]), NEXT, d.photos([file('p.png')]), NEXT);
    expect(await d.send(comment('Мятая коробка'))).toBe('PackDamage.comment');
    expect(d.context().comment).toBe('Мятая коробка');
    expect(await d.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(d.server.photos.size).toBe(0);

    // Photos of the package step survive into oversort or quality only through the reason list,
    // which deletes them; a single-item parcel's reason list Back is a cancel.
    const r = start();
    await r.send('P300001', reason('damaged'), r.photos([file('a.png')]), BACK);
    expect(await r.send(BACK)).toBe('ScanRetunedPackage.waitScan');
    expect(r.server.photos.size).toBe(0);

    const p = start();
    await p.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' }, reason('damaged'));
    await p.send(p.photos([file('a.png')]), BACK, BACK);
    expect(p.state()).toBe('ScanRetunedPackage.pickItem');
    expect(await p.send(BACK)).toBe('ScanRetunedPackage.waitScan');
    expect(p.server.photos.size).toBe(0);
    await p.send('P300003', { type: 'ITEM_PICKED', code: 'ITM-300003-1' }, reason('damaged'));
    await p.send(p.photos([file('a.png')]), BACK, BACK);
    expect(await p.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    expect(p.server.photos.size).toBe(0);
    await p.send('P300003');
    expect(await p.send(BACK)).toBe('ScanRetunedPackage.waitScan');

    const c = start();
    await c.send('P300002', { type: 'COUNT_CHOSEN', count: 2 }, reason('damaged'));
    await c.send(c.photos([file('a.png')]), BACK, BACK);
    expect(c.state()).toBe('SelectReturnCount');
    expect(await c.send(BACK)).toBe('ScanRetunedPackage.waitScan');
    expect(c.server.photos.size).toBe(0);
  });

  it('cancel at the quality check, oversort, confirmation and photo steps without photos', async () => {
    const steps: Array<[(ReturnsEvent | string)[], string]> = [
      [['P300001'], 'SelectReturnReason'],
      [['P300001', reason('another_reason')], 'CheckQualityReturn'],
      [['P300001', reason('oversort')], 'OversortOrShortage'],
      [['P300001', reason('fake')], 'ConfirmReturnPackage.idle'],
      [['P300001', reason('damaged')], 'PackDamage.actPhoto.idle'],
      [['P300001', reason('manufacturing_defects')], 'ManufacturingDefect.documentsPhoto.idle'],
    ];
    for (const [path, where] of steps) {
      const s = start();
      expect(await s.send(...path)).toBe(where);
      expect(await s.send(CANCEL)).toBe('ScanRetunedPackage.waitScan');
    }
  });
});

describe('returns machine: sending the return', () => {
  it('a lost answer is retried with the same X-Operation-Id; the server answers the stored result', async () => {
    const s = start();
    await s.send('P300001', reason('damage_item'));
    s.server.loseNextAnswer();
    expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
    expect(s.errors).toEqual([{ code: 'f-0010', message: null }]);
    expect(await s.send(CONFIRMED)).toBe('accepted');
    expect(s.server.operationIds).toEqual(['op-1', 'op-1']);
    expect(s.server.returns).toHaveLength(1);
    expect(s.navigations()).toBe(1);
  });

  it('a 5xx keeps the attempt; a refusal shows the server text and the next try is a new attempt', async () => {
    const s = start();
    await s.send('P300001', reason('damage_item'));
    s.server.failNext('return', 'server');
    expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
    s.server.failNext('return', 'refused');
    expect(await s.send(CONFIRMED)).toBe('ConfirmReturnPackage.idle');
    expect(s.errors).toEqual([
      { code: 'f-0010', message: 'БД' },
      { code: 'f-0010', message: 'Отказано' },
    ]);
    expect(await s.send(CONFIRMED)).toBe('accepted');
    expect(s.server.operationIds).toEqual(['op-1', 'op-1', 'op-2']);
    // Back and again is a new attempt too.
    const b = start();
    await b.send('P300001', reason('damage_item'), BACK, reason('fake'), CONFIRMED);
    expect(b.server.operationIds).toEqual(['op-2']);
  });
});

describe('returns machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    const nodes = stateNodesOf(returnsMachine).map((node) => node.id);
    expect(nodes.filter((id) => !visitedNodes.has(id))).toEqual([]);
    const all = [...transitionNames.values()];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((name) => !firedTransitions.has(name))).toEqual([]);
  });

  it('every f-code of the returns list fired', () => {
    const expected = Array.from(
      { length: 10 },
      (_, index) => `f-${String(index + 1).padStart(4, '0')}`,
    );
    expect(expected.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
