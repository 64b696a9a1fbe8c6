import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { PhotoStoreConfig } from '../../config.js';

/**
 * Where the bytes of return photos live; the database keeps only their key. Keys are made by
 * the service (a uuid), never by the client.
 */
export interface PhotoStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; a missing key is no error (a delete may be retried). */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** A key is ours: letters, digits, '-' and '/' between segments; never '..' or absolute. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid photo key ${JSON.stringify(key)}`);
  return key;
}

/** Photos as files in a folder (the default: `<DATA_DIR>/photos`). */
export function createFolderPhotoStore(folder: string): PhotoStore {
  const fileOf = (key: string) => path.join(folder, ...checkKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a crash never leaves half a photo under its key.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}

/** Photos in an S3 bucket (AWS or any S3-compatible server such as MinIO). */
export function createS3PhotoStore(config: Extract<PhotoStoreConfig, { kind: 's3' }>): PhotoStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // Bucket in the path: S3-compatible servers rarely serve virtual-host buckets.
    forcePathStyle: true,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: compatible servers often reject the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => `${config.prefix}${checkKey(key)}`;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
    async close() {
      client.destroy();
    },
  };
}

/** The store the configuration names. */
export function createPhotoStore(config: PhotoStoreConfig): PhotoStore {
  return config.kind === 's3' ? createS3PhotoStore(config) : createFolderPhotoStore(config.folder);
}
