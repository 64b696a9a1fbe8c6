import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAKER_PATTERNS } from './maker-patterns.js';
import {
  canonicalMaker,
  compareKey,
  makerKey,
  normaliseNumber,
  patternOfMaker,
  readByPattern,
} from './stock-normalisation.js';
import {
  cutScanText,
  firstPartOf,
  matchStock,
  type StockItem,
  type StockMatch,
} from './stock-matching.js';

interface Item extends StockItem {
  id: string;
}

function item(id: string, parcelNumber: string, maker: string, more: Partial<Item> = {}): Item {
  return {
    id,
    parcelNumber,
    parcelName: `goods ${id}`,
    maker,
    barcodes: [],
    receiptBarcode: null,
    isStickered: false,
    count: 1,
    isNeedAttention: false,
    ...more,
  };
}

const ids = (items: readonly Item[]) => items.map((entry) => entry.id);

/** The match in short: kind, and the ids of each group with its number and maker. */
function summary(match: StockMatch<Item>) {
  if (match.kind === 'none') return 'none';
  if (match.kind === 'identified')
    return { identified: [match.maker, match.number, ids(match.items)] };
  return {
    ambiguous: match.candidates.map((group) => [group.maker, group.number, ids(group.items)]),
  };
}

const STOCK: Item[] = [
  item('suzuki', '09160-10008', 'Suzuki', { barcodes: ['4607012345678'] }),
  item('febest', 'ASZ-001', 'Febest'),
  item('daimler', 'A 000 420 12 20', 'Mercedes-Benz'),
  item('three-digits', '000', 'Hella'),
  item('peugeot', '1609000080', 'PSA', { receiptBarcode: 'RC-0201-0001' }),
  item('depo', '212-1118L-LD-EM', 'Depo'),
  item('cyrillic', 'ВТ-123', 'Завод'),
  item('hella', 'ABC-123', 'Hella'),
];

describe('stock matching pipeline (part 1 §5)', () => {
  it('step 1: cuts the text at its first run of 2 or more spaces', () => {
    expect(cutScanText('  ASZ-001  FEBEST  Втулка стабилизатора')).toBe('ASZ-001');
    expect(summary(matchStock('ASZ-001  FEBEST  Втулка', STOCK))).toEqual({
      identified: ['Febest', 'ASZ001', ['febest']],
    });
    // What follows the cut is never read.
    expect(summary(matchStock('Втулка  ASZ-001', STOCK))).toBe('none');
  });

  it('step 2: reads the maker patterns before the 3-character rule', () => {
    // The first part of 3 characters is `000`, the number of another item.
    expect(firstPartOf('A 000 420 12 20')).toBe('000');
    expect(summary(matchStock('A 000 420 12 20', STOCK))).toEqual({
      identified: ['Daimler AG', 'A0004201220', ['daimler']],
    });
    expect(summary(matchStock('A 000 420 12 20 64  Mercedes', STOCK))).toEqual({
      identified: ['Daimler AG', 'A0004201220', ['daimler']],
    });
    expect(summary(matchStock('16 090 000 80', STOCK))).toEqual({
      identified: ['Peugeot / Citroen', '1609000080', ['peugeot']],
    });
  });

  it("step 2: a reading finds only its own maker's items", () => {
    const stock = [
      item('peugeot', '0916010008', 'Peugeot'),
      item('peugeot-2', '0004201220', 'Citroen'),
      item('daimler', '0004201220', 'Daimler AG'),
    ];
    // Suzuki's `-000` suffix makes it no Peugeot number; Daimler's `A` no Peugeot one either.
    expect(summary(matchStock('09160-10008-000', stock))).toBe('none');
    expect(summary(matchStock('A0004201220', stock))).toEqual({
      identified: ['Daimler AG', 'A0004201220', ['daimler']],
    });
    // Without the `A` it is both a Daimler and a Peugeot number.
    expect(summary(matchStock('0004201220', stock))).toEqual({
      ambiguous: [
        ['Daimler AG', 'A0004201220', ['daimler']],
        ['Peugeot / Citroen', '0004201220', ['peugeot-2']],
      ],
    });
  });

  it('step 3: when no reading finds an item, takes the first part of 3 or more characters', () => {
    expect(firstPartOf('№ 5 ASZ-001 Febest')).toBe('ASZ-001');
    expect(firstPartOf('12 ab')).toBeNull();
    expect(summary(matchStock('ASZ-001 Febest сайлентблок', STOCK))).toEqual({
      identified: ['Febest', 'ASZ001', ['febest']],
    });
    expect(summary(matchStock('№ 5 ABC-123 Hella', STOCK))).toEqual({
      identified: ['Hella', 'ABC-123', ['hella']],
    });
    expect(summary(matchStock('12 ab', STOCK))).toBe('none');
  });

  it('step 4: compares letters, digits and hyphen only, case-insensitive, Cyrillic too', () => {
    expect(summary(matchStock('"abc-123".', STOCK))).toEqual({
      identified: ['Hella', 'ABC-123', ['hella']],
    });
    expect(summary(matchStock('вт-123', STOCK))).toEqual({
      identified: ['Завод', 'ВТ-123', ['cyrillic']],
    });
    // The hyphen counts for a maker without a pattern.
    expect(summary(matchStock('ABC123', STOCK))).toBe('none');
    // A maker's pattern normalises the item's number: `212-1118L-LD-EM` is `212-1118L`.
    expect(summary(matchStock('2121118L', STOCK))).toEqual({
      identified: ['Depo', '212-1118L', ['depo']],
    });
  });

  it('step 4: finds items by their barcodes and receipt barcode', () => {
    expect(summary(matchStock('4607012345678', STOCK))).toEqual({
      identified: ['Suzuki', '09160-10008', ['suzuki']],
    });
    expect(summary(matchStock('rc-0201-0001', STOCK))).toEqual({
      identified: ['Peugeot / Citroen', '1609000080', ['peugeot']],
    });
    // The group is every item of that number and maker, found by barcode or not.
    const stock = [...STOCK, item('suzuki-2', '0916010008', 'Suzuki')];
    expect(summary(matchStock('4607012345678', stock))).toEqual({
      identified: ['Suzuki', '09160-10008', ['suzuki', 'suzuki-2']],
    });
  });

  it('step 5: identified by one number of one maker, aliases joined', () => {
    const stock = [
      item('mercedes', 'A 000 420 12 20', 'Mercedes-Benz', { isStickered: true }),
      item('daimler', 'A0004201220', 'Daimler AG'),
    ];
    expect(summary(matchStock('A0004201220', stock))).toEqual({
      identified: ['Daimler AG', 'A0004201220', ['mercedes', 'daimler']],
    });
  });

  it('step 5: ambiguous when the candidates are of several makers, listed by maker', () => {
    const stock = [
      item('febest', '2121118L', 'Febest'),
      item('depo', '212-1118L', 'Depo'),
      item('depo-2', '2121118L', 'Depo'),
    ];
    expect(summary(matchStock('212-1118L', stock))).toEqual({
      ambiguous: [
        ['Depo', '212-1118L', ['depo', 'depo-2']],
        ['Febest', '2121118L', ['febest']],
      ],
    });
    // One barcode on goods of two makers.
    const shared = [
      item('a', 'X-1', 'Hella', { barcodes: ['4600000000001'] }),
      item('b', 'ASZ-001', 'Febest', { barcodes: ['4600000000001'] }),
    ];
    expect(summary(matchStock('4600000000001', shared))).toEqual({
      ambiguous: [
        ['Febest', 'ASZ001', ['b']],
        ['Hella', 'X-1', ['a']],
      ],
    });
  });

  it('none for empty text, whitespace or nothing matching', () => {
    expect(matchStock('', STOCK)).toEqual({ kind: 'none' });
    expect(matchStock('   ', STOCK)).toEqual({ kind: 'none' });
    expect(matchStock('ASZ-001', [])).toEqual({ kind: 'none' });
    expect(matchStock('NO-SUCH-PART', STOCK)).toEqual({ kind: 'none' });
    // An item with no number is found by nothing but its barcodes.
    expect(matchStock('///', [item('blank', '', 'Hella')])).toEqual({ kind: 'none' });
  });
});

describe('full match and stickering (part 1 §5 step 6)', () => {
  const identified = (stock: Item[]) => {
    const match = matchStock('ASZ-001', stock);
    if (match.kind !== 'identified') throw new Error(`not identified: ${match.kind}`);
    return { fullMatch: match.fullMatch?.id ?? null, canSticker: match.canSticker };
  };

  it('offers a full match only when exactly one item of the group is unstickered', () => {
    expect(identified([item('a', 'ASZ-001', 'Febest')])).toEqual({
      fullMatch: 'a',
      canSticker: true,
    });
    expect(
      identified([
        item('a', 'ASZ-001', 'Febest', { isStickered: true }),
        item('b', 'asz001', 'Febest'),
      ]),
    ).toEqual({ fullMatch: 'b', canSticker: true });
    // Two Febest items with one number: identified, no full match (the user picks).
    expect(identified([item('a', 'ASZ-001', 'Febest'), item('b', 'ASZ001', 'Febest')])).toEqual({
      fullMatch: null,
      canSticker: false,
    });
    expect(identified([item('a', 'ASZ-001', 'Febest', { isStickered: true })])).toEqual({
      fullMatch: null,
      canSticker: false,
    });
  });

  it('stickering needs count 1 and no attention flag', () => {
    expect(identified([item('a', 'ASZ-001', 'Febest', { count: 3 })])).toEqual({
      fullMatch: 'a',
      canSticker: false,
    });
    expect(identified([item('a', 'ASZ-001', 'Febest', { isNeedAttention: true })])).toEqual({
      fullMatch: 'a',
      canSticker: false,
    });
  });
});

// Groups of each maker's numbers; joined with any single separator they are still that number.
const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const alnum = (min: number, max: number) =>
  fc.stringMatching(new RegExp(`^[0-9A-Z]{${min},${max}}$`));
const NUMBER_GROUPS: Record<string, fc.Arbitrary<string[]>> = {
  Suzuki: fc.tuple(digits(5), alnum(5, 5)),
  Febest: fc.tuple(fc.stringMatching(/^[A-Z]{2,4}$/), digits(3), alnum(0, 3)),
  'Mercedes-Benz': fc.tuple(fc.constantFrom('A', ''), digits(3), digits(3), digits(2), digits(2)),
  Citroen: fc.oneof(
    fc.tuple(digits(2), digits(3), digits(3), digits(2)),
    fc.tuple(digits(4), alnum(2, 2)),
  ),
  Depo: fc.tuple(digits(3), fc.stringMatching(/^\d{4}[LR]?$/)),
};

describe('stock matching properties', () => {
  // Any text, and texts of the pieces part numbers are made of (patterns get hit).
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({
      unit: fc.constantFrom('A', '0', '09160', '000', '42', 'L', 'ASZ', '-', '.', ' ', '  ', 'Ж'),
    }),
  );
  const anyItem = fc.record({
    id: fc.string(),
    parcelNumber: anyText,
    parcelName: fc.string(),
    maker: fc.oneof(fc.constantFrom('Suzuki', 'Febest', 'PSA', 'Depo', 'Daimler AG'), fc.string()),
    barcodes: fc.array(fc.string(), { maxLength: 3 }),
    receiptBarcode: fc.option(fc.string()),
    isStickered: fc.boolean(),
    count: fc.integer(),
    isNeedAttention: fc.boolean(),
  });

  it('never throws, and every candidate is a stock item', () => {
    fc.assert(
      fc.property(anyText, fc.array(anyItem, { maxLength: 8 }), (text, stock) => {
        const match = matchStock(text, stock);
        const found =
          match.kind === 'identified'
            ? match.items
            : match.kind === 'ambiguous'
              ? match.candidates.flatMap((group) => group.items)
              : [];
        for (const entry of found) expect(stock).toContain(entry);
      }),
      { numRuns: 1000 },
    );
  });

  it('a number matches itself however spaced or hyphenated', () => {
    const spaced = fc.constantFrom(...Object.keys(NUMBER_GROUPS)).chain((maker) =>
      fc.record({
        maker: fc.constant(maker),
        groups: NUMBER_GROUPS[maker] as fc.Arbitrary<string[]>,
        separators: fc.array(fc.constantFrom('', ' ', '-'), { minLength: 5, maxLength: 5 }),
        lower: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(spaced, ({ maker, groups, separators, lower }) => {
        const parts = groups.filter((group) => group !== '');
        const number = parts.join('');
        const written = parts
          .map((part, index) => (index === 0 ? part : `${separators[index] ?? ''}${part}`))
          .join('');
        const stock = [item('it', number, maker)];
        const match = matchStock(lower ? written.toLowerCase() : written, stock);
        expect(match.kind === 'identified' && ids(match.items)).toEqual(['it']);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * The pipeline written plainly (every number normalised, every barcode keyed): the fast one's
 * shortcuts must give the same groups.
 */
function plainMatch(text: string, stock: Item[]): string[][] {
  const cut = cutScanText(text);
  if (cut === '') return [];
  const numberOf = (entry: Item) => normaliseNumber(entry.maker, entry.parcelNumber);
  const groupOf = (entry: Item) => `${makerKey(canonicalMaker(entry.maker))} ${numberOf(entry)}`;
  const hasBarcode = (entry: Item, key: string) =>
    key !== '' &&
    [...entry.barcodes, ...(entry.receiptBarcode === null ? [] : [entry.receiptBarcode])].some(
      (barcode) => compareKey(barcode) === key,
    );
  const readings = new Map(MAKER_PATTERNS.map((pattern) => [pattern, readByPattern(pattern, cut)]));
  let found = stock.filter((entry) => {
    const pattern = patternOfMaker(entry.maker);
    const reading = pattern ? readings.get(pattern) : null;
    return (reading != null && reading === numberOf(entry)) || hasBarcode(entry, compareKey(cut));
  });
  const part = firstPartOf(cut);
  if (found.length === 0 && part !== null)
    found = stock.filter((entry) => {
      const target = normaliseNumber(entry.maker, part);
      return (target !== '' && target === numberOf(entry)) || hasBarcode(entry, compareKey(part));
    });
  const wanted = new Set(found.map(groupOf));
  const groups = new Map<string, string[]>();
  for (const entry of stock)
    if (wanted.has(groupOf(entry)))
      groups.set(groupOf(entry), [...(groups.get(groupOf(entry)) ?? []), entry.id]);
  return [...groups.values()].sort();
}

describe('the fast pipeline equals the plain one', () => {
  const pieces = ['A', '0', '000', '420', '12', '20', '09160', '10008', 'ASZ', '-', '.', ' ', 'L'];
  const piecesText = fc.string({ unit: fc.constantFrom(...pieces), maxLength: 8 });
  const stockItem = fc.record({
    parcelNumber: fc.oneof(
      piecesText,
      fc.constantFrom('A 000 420 12 20', '0004201220', '09160-10008-000', 'ASZ-001', '2121118L'),
    ),
    maker: fc.constantFrom(
      'Suzuki',
      'Febest',
      'Mercedes-Benz',
      'Daimler AG',
      'PSA',
      'Depo',
      'Hella',
      'HELLA',
    ),
    barcodes: fc.array(fc.constantFrom('4600000000001', 'A0004201220', 'asz-001'), {
      maxLength: 2,
    }),
    receiptBarcode: fc.option(fc.constantFrom('RC-1', '000 420')),
  });
  const text = fc.oneof(
    piecesText,
    fc.constantFrom('A 000 420 12 20', '0004201220', 'ASZ-001  Febest', '4600000000001', 'rc-1'),
  );

  it('finds the same groups', () => {
    fc.assert(
      fc.property(text, fc.array(stockItem, { maxLength: 12 }), (scan, drafts) => {
        const stock = drafts.map((draft, index) =>
          item(`${index}`, draft.parcelNumber, draft.maker, { ...draft, id: `${index}` }),
        );
        const match = matchStock(scan, stock);
        const groups =
          match.kind === 'identified'
            ? [ids(match.items)]
            : match.kind === 'ambiguous'
              ? match.candidates.map((group) => ids(group.items)).sort()
              : [];
        expect(groups).toEqual(plainMatch(scan, stock));
      }),
      { numRuns: 2000 },
    );
  });
});
