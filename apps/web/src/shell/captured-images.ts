/**
 * The hand-over of a still from /capture-image to the page that asked for it
 * (`/capture-image?returnTo=<path>&slot=<id>`, docs/DECISIONS.md "Device pages"): the JPEG
 * waits in IndexedDB under its slot until that page takes it, once. Entries older than an hour
 * are dropped, so a photo nobody came back for does not stay on a shared device.
 */

const DATABASE = 'sorting-captured-images';
const STORE = 'images';
/** How long a still waits for its page. */
export const CAPTURED_IMAGE_LIFETIME_MS = 60 * 60 * 1000;

interface Entry {
  slot: string;
  blob: Blob;
  at: number;
}

/** A slot id: letters, digits, `-` and `_`, up to 64 characters. */
export function isSlotId(value: string | null): value is string {
  return value !== null && /^[\w-]{1,64}$/.test(value);
}

/**
 * `returnTo` when it is a path of this app (same origin, a single leading `/`), else null: a
 * hand-over never sends anyone to another site.
 */
export function appReturnPath(value: string | null, origin: string): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

function request<T>(call: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const opening = factory.open(DATABASE, 1);
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore(STORE, { keyPath: 'slot' });
  };
  return request(opening);
}

/** Runs `work` in one read-write transaction and closes the database when it is done. */
async function inStore<T>(
  factory: IDBFactory,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const database = await open(factory);
  try {
    const transaction = database.transaction(STORE, 'readwrite');
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error ?? new Error('aborted'));
    });
    const result = await work(transaction.objectStore(STORE));
    await done;
    return result;
  } finally {
    database.close();
  }
}

async function dropOld(store: IDBObjectStore, now: number): Promise<void> {
  const entries = (await request(store.getAll())) as Entry[];
  for (const entry of entries)
    if (now - entry.at > CAPTURED_IMAGE_LIFETIME_MS) await request(store.delete(entry.slot));
}

/** Keeps `blob` under `slot` (replacing what was there). */
export function putCapturedImage(
  slot: string,
  blob: Blob,
  now = Date.now(),
  factory: IDBFactory = indexedDB,
): Promise<void> {
  return inStore(factory, async (store) => {
    await dropOld(store, now);
    await request(store.put({ slot, blob, at: now } satisfies Entry));
  });
}

/** The still under `slot`, removed as it is taken; null when there is none (or it is too old). */
export function takeCapturedImage(
  slot: string,
  now = Date.now(),
  factory: IDBFactory = indexedDB,
): Promise<Blob | null> {
  return inStore(factory, async (store) => {
    await dropOld(store, now);
    const entry = (await request(store.get(slot))) as Entry | undefined;
    if (!entry) return null;
    await request(store.delete(slot));
    return entry.blob;
  });
}
