import type { Snapshot } from 'xstate';
import { CAPTURED_IMAGE_LIFETIME_MS } from '../../shell/captured-images';
import type { PhotoStep } from './returns.model';

// A photo step's «Камера с проверкой резкости» (docs/DECISIONS.md "Device pages"): the return
// is parked here, in memory, while /capture-image takes the photo; the page picks it up again
// with the still handed over in IndexedDB. A reload or an hour away loses the parked return
// (its photos stay on the server as with any abandoned return).

interface ParkedReturn {
  slot: string;
  snapshot: Snapshot<unknown>;
  at: number;
}

let parked: ParkedReturn | null = null;

/** The hand-over slot of a photo step. */
export const handOverSlot = (step: PhotoStep): string => `returns-${step}`;

/** Keeps the flow's persisted snapshot until the returns page mounts again. */
export function parkReturn(slot: string, snapshot: Snapshot<unknown>, now = Date.now()): void {
  parked = { slot, snapshot, at: now };
}

/** The parked return, once; null when there is none or it waited too long. */
export function unparkReturn(now = Date.now()): ParkedReturn | null {
  const found = parked;
  parked = null;
  return found && now - found.at <= CAPTURED_IMAGE_LIFETIME_MS ? found : null;
}

/** /capture-image asked to hand its still back to `returnTo` under `slot`. */
export function captureImageUrl(capturePath: string, returnTo: string, slot: string): string {
  const query = new URLSearchParams({ returnTo, slot });
  return `${capturePath}?${query.toString()}`;
}
