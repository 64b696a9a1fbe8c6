/**
 * NFC record decoding (docs/DECISIONS.md "Device pages", which records become scans): a text
 * record in its encoding (UTF-8 or UTF-16) with its language, a URL, a `text/plain` MIME
 * record; anything else, a record over 1 kB or bytes that are no valid text is «не текст» and
 * never a scan.
 */

/** A record as the reader gives it (`NDEFRecord`), reduced to what decoding needs. */
export interface NfcRecordLike {
  recordType: string;
  mediaType?: string | null;
  encoding?: string | null;
  lang?: string | null;
  data?: DataView | null;
}

/** The largest record decoded as text. */
export const NFC_RECORD_MAX_BYTES = 1024;

export type NfcRecordView =
  | { kind: 'text'; text: string; lang: string | null; encoding: string }
  | { kind: 'url'; text: string }
  | { kind: 'mimeText'; text: string }
  | { kind: 'empty' }
  | { kind: 'notText'; recordType: string };

const ENCODINGS = new Set(['utf-8', 'utf-16', 'utf-16be', 'utf-16le']);

/** Strict decoding: invalid bytes or control characters (other than tab) make it no text. */
function decodeText(data: DataView, encoding: string): string | null {
  const label = encoding.toLowerCase();
  if (!ENCODINGS.has(label)) return null;
  try {
    const text = new TextDecoder(label, { fatal: true }).decode(data);
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000b-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** The charset of a `text/plain` media type, UTF-8 when it names none. */
function plainTextCharset(mediaType: string | null | undefined): string | null {
  const [type, ...params] = (mediaType ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'text/plain') return null;
  const charset = params.find((param) => param.startsWith('charset='));
  return charset ? charset.slice('charset='.length).replace(/"/g, '') : 'utf-8';
}

/** What one record holds. */
export function decodeNfcRecord(record: NfcRecordLike): NfcRecordView {
  const notText: NfcRecordView = { kind: 'notText', recordType: record.recordType };
  if (record.recordType === 'empty') return { kind: 'empty' };
  const data = record.data;
  if (!data || data.byteLength === 0) return { kind: 'empty' };
  if (data.byteLength > NFC_RECORD_MAX_BYTES) return notText;
  if (record.recordType === 'text') {
    const encoding = (record.encoding ?? 'utf-8').toLowerCase();
    const text = decodeText(data, encoding);
    return text === null ? notText : { kind: 'text', text, lang: record.lang ?? null, encoding };
  }
  if (record.recordType === 'url' || record.recordType === 'absolute-url') {
    const text = decodeText(data, 'utf-8');
    return text === null ? notText : { kind: 'url', text };
  }
  if (record.recordType === 'mime') {
    const charset = plainTextCharset(record.mediaType);
    const text = charset === null ? null : decodeText(data, charset);
    return text === null ? notText : { kind: 'mimeText', text };
  }
  return notText;
}

/** The texts of a tag that are pushed as scans, in record order; blank ones are left out. */
export function nfcScanTexts(views: readonly NfcRecordView[]): string[] {
  return views.flatMap((view) =>
    (view.kind === 'text' || view.kind === 'url' || view.kind === 'mimeText') && view.text.trim()
      ? [view.text]
      : [],
  );
}
