import { recognizeBarcode } from '@sorting/domain';

/** The longest text written to a tag (docs/DECISIONS.md "Device pages", bad input). */
export const NFC_WRITE_MAX_LENGTH = 200;

/** Why a text may not be written, or null when it may. */
export type NfcWriteRefusal = 'empty' | 'tooLong' | 'control' | 'badge' | 'notACode';

/**
 * Which codes go on a tag (docs/DECISIONS.md "Device pages"): cell and zone codes (`=`, `%`),
 * boxes (`_`) and workplaces (plain codes). A badge (`~ > <`) or a token URL signs a person
 * in, and a tag can be copied: refused. Other URLs, acceptance reports and measurements are no
 * place's code. Checked before `write()`.
 */
export function nfcWriteRefusal(text: string): NfcWriteRefusal | null {
  if (text.trim() === '') return 'empty';
  if (text.length > NFC_WRITE_MAX_LENGTH) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(text)) return 'control';
  const recognized = recognizeBarcode(text);
  if (recognized.type === 'user' || recognized.type === 'token') return 'badge';
  if (recognized.type === 'cell' || recognized.type === 'box' || recognized.type === 'parcel') {
    return null;
  }
  return 'notACode';
}
