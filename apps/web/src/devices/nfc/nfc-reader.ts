// Web NFC adapter (W3C Web NFC: NDEFReader, Chrome on Android 89+, secure context). No React:
// /nfc and the shell's background reader drive it (docs/DECISIONS.md "Device pages").
import { decodeNfcRecord, type NfcRecordView } from './nfc-records';

/** One tag as read: its serial number and what each record holds. */
export interface NfcTag {
  serialNumber: string;
  records: NfcRecordView[];
}

/** Why NFC failed: no reader here, permission refused, the read or write failed. */
export type NfcErrorKind = 'unavailable' | 'denied' | 'failed' | 'aborted';

export class NfcError extends Error {
  constructor(
    readonly kind: NfcErrorKind,
    message: string = kind,
  ) {
    super(message);
    this.name = 'NfcError';
  }
}

/** The part of `window` NFC needs. */
export interface NfcHost {
  NDEFReader?: { new (): NDEFReader };
  isSecureContext: boolean;
}

/**
 * The page's Web NFC: `@types/w3c-web-nfc` types `window.NDEFReader` as an instance, so the
 * class is read from the window here, once per call (a test may inject it before the app).
 */
export function browserNfcHost(): NfcHost {
  const reader: unknown = (window as { NDEFReader?: unknown }).NDEFReader;
  return {
    NDEFReader: typeof reader === 'function' ? (reader as typeof NDEFReader) : undefined,
    isSecureContext: window.isSecureContext,
  };
}

/** True where Web NFC can run: the class is there and the page is a secure context. */
export function isNfcAvailable(host: NfcHost): boolean {
  return typeof host.NDEFReader === 'function' && host.isSecureContext;
}

function toNfcError(error: unknown): NfcError {
  if (error instanceof NfcError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError') return new NfcError('aborted');
  if (name === 'NotAllowedError' || name === 'SecurityError') return new NfcError('denied');
  if (name === 'NotSupportedError') return new NfcError('unavailable');
  return new NfcError('failed', error instanceof Error ? error.message : String(error));
}

/** The tag of a reading event. */
function tagOf(event: NDEFReadingEvent): NfcTag {
  return {
    serialNumber: event.serialNumber,
    records: event.message.records.map((record) => decodeNfcRecord(record)),
  };
}

export interface NfcAdapter {
  /**
   * Reads every tag brought near until `signal` aborts; must start from a user gesture the
   * first time (the permission prompt). Rejects with NfcError when the scan cannot start.
   */
  scan(onTag: (tag: NfcTag) => void, signal: AbortSignal): Promise<void>;
  /** Waits for the next tag and reads it once. */
  readOnce(signal: AbortSignal): Promise<NfcTag>;
  /** Writes one text record (UTF-8, the interface's language), over what the tag holds. */
  write(text: string, lang: string, signal: AbortSignal): Promise<void>;
}

/** The adapter over the browser's NDEFReader; NfcError 'unavailable' where there is none. */
export function createNfcAdapter(host: NfcHost): NfcAdapter {
  const newReader = (): NDEFReader => {
    if (!isNfcAvailable(host) || !host.NDEFReader) throw new NfcError('unavailable');
    return new host.NDEFReader();
  };
  const scan = async (onTag: (tag: NfcTag) => void, signal: AbortSignal): Promise<void> => {
    const reader = newReader();
    reader.onreading = (event) => {
      if (!signal.aborted) onTag(tagOf(event));
    };
    try {
      await reader.scan({ signal });
    } catch (error) {
      throw toNfcError(error);
    }
  };
  return {
    scan,
    readOnce(signal) {
      return new Promise<NfcTag>((resolve, reject) => {
        const once = new AbortController();
        const stop = () => once.abort();
        signal.addEventListener('abort', stop, { once: true });
        scan((tag) => {
          signal.removeEventListener('abort', stop);
          // Settled first: the abort below rejects a promise already resolved, which is a no-op.
          resolve(tag);
          once.abort();
        }, once.signal).catch((error: unknown) => reject(toNfcError(error)));
        once.signal.addEventListener('abort', () => reject(new NfcError('aborted')), {
          once: true,
        });
      });
    },
    async write(text, lang, signal) {
      const reader = newReader();
      try {
        await reader.write(
          { records: [{ recordType: 'text', data: text, lang, encoding: 'utf-8' }] },
          { overwrite: true, signal },
        );
      } catch (error) {
        throw toNfcError(error);
      }
    },
  };
}
