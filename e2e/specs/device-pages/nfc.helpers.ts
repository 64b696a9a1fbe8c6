import type { Page } from '@playwright/test';

/** A record as the fake tag holds it: text data, as Web NFC's write() takes it. */
export interface FakeRecord {
  recordType: string;
  data?: string;
  lang?: string;
  mediaType?: string;
}

export interface FakeTag {
  serialNumber: string;
  records: FakeRecord[];
}

/**
 * A fake Web NFC (`NDEFReader`) in the page, before any of its scripts, and the NFC permission
 * granted. `window.__nfc.tap(tag)` brings a tag near (every running scan reads it; a scan
 * started while it is near reads it too), `remove()` takes it away; `write()` replaces the near
 * tag's records.
 */
export async function installFakeNfc(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Rec = { recordType: string; data?: string; lang?: string; mediaType?: string };
    type Tag = { serialNumber: string; records: Rec[] };
    const encoder = new TextEncoder();
    const readers = new Set<EventTarget & { onreading: ((event: Event) => void) | null }>();
    let near: Tag | null = null;
    const toRecord = (record: Rec) => ({
      recordType: record.recordType,
      mediaType: record.mediaType ?? null,
      encoding: record.recordType === 'text' ? 'utf-8' : null,
      lang: record.lang ?? null,
      data: record.data === undefined ? null : new DataView(encoder.encode(record.data).buffer),
    });
    const fire = (reader: EventTarget & { onreading: ((event: Event) => void) | null }) => {
      if (!near || !readers.has(reader)) return;
      const event = Object.assign(new Event('reading'), {
        serialNumber: near.serialNumber,
        message: { records: near.records.map(toRecord) },
      });
      reader.onreading?.(event);
    };
    class FakeNDEFReader extends EventTarget {
      onreading: ((event: Event) => void) | null = null;
      onreadingerror: ((event: Event) => void) | null = null;
      scan(options: { signal?: AbortSignal } = {}): Promise<void> {
        if (options.signal?.aborted) {
          return Promise.reject(new DOMException('Aborted', 'AbortError'));
        }
        readers.add(this);
        options.signal?.addEventListener('abort', () => readers.delete(this));
        if (near) setTimeout(() => fire(this), 50);
        return Promise.resolve();
      }
      async write(message: { records: Rec[] } | string): Promise<void> {
        if (!near) throw new DOMException('No tag', 'NetworkError');
        const records =
          typeof message === 'string' ? [{ recordType: 'text', data: message }] : message.records;
        near = { ...near, records: records.map((record) => ({ ...record })) };
      }
    }
    Object.assign(window, {
      NDEFReader: FakeNDEFReader,
      __nfc: {
        tap(tag: Tag) {
          near = tag;
          for (const reader of readers) fire(reader);
        },
        remove() {
          near = null;
        },
        near: () => near,
      },
    });
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = (descriptor: PermissionDescriptor) =>
      (descriptor.name as string) === 'nfc'
        ? Promise.resolve({
            state: 'granted',
            addEventListener() {},
            removeEventListener() {},
          } as unknown as PermissionStatus)
        : query(descriptor);
  });
}

/** Brings a tag near the fake reader. */
export async function tapTag(page: Page, tag: FakeTag): Promise<void> {
  await page.evaluate((near) => {
    (window as unknown as { __nfc: { tap(tag: unknown): void } }).__nfc.tap(near);
  }, tag);
}

/** The records of the tag near the fake reader. */
export function nearTag(page: Page): Promise<FakeTag | null> {
  return page.evaluate(() =>
    (window as unknown as { __nfc: { near(): FakeTag | null } }).__nfc.near(),
  );
}
