import type { ZoneType } from './topology.js';

// The sorting rules of docs/DECISIONS.md "Sorting rules" that are no storage and no wording:
// one place for the server's moves, the demo data and any client that predicts them.

/** A box is closed ("tie up the box") when it holds this many parcels. */
export const BOX_CAPACITY = 20;

/** How many cells a suggestion lists: the first, then "recommend other cells". */
export const SUGGESTED_CELLS_LIMIT = 5;

/** What the sorting key of a parcel is made of. */
export interface SortedParcel {
  /** The parcel's destination. */
  sortingKey: string;
  /** The route to the next centre, when it travels by one. */
  routeNumber: string | null;
}

/**
 * The sorting key of a parcel in a zone: its destination, except in a TRANSIT zone, where
 * parcels travel by route to the next centre. One box collects one key.
 */
export function sortingKeyFor(parcel: SortedParcel, zoneType: ZoneType | null): string {
  if (zoneType === 'TRANSIT' && parcel.routeNumber) return `route:${parcel.routeNumber}`;
  return parcel.sortingKey;
}
