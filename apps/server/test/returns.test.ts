import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATION_ID_HEADER,
  RETURN_PHOTOS_MAX_PER_BARCODE,
  RETURN_PHOTO_MAX_BYTES,
  SESSION_COOKIE,
  type TReturnAccepted,
  type TReturnItem,
  type TReturnPayload,
  type TReturnPhoto,
  type TAcceptedReturn,
} from '@sorting/contracts';
import { LOCALE_COOKIE } from '@sorting/domain';
import { acceptedReturns, returnLines, returnPhotos } from '../src/db/schema.js';
import { createFolderPhotoStore } from '../src/modules/returns/photo-store.js';
import { createReturnsRepository } from '../src/modules/returns/returns.repository.js';
import { createReturnsService } from '../src/modules/returns/returns.service.js';
import { buildApp } from '../src/app.js';
import { createTestConfig, makeTempDir } from './helpers.js';
import { WEB_HEADERS, createClock, createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

const RETURNS = '/returns-api/return';

/** A real 1×1 PNG and the first bytes of a JPEG (file-type reads the signature). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  Buffer.alloc(64, 7),
]);

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let dataDir: ReturnType<typeof makeTempDir>;
let photosDir: string;
let worker: SortingClient;
let otherWorker: SortingClient;
let foreignWorker: SortingClient;

const noWarehouse = () => 0;

beforeAll(async () => {
  dataDir = makeTempDir('sorting-returns-');
  photosDir = path.join(dataDir.dir, 'photos');
  context = await createSessionTestApp({ DATA_DIR: dataDir.dir });
  worker = await signInClient(context.app, BADGES.worker, noWarehouse);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, noWarehouse);
  foreignWorker = await signInClient(context.app, BADGES.foreignWorker, noWarehouse);
});

afterAll(async () => {
  await context?.close();
  dataDir?.remove();
});

type Envelope<T> = {
  IsSuccess: boolean;
  Message: string | null;
  ErrorCode: number | null;
  IsRepeat: boolean;
  OperationObject: T;
};

async function policies(
  barcodes: string[],
  client: SortingClient = worker,
  warehouseCode = '34717',
): Promise<Envelope<TReturnItem[]> & { status: number }> {
  const response = await client.call('POST', `${RETURNS}/policies`, {
    warehouseCode,
    parcelBarcode: barcodes,
  });
  return { ...response.json(), status: response.statusCode };
}

async function itemOf(barcode: string, code: string): Promise<TReturnItem> {
  const body = await policies([barcode]);
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  const item = body.OperationObject.find((candidate) => candidate.code === code);
  if (!item) throw new Error(`no item ${code}`);
  return item;
}

async function upload(
  barcode: string,
  options: {
    fileData?: string;
    fileName?: string;
    client?: SortingClient;
    operationId?: string;
  } = {},
) {
  const response = await (options.client ?? worker).call(
    'POST',
    `${RETURNS}/image`,
    {
      barcode,
      fileData: options.fileData ?? `data:image/png;base64,${PNG_BASE64}`,
      fileName: options.fileName ?? 'photo.png',
    },
    options.operationId,
  );
  return { status: response.statusCode, body: response.json() as Envelope<TReturnPhoto> };
}

async function uploadOk(barcode: string, client: SortingClient = worker): Promise<TReturnPhoto> {
  const { body } = await upload(barcode, { client });
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  return body.OperationObject;
}

function line(barcode: string, code: string, overrides: Partial<TReturnPayload> = {}) {
  return {
    code,
    barcode,
    quantity: 1,
    reasonCode: 'another_reason',
    reasonComment: '',
    comment: '',
    returnCost: 0,
    imagesIds: [],
    ...overrides,
  } satisfies TReturnPayload;
}

async function return2(
  lines: TReturnPayload[],
  options: { client?: SortingClient; operationId?: string } = {},
) {
  const response = await (options.client ?? worker).call(
    'POST',
    `${RETURNS}/return2`,
    lines,
    options.operationId ?? newOperationId(),
  );
  return { status: response.statusCode, body: response.json() as Envelope<TReturnAccepted> };
}

async function acceptedReturnsOf(barcode: string): Promise<TAcceptedReturn[]> {
  const response = await worker.call('GET', `${RETURNS}/returns?barcode=${barcode}`);
  const body = response.json() as Envelope<TAcceptedReturn[]>;
  expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
  return body.OperationObject;
}

async function countRows() {
  const db = context.database.db;
  const [returns] = await db.select({ n: sql<number>`count(*)::int` }).from(acceptedReturns);
  const [lines] = await db.select({ n: sql<number>`count(*)::int` }).from(returnLines);
  const [photos] = await db.select({ n: sql<number>`count(*)::int` }).from(returnPhotos);
  return { returns: returns?.n, lines: lines?.n, photos: photos?.n };
}

function storedFiles(): string[] {
  return fs.existsSync(photosDir) ? fs.readdirSync(photosDir).sort() : [];
}

describe('policies', () => {
  it('lists an item with its price, picture, shipment and reasons', async () => {
    const body = await policies(['P300001']);
    expect(body).toMatchObject({ IsSuccess: true, ErrorCode: null });
    expect(body.OperationObject).toEqual([
      {
        code: 'ITM-300001-1',
        barcode: 'P300001',
        article: 'A-1001',
        brand: 'Acme',
        name: 'Чайник электрический',
        quantityAvailable: 1,
        returnCost: 2490,
        currencyPostfix: '₽',
        images: ['/demo/products/kettle.svg'],
        shippedDateUtc: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        shipmentWarehouseCode: '34717',
        reasons: [
          { code: 'another_reason', disableCode: 1 },
          { code: 'damage_item', disableCode: 1 },
          { code: 'oversort', disableCode: 1 },
          { code: 'fake', disableCode: 1 },
          { code: 'manufacturing_defects', disableCode: 1 },
          { code: 'damaged', disableCode: 1 },
        ],
      },
    ]);
    const shipped = new Date(body.OperationObject[0]?.shippedDateUtc ?? '');
    expect(shipped.getTime()).toBeLessThan(Date.now() - 24 * 60 * 60 * 1000);
  });

  it('lists every item of every parcel asked, with a disabled reason and a spent item', async () => {
    const body = await policies(['P300003', 'P300002', 'P300004']);
    expect(body.IsSuccess).toBe(true);
    const items = body.OperationObject;
    expect(
      items.map((item) => [item.barcode, item.code, item.quantityAvailable, item.returnCost]),
    ).toEqual([
      ['P300003', 'ITM-300003-1', 1, 1290],
      ['P300003', 'ITM-300003-2', 2, 900],
      ['P300002', 'ITM-300002-1', 3, 1770],
      ['P300004', 'ITM-300004-1', 0, 0],
    ]);
    const tshirt = items[0];
    expect(tshirt?.reasons.find((reason) => reason.code === 'fake')?.disableCode).toBe(2);
    expect(items[1]?.reasons.every((reason) => reason.disableCode === 1)).toBe(true);
  });

  it('answers an unknown parcel with ErrorCode 404 and its barcode, in the user’s language', async () => {
    const body = await policies(['P300001', 'P999999']);
    expect(body).toMatchObject({
      IsSuccess: false,
      ErrorCode: 404,
      Message: 'Отправление P999999 не найдено',
      OperationObject: null,
    });
    const english = await context.app.inject({
      method: 'POST',
      url: `${RETURNS}/policies`,
      headers: WEB_HEADERS,
      cookies: { [SESSION_COOKIE]: worker.token, [LOCALE_COOKIE]: 'en' },
      payload: { warehouseCode: '34717', parcelBarcode: ['P999999'] },
    });
    expect(english.statusCode).toBe(200);
    expect(english.json()).toMatchObject({ ErrorCode: 404, Message: 'Parcel P999999 not found' });
  });

  it('refuses a user of another warehouse (403) and a caller without a session (401)', async () => {
    const foreign = await policies(['P300001'], foreignWorker);
    expect(foreign).toMatchObject({ status: 403, IsSuccess: false, ErrorCode: 403 });
    // Their own warehouse does not open a parcel shipped from 34717 either.
    const own = await policies(['P300001'], foreignWorker, '1201');
    expect(own).toMatchObject({ status: 403, ErrorCode: 403 });
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `${RETURNS}/policies`,
      headers: WEB_HEADERS,
      payload: { warehouseCode: '34717', parcelBarcode: ['P300001'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses malformed requests with 400', async () => {
    const response = await worker.call('POST', `${RETURNS}/policies`, {
      warehouseCode: 'MSK',
      parcelBarcode: [],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 400 });
  });
});

describe('return2', () => {
  it('accepts a return, records the server’s own cost and lowers what is left', async () => {
    const mug = await itemOf('P300002', 'ITM-300002-1');
    // The client's returnCost is ignored: the server reckons 1770 × 2 / 3.
    const { status, body } = await return2([
      line('P300002', mug.code, { quantity: 2, returnCost: 1, comment: 'ручка отбита' }),
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ IsSuccess: true, IsRepeat: false });
    expect(body.OperationObject).toEqual({
      returnId: expect.any(Number),
      items: [{ code: 'ITM-300002-1', barcode: 'P300002', quantity: 2, returnCost: 1180 }],
    });
    const after = await itemOf('P300002', 'ITM-300002-1');
    expect(after).toMatchObject({ quantityAvailable: 1, returnCost: 590 });

    const [accepted] = await acceptedReturnsOf('P300002');
    expect(accepted).toMatchObject({
      returnId: body.OperationObject.returnId,
      userName: 'Иванов Пётр',
      warehouseCode: '34717',
      items: [
        {
          code: 'ITM-300002-1',
          barcode: 'P300002',
          quantity: 2,
          reasonCode: 'another_reason',
          comment: 'ручка отбита',
          returnCost: 1180,
          images: [],
        },
      ],
    });
    expect(Date.parse(accepted?.acceptedAtUtc ?? '')).not.toBeNaN();
  });

  it('answers a retry with the same X-Operation-Id as a repeat and changes nothing', async () => {
    const operationId = newOperationId();
    const first = await return2([line('P300002', 'ITM-300002-1')], { operationId });
    expect(first.body).toMatchObject({ IsSuccess: true, IsRepeat: false });
    const before = await countRows();
    const retry = await return2([line('P300002', 'ITM-300002-1')], { operationId });
    expect(retry.body).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(retry.body.OperationObject).toEqual(first.body.OperationObject);
    expect(await countRows()).toEqual(before);
    expect((await itemOf('P300002', 'ITM-300002-1')).quantityAvailable).toBe(0);
  });

  it('returns a manufacturing defect at cost 1 with its two photos bound to the line', async () => {
    const photos = [await uploadOk('P300009'), await uploadOk('P300009')];
    const { body } = await return2([
      line('P300009', 'ITM-300009-1', {
        reasonCode: 'manufacturing_defects',
        reasonComment: 'не включается',
        imagesIds: photos.map((photo) => photo.id),
      }),
    ]);
    expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: true });
    expect(body.OperationObject.items[0]?.returnCost).toBe(1);
    const [accepted] = await acceptedReturnsOf('P300009');
    expect(accepted?.items[0]).toMatchObject({
      reasonCode: 'manufacturing_defects',
      reasonComment: 'не включается',
      returnCost: 1,
    });
    expect(accepted?.items[0]?.images.map((photo) => photo.id).sort()).toEqual(
      photos.map((photo) => photo.id).sort(),
    );
  });

  /** A refusal: ErrorCode 1 (or the given one), a message, and nothing changed. */
  async function expectRefused(
    lines: TReturnPayload[],
    message: RegExp,
    errorCode = 1,
  ): Promise<void> {
    const before = await countRows();
    const { status, body } = await return2(lines);
    expect(status).toBe(200);
    expect(body, JSON.stringify(body)).toMatchObject({ IsSuccess: false, ErrorCode: errorCode });
    expect(body.Message).toMatch(message);
    expect(await countRows()).toEqual(before);
  }

  it('refuses more than is left, also across two lines and for a parcel returned in full', async () => {
    await expectRefused([line('P300001', 'ITM-300001-1', { quantity: 2 })], /не больше 1 шт/);
    await expectRefused(
      [
        line('P300003', 'ITM-300003-2', { quantity: 1 }),
        line('P300003', 'ITM-300003-2', { quantity: 2, reasonCode: 'oversort' }),
      ],
      /ITM-300003-2: можно вернуть не больше 2 шт\., указано 3/,
    );
    await expectRefused([line('P300004', 'ITM-300004-1')], /не больше 0 шт/);
    expect((await itemOf('P300001', 'ITM-300001-1')).quantityAvailable).toBe(1);
  });

  it('refuses a disabled reason, an unknown item and an unknown parcel', async () => {
    await expectRefused(
      [line('P300003', 'ITM-300003-1', { reasonCode: 'fake' })],
      /Подделка.*ITM-300003-1/,
    );
    await expectRefused([line('P300003', 'ITM-NOPE')], /ITM-NOPE/);
    await expectRefused([line('P999999', 'ITM-300001-1')], /Отправление P999999 не найдено/, 404);
  });

  it('refuses a return without the photos its reason needs', async () => {
    const one = await uploadOk('P300009');
    // P300009 was returned already; P300010 (damaged) needs three photos.
    const two = [await uploadOk('P300010'), await uploadOk('P300010')];
    await expectRefused(
      [line('P300010', 'ITM-300010-1', { reasonCode: 'damaged', imagesIds: two.map((p) => p.id) })],
      /нужно фото: 3, приложено 2/,
    );
    await expectRefused(
      [line('P300006', 'ITM-300006-1', { reasonCode: 'manufacturing_defects' })],
      /нужно фото: 2, приложено 0/,
    );
    await expectRefused(
      [
        line('P300010', 'ITM-300010-1', {
          reasonCode: 'damaged',
          imagesIds: [...two.map((p) => p.id), one.id],
        }),
      ],
      new RegExp(`Фото ${one.id} приложено к другому отправлению`),
    );
    const unknown = randomUUID();
    await expectRefused(
      [
        line('P300010', 'ITM-300010-1', {
          reasonCode: 'damaged',
          imagesIds: [...two.map((p) => p.id), unknown],
        }),
      ],
      new RegExp(`Фото ${unknown} не найдено`),
    );
    await expectRefused(
      [
        line('P300010', 'ITM-300010-1', {
          reasonCode: 'damaged',
          imagesIds: [two[0]?.id ?? '', two[0]?.id ?? '', two[1]?.id ?? ''],
        }),
      ],
      /указано дважды/,
    );
    const third = await uploadOk('P300010');
    const { body } = await return2([
      line('P300010', 'ITM-300010-1', {
        reasonCode: 'damaged',
        imagesIds: [...two.map((p) => p.id), third.id],
      }),
    ]);
    expect(body).toMatchObject({ IsSuccess: true });
  });

  it('refuses a photo that is already in an accepted return', async () => {
    const photo = await uploadOk('P300003');
    const first = await return2([
      line('P300003', 'ITM-300003-2', { reasonCode: 'damage_item', imagesIds: [photo.id] }),
    ]);
    expect(first.body).toMatchObject({ IsSuccess: true });
    await expectRefused(
      [line('P300003', 'ITM-300003-2', { reasonCode: 'damage_item', imagesIds: [photo.id] })],
      /уже в принятом возврате/,
    );
  });

  it('refuses a user who may not use the parcel’s shipment warehouse', async () => {
    const { status, body } = await return2([line('P300011', 'ITM-300011-1')], {
      client: foreignWorker,
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ IsSuccess: false, ErrorCode: 403 });
    expect((await itemOf('P300011', 'ITM-300011-1')).quantityAvailable).toBe(1);
  });

  it('lets exactly one of several workers returning the last unit at once win', async () => {
    const attempts = await Promise.all(
      [worker, otherWorker, worker, otherWorker, worker, otherWorker].map((client) =>
        return2([line('P300008', 'ITM-300008-1', { reasonCode: 'oversort' })], { client }),
      ),
    );
    const winners = attempts.filter((attempt) => attempt.body.IsSuccess);
    const losers = attempts.filter((attempt) => !attempt.body.IsSuccess);
    expect(winners).toHaveLength(1);
    expect(losers.map((attempt) => attempt.body.ErrorCode)).toEqual([1, 1, 1, 1, 1]);
    expect((await itemOf('P300008', 'ITM-300008-1')).quantityAvailable).toBe(0);
    const accepted = await acceptedReturnsOf('P300008');
    expect(accepted.flatMap((r) => r.items).reduce((sum, item) => sum + item.quantity, 0)).toBe(1);
  });
});

describe('photos', () => {
  it('stores a photo (data: prefix allowed) and serves it back with its type', async () => {
    const filesBefore = storedFiles();
    const photo = await uploadOk('P300011');
    expect(photo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      barcode: 'P300011',
      fileName: 'photo.png',
      contentType: 'image/png',
      size: Buffer.from(PNG_BASE64, 'base64').length,
      url: `/returns-api/return/image/${photo.id}`,
    });
    expect(storedFiles()).toEqual([...filesBefore, photo.id].sort());
    const image = await worker.call('GET', photo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload).toEqual(Buffer.from(PNG_BASE64, 'base64'));
    const foreign = await foreignWorker.call('GET', photo.url);
    expect(foreign.statusCode).toBe(403);
    const missing = await worker.call('GET', `${RETURNS}/image/${randomUUID()}`);
    expect(missing.json()).toMatchObject({ IsSuccess: false, ErrorCode: 104 });
  });

  it('recognises the type by content, never by the file name', async () => {
    const jpeg = await upload('P300011', {
      fileData: JPEG_BYTES.toString('base64'),
      fileName: 'looks-like.png',
    });
    expect(jpeg.body).toMatchObject({
      IsSuccess: true,
      OperationObject: { contentType: 'image/jpeg', fileName: 'looks-like.png' },
    });
    const webp = Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([36, 0, 0, 0]),
      Buffer.from('WEBPVP8 ', 'latin1'),
      Buffer.alloc(32, 1),
    ]);
    const webpPhoto = await upload('P300011', {
      fileData: webp.toString('base64'),
      fileName: 'x.jpg',
    });
    expect(webpPhoto.body.OperationObject).toMatchObject({ contentType: 'image/webp' });
    const rowsBefore = await countRows();
    const filesBefore = storedFiles();
    // An image, but not one of the accepted types.
    const gif = await upload('P300011', {
      fileData: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64'),
      fileName: 'anim.jpg',
    });
    expect(gif.body).toMatchObject({ IsSuccess: false, ErrorCode: 415 });
    const text = await upload('P300011', {
      fileData: Buffer.from('just some text, not a photo at all').toString('base64'),
      fileName: 'holiday.jpg',
    });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ IsSuccess: false, ErrorCode: 415 });
    expect(text.body.Message).toContain('holiday.jpg');
    expect(await countRows()).toEqual(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('refuses a photo over 10 MiB, however it is sent, and nothing is stored', async () => {
    const rowsBefore = await countRows();
    const filesBefore = storedFiles();
    const big = Buffer.alloc(RETURN_PHOTO_MAX_BYTES + 1, 0);
    Buffer.from(PNG_BASE64, 'base64').copy(big);
    const tooLarge = await upload('P300011', {
      fileData: `data:image/png;base64,${big.toString('base64')}`,
    });
    expect(tooLarge.status).toBe(200);
    expect(tooLarge.body).toMatchObject({ IsSuccess: false, ErrorCode: 413 });
    expect(tooLarge.body.Message).toBe('Фото больше 10 МБ');
    // Over even the image route's body limit: the same answer, not a bare 413.
    const huge = await upload('P300011', { fileData: 'A'.repeat(16 * 1024 * 1024) });
    expect(huge.status).toBe(200);
    expect(huge.body).toMatchObject({ IsSuccess: false, ErrorCode: 413 });
    expect(await countRows()).toEqual(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes a photo of exactly 10 MiB, while other routes keep their 1 MiB limit', async () => {
    const exact = Buffer.alloc(RETURN_PHOTO_MAX_BYTES, 1);
    Buffer.from(PNG_BASE64, 'base64').copy(exact);
    const photo = await upload('P300007', { fileData: exact.toString('base64') });
    expect(photo.body).toMatchObject({
      IsSuccess: true,
      OperationObject: { size: RETURN_PHOTO_MAX_BYTES },
    });
    const deleted = await worker.call('DELETE', photo.body.OperationObject.url);
    expect(deleted.json()).toMatchObject({ IsSuccess: true });
    const bigPolicies = await worker.call('POST', `${RETURNS}/policies`, {
      warehouseCode: '34717',
      parcelBarcode: ['P300001'],
      padding: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(bigPolicies.statusCode).toBe(413);
  });

  it('refuses an unknown parcel (404) and a user of another warehouse (403)', async () => {
    const unknown = await upload('P999999');
    expect(unknown.body).toMatchObject({ IsSuccess: false, ErrorCode: 404 });
    const foreign = await upload('P300011', { client: foreignWorker });
    expect(foreign.status).toBe(403);
  });

  it('answers a retried upload with the same photo', async () => {
    const operationId = newOperationId();
    const first = await upload('P300005', { operationId });
    const before = await countRows();
    const retry = await upload('P300005', { operationId });
    expect(retry.body).toMatchObject({ IsSuccess: true, IsRepeat: true });
    expect(retry.body.OperationObject).toEqual(first.body.OperationObject);
    expect(await countRows()).toEqual(before);
  });

  it('holds at most 12 unaccepted photos per parcel; a deleted one makes room', async () => {
    const barcode = 'P300006';
    const held: TReturnPhoto[] = [];
    for (let i = 0; i < RETURN_PHOTOS_MAX_PER_BARCODE; i += 1) {
      held.push(await uploadOk(barcode, i % 2 === 0 ? worker : otherWorker));
    }
    const filesBefore = storedFiles();
    const refused = await upload(barcode);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ IsSuccess: false, ErrorCode: 429 });
    expect(refused.body.Message).toBe('К отправлению P300006 уже приложено 12 фото');
    expect(storedFiles()).toEqual(filesBefore);

    const deleted = await worker.call('DELETE', held[0]?.url ?? '', undefined, newOperationId());
    expect(deleted.json()).toMatchObject({ IsSuccess: true, OperationObject: true });
    expect(storedFiles()).not.toContain(held[0]?.id);
    await uploadOk(barcode);
  });

  it('lets only one of several uploads at once take the last free place', async () => {
    const barcode = 'P300001';
    for (let i = 1; i < RETURN_PHOTOS_MAX_PER_BARCODE; i += 1) await uploadOk(barcode);
    const attempts = await Promise.all(
      [worker, otherWorker, worker, otherWorker].map((client) => upload(barcode, { client })),
    );
    expect(attempts.map((attempt) => attempt.body.ErrorCode).sort()).toEqual([429, 429, 429, null]);
    const held = await context.database.db
      .select({ id: returnPhotos.id })
      .from(returnPhotos)
      .where(eq(returnPhotos.barcode, barcode));
    expect(held).toHaveLength(RETURN_PHOTOS_MAX_PER_BARCODE);
  });

  it('deletes a photo (row and bytes); an unknown or deleted one is 104', async () => {
    const photo = await uploadOk('P300005');
    expect(storedFiles()).toContain(photo.id);
    const deleted = await worker.call('DELETE', photo.url);
    expect(deleted.json()).toMatchObject({ IsSuccess: true, OperationObject: true });
    const rows = await context.database.db
      .select()
      .from(returnPhotos)
      .where(eq(returnPhotos.id, photo.id));
    expect(rows).toEqual([]);
    expect(storedFiles()).not.toContain(photo.id);
    expect((await worker.call('GET', photo.url)).json()).toMatchObject({ ErrorCode: 104 });
    expect((await worker.call('DELETE', photo.url)).json()).toMatchObject({
      IsSuccess: false,
      ErrorCode: 104,
    });
    const malformed = await worker.call('DELETE', `${RETURNS}/image/not-a-uuid`);
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses to delete a photo of an accepted return', async () => {
    const [accepted] = await acceptedReturnsOf('P300009');
    const photo = accepted?.items[0]?.images[0];
    if (!photo) throw new Error('the manufacturing defect return has photos');
    const response = await worker.call('DELETE', photo.url);
    expect(response.json()).toMatchObject({ IsSuccess: false, ErrorCode: 1 });
    expect(response.json().Message).toMatch(/уже в принятом возврате/);
    expect(storedFiles()).toContain(photo.id);
    expect((await worker.call('GET', photo.url)).statusCode).toBe(200);
  });
});

describe('operation ids', () => {
  it('refuses a malformed X-Operation-Id', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `${RETURNS}/return2`,
      headers: { ...WEB_HEADERS, [OPERATION_ID_HEADER]: 'bad id' },
      cookies: { [SESSION_COOKIE]: worker.token },
      payload: [line('P300011', 'ITM-300011-1')],
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('sweeping abandoned photos', () => {
  it('deletes unaccepted photos older than a day, rows and bytes; keeps the rest', async () => {
    const service = createReturnsService({
      db: context.database.db,
      repository: createReturnsRepository,
      photoStore: createFolderPhotoStore(photosDir),
      now: context.clock.now,
      logError: (error) => {
        throw error;
      },
    });
    const old = await uploadOk('P300011');
    const [accepted] = await acceptedReturnsOf('P300009');
    const kept = accepted?.items[0]?.images ?? [];
    expect(kept).toHaveLength(2);

    context.clock.advanceMinutes(23 * 60);
    expect(await service.sweepAbandonedPhotos()).toBe(0);
    // Sessions end after 12 h: sign in again on the moved clock.
    const fresh = await uploadOk(
      'P300011',
      await signInClient(context.app, BADGES.worker, noWarehouse),
    );
    context.clock.advanceMinutes(2 * 60);

    const unboundBefore = await context.database.db
      .select({ id: returnPhotos.id })
      .from(returnPhotos)
      .where(sql`${returnPhotos.returnLineId} is null and ${returnPhotos.id} <> ${fresh.id}`);
    expect(unboundBefore.map((row) => row.id)).toContain(old.id);
    expect(await service.sweepAbandonedPhotos()).toBe(unboundBefore.length);

    const left = await context.database.db.select({ id: returnPhotos.id }).from(returnPhotos);
    const leftIds = left.map((row) => row.id);
    expect(leftIds).not.toContain(old.id);
    expect(leftIds).toContain(fresh.id);
    for (const photo of kept) expect(leftIds).toContain(photo.id);
    expect(storedFiles()).toEqual(leftIds.sort());
    expect(await service.sweepAbandonedPhotos()).toBe(0);
  });
});

describe('the app’s sweep timer', () => {
  it('sweeps abandoned photos on its interval and stops when the app closes', async () => {
    const clock = createClock(context.clock.now());
    const app = await buildApp({
      config: createTestConfig({ DATA_DIR: dataDir.dir }),
      database: context.database,
      keepDatabaseOpen: true,
      now: clock.now,
      photoSweepIntervalMs: 20,
    });
    try {
      const client = await signInClient(app, BADGES.worker, noWarehouse);
      const response = await client.call('POST', `${RETURNS}/image`, {
        barcode: 'P300011',
        fileData: PNG_BASE64,
        fileName: 'left.png',
      });
      const photo = (response.json() as Envelope<TReturnPhoto>).OperationObject;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(storedFiles()).toContain(photo.id);

      clock.advanceMinutes(25 * 60);
      await expect
        .poll(() => storedFiles().includes(photo.id), { timeout: 5_000, interval: 20 })
        .toBe(false);
      const rows = await context.database.db
        .select()
        .from(returnPhotos)
        .where(eq(returnPhotos.id, photo.id));
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
