import { describe, expect, it } from 'vitest';
import { MAKER_PATTERNS, PATTERN_MAKERS } from './maker-patterns.js';
import { canonicalMaker, normaliseNumber, patternOfMaker } from './stock-normalisation.js';

// The table (part 1 §5 names the makers; the patterns are ours): every scanned form of a
// row reads as the row's canonical number.
const TABLE: [maker: string, scanned: string, canonical: string][] = [
  ['Suzuki', '09160-10008', '09160-10008'],
  ['Suzuki', '0916010008', '09160-10008'],
  ['Suzuki', '09160-10008-000', '09160-10008'],
  ['Febest', 'ASZ-001', 'ASZ001'],
  ['Febest', 'asz001', 'ASZ001'],
  ['Febest', '0101-GX2', '0101GX2'],
  ['Daimler AG', 'A 000 420 12 20', 'A0004201220'],
  ['Daimler AG', 'A0004201220', 'A0004201220'],
  ['Daimler AG', '0004201220', 'A0004201220'],
  ['Daimler AG', 'A 000 420 12 20 64', 'A0004201220'],
  ['Peugeot / Citroen', '1609000080', '1609000080'],
  ['Peugeot / Citroen', '16 090 000 80', '1609000080'],
  ['Peugeot / Citroen', '4254.A4', '4254A4'],
  ['Peugeot / Citroen', '4254A4', '4254A4'],
  ['Depo', '212-1118L-LD-EM', '212-1118L'],
  ['Depo', '2121118L', '212-1118L'],
];

describe('maker patterns (part 1 §5)', () => {
  it('has one row per maker the spec names', () => {
    expect(MAKER_PATTERNS.map((pattern) => pattern.maker)).toEqual([...PATTERN_MAKERS]);
    expect(new Set(TABLE.map(([maker]) => maker))).toEqual(new Set(PATTERN_MAKERS));
  });

  it.each(TABLE)('%s reads %j as %j', (maker, scanned, canonical) => {
    expect(normaliseNumber(maker, scanned)).toBe(canonical);
    // A canonical number reads as itself.
    expect(normaliseNumber(maker, canonical)).toBe(canonical);
  });

  it.each([
    ['Mercedes-Benz', 'Daimler AG'],
    ['MERCEDES BENZ', 'Daimler AG'],
    ['daimler ag', 'Daimler AG'],
    ['Peugeot', 'Peugeot / Citroen'],
    ['Citroën', 'Peugeot / Citroen'],
    ['PSA', 'Peugeot / Citroen'],
    ['peugeot/citroen', 'Peugeot / Citroen'],
    [' SUZUKI ', 'Suzuki'],
  ])('the maker %j is %j', (name, canonical) => {
    expect(canonicalMaker(name)).toBe(canonical);
    expect(patternOfMaker(name)?.maker).toBe(canonical);
  });

  it('keeps other makers as named, their whitespace collapsed', () => {
    expect(canonicalMaker('  Hella   KGaA ')).toBe('Hella KGaA');
    expect(patternOfMaker('Hella')).toBeNull();
    expect(patternOfMaker('Mercedes')).toBeNull();
  });

  it('reads the maker formats through stray punctuation', () => {
    expect(normaliseNumber('Daimler AG', 'A/000/420/12/20')).toBe('A0004201220');
    expect(normaliseNumber('Suzuki', '09160_10008')).toBe('09160-10008');
  });

  it('leaves a number not in the maker format as its compare key', () => {
    expect(normaliseNumber('Suzuki', 'abc-12.3')).toBe('ABC-123');
    expect(normaliseNumber('Febest', 'ASZ')).toBe('ASZ');
    expect(normaliseNumber('Daimler AG', 'B 000 420 12 20')).toBe('B0004201220');
    expect(normaliseNumber('Hella', '1ED 008 282-00')).toBe('1ED008282-00');
  });
});
