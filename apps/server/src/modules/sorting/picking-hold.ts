import type { AppError } from '@sorting/contracts';
import { refusal } from '../../lib/refusal.js';

/**
 * The move of a parcel a recipient's picking holds (docs/DECISIONS.md "Recipient picking"):
 * PICKED from its cell, or HANDED_OUT; ErrorCode 1.
 */
export function pickingHoldRefusal(hold: string, barcode: string): AppError {
  const key = hold === 'HANDED_OUT' ? 'parcelHandedOut' : 'parcelPickedForRecipient';
  return refusal('refused', key, { barcode });
}
