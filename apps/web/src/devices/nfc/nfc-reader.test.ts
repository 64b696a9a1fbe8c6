import { describe, expect, it } from 'vitest';
import { createNfcAdapter, isNfcAvailable, NfcError } from './nfc-reader';

/** A reader that reads one tag, holding a UTF-8 text record, as soon as a scan starts. */
function fakeReaderClass(text: string) {
  return class extends EventTarget {
    onreading: ((event: NDEFReadingEvent) => void) | null = null;
    onreadingerror = null;
    scan(options: { signal?: AbortSignal } = {}) {
      if (options.signal?.aborted) return Promise.reject(new DOMException('', 'AbortError'));
      queueMicrotask(() =>
        this.onreading?.(
          Object.assign(new Event('reading'), {
            serialNumber: '04:aa',
            message: {
              records: [
                {
                  recordType: 'text',
                  encoding: 'utf-8',
                  lang: 'ru',
                  data: new DataView(new TextEncoder().encode(text).buffer),
                },
              ],
            },
          }) as unknown as NDEFReadingEvent,
        ),
      );
      return Promise.resolve();
    }
    write() {
      return Promise.reject(new DOMException('', 'NotAllowedError'));
    }
  } as unknown as { new (): NDEFReader };
}

describe('the NFC adapter', () => {
  it('needs the class and a secure context', () => {
    expect(isNfcAvailable({ isSecureContext: true })).toBe(false);
    expect(isNfcAvailable({ NDEFReader: fakeReaderClass('x'), isSecureContext: false })).toBe(
      false,
    );
    expect(isNfcAvailable({ NDEFReader: fakeReaderClass('x'), isSecureContext: true })).toBe(true);
  });

  it('reads one tag once', async () => {
    const adapter = createNfcAdapter({ NDEFReader: fakeReaderClass('=1'), isSecureContext: true });
    const tag = await adapter.readOnce(new AbortController().signal);
    expect(tag).toEqual({
      serialNumber: '04:aa',
      records: [{ kind: 'text', text: '=1', lang: 'ru', encoding: 'utf-8' }],
    });
  });

  it('says why a write failed; no reader is unavailable', async () => {
    const adapter = createNfcAdapter({ NDEFReader: fakeReaderClass('=1'), isSecureContext: true });
    await expect(adapter.write('=1', 'ru', new AbortController().signal)).rejects.toMatchObject({
      kind: 'denied',
    });
    const none = createNfcAdapter({ isSecureContext: true });
    await expect(none.readOnce(new AbortController().signal)).rejects.toBeInstanceOf(NfcError);
  });
});
