/**
 * The delivery header panel (issue 19) checks again on every navigation and on this window
 * event, which the delivery page sends after a delivery is created, finished, skipped or its
 * picking ended (no navigation between them). Its own module: the panel's chunk stays lazy.
 */
export const DELIVERY_CHANGED_EVENT = 'sorting:delivery-changed';

export function announceDeliveryChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(DELIVERY_CHANGED_EVENT));
}
