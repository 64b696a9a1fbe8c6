import { describe, expect, it } from 'vitest';
import { decodeNfcRecord, nfcScanTexts, NFC_RECORD_MAX_BYTES } from './nfc-records';

const bytes = (values: number[] | Uint8Array) => new DataView(new Uint8Array(values).buffer);
const utf8 = (text: string) => bytes(new TextEncoder().encode(text));
const utf16le = (text: string) =>
  bytes(new Uint8Array(new Uint16Array([...text].map((char) => char.charCodeAt(0))).buffer));

describe('NFC record decoding', () => {
  it('reads a UTF-8 text record with its language', () => {
    expect(
      decodeNfcRecord({
        recordType: 'text',
        encoding: 'utf-8',
        lang: 'ru',
        data: utf8('=34717-1-a-01'),
      }),
    ).toEqual({ kind: 'text', text: '=34717-1-a-01', lang: 'ru', encoding: 'utf-8' });
  });

  it('reads a UTF-16 text record with its language', () => {
    expect(
      decodeNfcRecord({
        recordType: 'text',
        encoding: 'utf-16le',
        lang: 'en',
        data: utf16le('_B-12'),
      }),
    ).toEqual({ kind: 'text', text: '_B-12', lang: 'en', encoding: 'utf-16le' });
  });

  it('reads a URL and a text/plain record', () => {
    const url = 'https://sort.example.com/user-auth?lkdToken=abc';
    expect(decodeNfcRecord({ recordType: 'url', data: utf8(url) })).toEqual({
      kind: 'url',
      text: url,
    });
    expect(
      decodeNfcRecord({
        recordType: 'mime',
        mediaType: 'text/plain; charset=utf-8',
        data: utf8('%Z1'),
      }),
    ).toEqual({ kind: 'mimeText', text: '%Z1' });
  });

  it('an empty record or one with no data is empty', () => {
    expect(decodeNfcRecord({ recordType: 'empty' })).toEqual({ kind: 'empty' });
    expect(decodeNfcRecord({ recordType: 'text', data: bytes([]) })).toEqual({ kind: 'empty' });
  });

  it('binary, unknown MIME and records over 1 kB are not text', () => {
    const notText = (recordType: string) => ({ kind: 'notText', recordType });
    expect(decodeNfcRecord({ recordType: 'text', data: bytes([0xff, 0xfe, 0x00, 0xd8]) })).toEqual(
      notText('text'),
    );
    expect(decodeNfcRecord({ recordType: 'text', data: bytes([0x41, 0x00, 0x42]) })).toEqual(
      notText('text'),
    );
    expect(
      decodeNfcRecord({
        recordType: 'mime',
        mediaType: 'application/octet-stream',
        data: utf8('x'),
      }),
    ).toEqual(notText('mime'));
    expect(decodeNfcRecord({ recordType: 'smart-poster', data: utf8('x') })).toEqual(
      notText('smart-poster'),
    );
    const big = utf8('='.repeat(NFC_RECORD_MAX_BYTES + 1));
    expect(decodeNfcRecord({ recordType: 'text', data: big })).toEqual(notText('text'));
  });

  it('pushes texts, URLs and text/plain as scans, nothing else', () => {
    expect(
      nfcScanTexts([
        { kind: 'text', text: '=1', lang: null, encoding: 'utf-8' },
        { kind: 'empty' },
        { kind: 'notText', recordType: 'mime' },
        { kind: 'url', text: 'https://a.example' },
        { kind: 'mimeText', text: '  ' },
      ]),
    ).toEqual(['=1', 'https://a.example']);
  });
});
