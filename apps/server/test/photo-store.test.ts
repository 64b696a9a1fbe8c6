import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  createFolderPhotoStore,
  createPhotoStore,
  type PhotoStore,
} from '../src/modules/returns/photo-store.js';
import { makeTempDir } from './helpers.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, signInClient } from './sorting-client.js';

const BUCKET = 'sorting-photos';

/** The same promises, whatever the store keeps the bytes in. */
function describeStore(
  name: string,
  open: () => { store: PhotoStore; stored: (key: string) => boolean },
) {
  describe(name, () => {
    it('keeps bytes under a key, answers null for a missing key, deletes idempotently', async () => {
      const { store, stored } = open();
      const key = randomUUID();
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0, 255]);
      await store.put(key, bytes, 'image/jpeg');
      expect(stored(key)).toBe(true);
      expect(await store.get(key)).toEqual(bytes);
      expect(await store.get(randomUUID())).toBeNull();
      await store.delete(key);
      expect(stored(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
      await store.delete(key);
    });

    it('refuses keys that could leave the store', async () => {
      const { store } = open();
      await expect(store.put('../escape', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /invalid photo key/,
      );
      await expect(store.get('/etc/passwd')).rejects.toThrow(/invalid photo key/);
    });
  });
}

const folder = makeTempDir('sorting-photos-');
afterAll(() => folder.remove());
describeStore('folder photo store', () => ({
  store: createFolderPhotoStore(folder.dir),
  stored: (key) => fs.existsSync(path.join(folder.dir, key)),
}));

// A real S3 protocol server (s3rver) on a free port, reached through the real AWS SDK.
const s3Folder = makeTempDir('sorting-s3rver-');
let s3rver: S3rver;
let s3Store: PhotoStore;
beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Folder.dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3rver.run();
  const config = loadConfig({
    PHOTO_STORE_URL: `s3://${BUCKET}/returns`,
    PHOTO_STORE_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  s3Store = createPhotoStore(config.photoStore);
});
afterAll(async () => {
  await s3Store?.close();
  await s3rver?.close();
  s3Folder.remove();
});
describeStore('S3 photo store (s3rver)', () => ({
  store: s3Store,
  // s3rver keeps an object as a folder `<bucket>/<key>._S3rver_object`.
  stored: (key) =>
    fs.existsSync(path.join(s3Folder.dir, BUCKET, 'returns', `${key}._S3rver_object`)),
}));

describe('the returns calls over the S3 store', () => {
  it('uploads, serves and deletes a photo kept in the bucket', async () => {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Folder.dir,
      configureBuckets: [{ name: 'app-photos' }],
    });
    const { port } = await s3.run();
    const context = await createSessionTestApp({
      PHOTO_STORE_URL: 's3://app-photos',
      PHOTO_STORE_ENDPOINT: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const client = await signInClient(context.app, BADGES.worker, () => 0);
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      );
      const uploaded = await client.call('POST', '/returns-api/return/image', {
        barcode: 'P300001',
        fileData: png.toString('base64'),
        fileName: 'kettle.png',
      });
      const photo = uploaded.json().OperationObject as { id: string; url: string };
      const object = path.join(s3Folder.dir, 'app-photos', `${photo.id}._S3rver_object`);
      expect(fs.existsSync(object)).toBe(true);
      const served = await client.call('GET', photo.url);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload).toEqual(png);
      const deleted = await client.call('DELETE', photo.url);
      expect(deleted.json()).toMatchObject({ IsSuccess: true });
      expect(fs.existsSync(object)).toBe(false);
    } finally {
      await context.close();
      await s3.close();
    }
  });
});
