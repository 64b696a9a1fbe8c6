// @vitest-environment node
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The OCR language data served from /ocr/lang (scripts/ocr-lang.sh, docs/DECISIONS.md "Device
// pages"): exactly the files of the manifest, byte for byte.
const LANG = new URL('../../../public/ocr/lang/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', LANG), 'utf8')) as {
  sha256: Record<string, string>;
};

describe('the OCR language data', () => {
  it('is Russian and English, gzipped, with its licence', () => {
    expect(Object.keys(manifest.sha256).sort()).toEqual([
      'eng.traineddata.gz',
      'rus.traineddata.gz',
    ]);
    const files = readdirSync(LANG).sort();
    expect(files).toEqual([
      'COPYRIGHT',
      'LICENSE',
      'eng.traineddata.gz',
      'manifest.json',
      'rus.traineddata.gz',
    ]);
    expect(readFileSync(new URL('COPYRIGHT', LANG), 'utf8')).toContain('License: Apache-2.0');
  });

  it.each(Object.entries(manifest.sha256))('%s matches its sha256', (file, sum) => {
    const bytes = readFileSync(new URL(file, LANG));
    // gzip's magic number: tesseract.js unpacks what it fetches as .gz
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sum);
  });
});
