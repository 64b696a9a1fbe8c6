import { describe, expect, it } from 'vitest';
import { sortingKeyFor } from './sorting-rules.js';
import { formatBoxBarcode, formatReturnableBoxBarcode } from './topology.js';

describe('the sorting rules', () => {
  it('sorts by destination, and by route in a TRANSIT zone', () => {
    const parcel = { sortingKey: 'MSK-1', routeNumber: 'R7' };
    expect(sortingKeyFor(parcel, 'SITO')).toBe('MSK-1');
    expect(sortingKeyFor(parcel, null)).toBe('MSK-1');
    expect(sortingKeyFor(parcel, 'TRANSIT')).toBe('route:R7');
    expect(sortingKeyFor({ ...parcel, routeNumber: null }, 'TRANSIT')).toBe('MSK-1');
  });

  it('spells box and returnable box barcodes one way', () => {
    expect(formatBoxBarcode(34717, 12)).toBe('_34717-12');
    expect(formatReturnableBoxBarcode(34717, 3)).toBe('_R34717-3');
  });
});
