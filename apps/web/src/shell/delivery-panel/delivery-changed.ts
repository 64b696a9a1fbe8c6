/**
 * The delivery header panel checks again on every navigation and on this window
 * event, which the delivery page sends after a delivery is created, finished, skipped or its
 * picking ended (no navigation between them). Its own module: the panel's chunk stays lazy.
 */
export const DELIVERY_CHANGED_EVENT = 'sorting:delivery-changed';

export function announceDeliveryChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(DELIVERY_CHANGED_EVENT));
}

/** What the header panel shows of an open delivery. */
export interface OpenDelivery {
  pickingId: number;
  recipientName: string;
  packagesCount: number;
}

/**
 * On the delivery page the page itself has read the picking's info and packages: it shows
 * them to the panel here, and the panel reads nothing of its own (one `picking/info` and one
 * `delivery/items` per page load, docs/DECISIONS.md "Delivery to a recipient").
 */
interface Shown {
  pickingId: number;
  delivery: OpenDelivery | null;
}

let shown: Shown | null = null;
const listeners = new Set<() => void>();

/** The delivery page of `pickingId` shows `delivery` (null: none open, the panel hides). */
export function showDelivery(pickingId: number, delivery: OpenDelivery | null): void {
  shown = { pickingId, delivery };
  for (const listener of listeners) listener();
}

/** The delivery page of `pickingId` is gone. */
export function forgetShownDelivery(pickingId: number): void {
  if (shown?.pickingId !== pickingId) return;
  shown = null;
  for (const listener of listeners) listener();
}

export function shownDelivery(): Shown | null {
  return shown;
}

export function subscribeShownDelivery(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The picking id of a delivery page path (`/picking/delivery/{pickingId}`), else null. */
export function deliveryPagePickingId(path: string): number | null {
  const match = /^\/picking\/delivery\/(\d+)$/.exec(path);
  return match ? Number(match[1]) : null;
}
