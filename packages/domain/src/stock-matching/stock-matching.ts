// Stock matching of a scanned label, spec part 1 §5 (docs/DECISIONS.md "Guided workflows", Stock
// matching): which stock items a scanned text names. Pure and shared: the workflow screen runs it
// for an instant highlight, the server runs the same function and decides.
import { MAKER_PATTERNS, type MakerPattern } from './maker-patterns.js';
import {
  canonicalMaker,
  compareKey,
  hasCompareKey,
  makerKey,
  mayNormaliseTo,
  normaliseByPattern,
  patternOfMaker,
  readByPattern,
} from './stock-normalisation.js';

/** Spec part 1 §3: the stock item fields used for matching a scan. */
export interface StockItem {
  /** The goods' part number as its maker writes it. */
  parcelNumber: string;
  parcelName: string;
  maker: string;
  /** The manufacturer's barcodes of the goods. */
  barcodes: readonly string[];
  /** The barcode the goods were received under, if any. */
  receiptBarcode: string | null;
  isStickered: boolean;
  count: number;
  isNeedAttention: boolean;
}

/** Items of one number and maker (the number normalised by the maker's pattern). */
export interface StockGroup<T extends StockItem = StockItem> {
  number: string;
  /** The canonical maker name (aliases resolved: Mercedes-Benz → Daimler AG). */
  maker: string;
  items: T[];
}

/** An identified group and what it offers (step 6). */
export interface StockIdentified<T extends StockItem = StockItem> extends StockGroup<T> {
  kind: 'identified';
  /** The group's only unstickered item, else null: a full match is offered only then. */
  fullMatch: T | null;
  /** The full match may be stickered at once: count 1 and no attention flag. */
  canSticker: boolean;
}

export type StockMatch<T extends StockItem = StockItem> =
  StockIdentified<T> | { kind: 'ambiguous'; candidates: StockGroup<T>[] } | { kind: 'none' };

const SPACE_RUN = /\s{2,}/u;
const SPACES = /\s+/u;

/** Step 1: the text up to its first run of two or more spaces (leading whitespace dropped). */
export function cutScanText(scanText: string): string {
  return (scanText.trimStart().split(SPACE_RUN)[0] ?? '').trimEnd();
}

/** Step 3: the first part of 3 or more non-space characters, else null. */
export function firstPartOf(cut: string): string | null {
  return cut.split(SPACES).find((part) => part.length >= 3) ?? null;
}

/** Step 6 on a group: the full match (its only unstickered item) and whether it may be stickered. */
export function identifyGroup<T extends StockItem>(group: StockGroup<T>): StockIdentified<T> {
  const unstickered = group.items.filter((item) => !item.isStickered);
  const fullMatch = unstickered.length === 1 ? (unstickered[0] ?? null) : null;
  return {
    kind: 'identified',
    ...group,
    fullMatch,
    canSticker: fullMatch !== null && fullMatch.count === 1 && !fullMatch.isNeedAttention,
  };
}

/**
 * Spec part 1 §5: which stock items a scanned text names.
 * 1. cut the text at its first run of 2 or more spaces;
 * 2. read it with the maker patterns: a reading gives maker and canonical number; candidates are
 *    the items of that maker and number, and items whose barcode or receipt barcode is the text;
 * 3. when step 2 finds none, take the first part of 3 or more non-space characters, and
 * 4. compare it (only Latin or Cyrillic letters, digits and hyphen, case-insensitive) with each
 *    item's part number normalised by its maker's pattern, its barcodes and receipt barcode;
 * 5. identified when the candidates are one number of one maker, else ambiguous by maker;
 * 6. the full match and stickering of an identified group (`identifyGroup`).
 * Patterns come first because Daimler and Peugeot write numbers in spaced groups: the first-part
 * rule would keep `000` of `A 000 420 12 20`.
 */
export function matchStock<T extends StockItem>(
  scanText: string,
  stockItems: readonly T[],
): StockMatch<T> {
  const cut = cutScanText(scanText);
  if (cut === '') return { kind: 'none' };
  const prepared = new PreparedItems(stockItems);
  let wanted = readingCandidates(cut, prepared);
  if (wanted.size === 0) {
    const part = firstPartOf(cut);
    if (part !== null) wanted = plainCandidates(part, prepared);
  }
  const groups = groupsOf(wanted, prepared);
  const [only] = groups;
  if (only === undefined) return { kind: 'none' };
  return groups.length === 1 ? identifyGroup(only) : { kind: 'ambiguous', candidates: groups };
}

interface MakerOfItems {
  pattern: MakerPattern | null;
  /** `makerKey` of the canonical maker. */
  key: string;
  name: string;
}

/**
 * The items with their makers looked up once per name, and their numbers normalised only when a
 * cheap test (`mayNormaliseTo`) allows them to be the one sought: each scan is compared with
 * thousands of items, and normalising every number would be most of the work.
 */
class PreparedItems<T extends StockItem> {
  readonly makers: MakerOfItems[];
  private readonly numbers: (string | undefined)[];

  constructor(readonly items: readonly T[]) {
    const byName = new Map<string, MakerOfItems>();
    this.makers = new Array<MakerOfItems>(items.length);
    this.numbers = new Array<string | undefined>(items.length);
    for (let index = 0; index < items.length; index += 1) {
      const name = (items[index] as T).maker;
      let maker = byName.get(name);
      if (maker === undefined) {
        const canonical = canonicalMaker(name);
        maker = { pattern: patternOfMaker(name), key: makerKey(canonical), name: canonical };
        byName.set(name, maker);
      }
      this.makers[index] = maker;
    }
  }

  /** The index-th item's part number normalised by its maker's pattern. */
  numberAt(index: number): string {
    let number = this.numbers[index];
    if (number === undefined) {
      const maker = this.makers[index] as MakerOfItems;
      number = normaliseByPattern(maker.pattern, (this.items[index] as T).parcelNumber);
      this.numbers[index] = number;
    }
    return number;
  }

  /** True when the index-th item's normalised number is `number`. */
  hasNumber(index: number, number: string): boolean {
    const text = (this.items[index] as T).parcelNumber;
    return mayNormaliseTo(text, number) && this.numberAt(index) === number;
  }
}

/** The identity of a group: its canonical maker and normalised number. */
function groupKey(makerKeyOfGroup: string, number: string): string {
  return `${makerKeyOfGroup}\u0000${number}`;
}

interface WantedGroup {
  makerKey: string;
  number: string;
}

/** The candidates' groups (a scan names one or two mostly). */
class Wanted {
  readonly groups: WantedGroup[] = [];
  readonly keys = new Set<string>();

  get size(): number {
    return this.groups.length;
  }

  add(maker: MakerOfItems, number: string): void {
    const key = groupKey(maker.key, number);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.groups.push({ makerKey: maker.key, number });
  }
}

/** True when one of the item's barcodes or its receipt barcode compares equal to `key`. */
function hasBarcode(item: StockItem, key: string): boolean {
  if (key === '') return false;
  for (const barcode of item.barcodes) if (hasCompareKey(barcode, key)) return true;
  return item.receiptBarcode !== null && hasCompareKey(item.receiptBarcode, key);
}

/** Step 2: groups named by a maker pattern's reading of the cut text, or by their barcodes. */
function readingCandidates<T extends StockItem>(cut: string, prepared: PreparedItems<T>): Wanted {
  const readings = new Map<MakerPattern, string>();
  for (const pattern of MAKER_PATTERNS) {
    const number = readByPattern(pattern, cut);
    if (number !== null) readings.set(pattern, number);
  }
  return wantedGroups(prepared, compareKey(cut), (maker) =>
    maker.pattern === null ? undefined : readings.get(maker.pattern),
  );
}

/** Steps 3–4: groups whose normalised number, barcode or receipt barcode is the part. */
function plainCandidates<T extends StockItem>(part: string, prepared: PreparedItems<T>): Wanted {
  // The part normalised by each maker's pattern, once per maker.
  const targets = new Map<MakerOfItems, string>();
  return wantedGroups(prepared, compareKey(part), (maker) => {
    let target = targets.get(maker);
    if (target === undefined) {
      target = normaliseByPattern(maker.pattern, part);
      targets.set(maker, target);
    }
    return target === '' ? undefined : target;
  });
}

/**
 * The groups of the items whose normalised number is the one `sought` gives for their maker, or
 * whose barcode compares as `key`.
 */
function wantedGroups<T extends StockItem>(
  prepared: PreparedItems<T>,
  key: string,
  sought: (maker: MakerOfItems) => string | undefined,
): Wanted {
  const wanted = new Wanted();
  const { items, makers } = prepared;
  for (let index = 0; index < items.length; index += 1) {
    const maker = makers[index] as MakerOfItems;
    const number = sought(maker);
    if (number !== undefined && prepared.hasNumber(index, number)) wanted.add(maker, number);
    else if (hasBarcode(items[index] as T, key)) wanted.add(maker, prepared.numberAt(index));
  }
  return wanted;
}

/** Step 5: every item of the wanted numbers and makers, grouped, ordered by maker. */
function groupsOf<T extends StockItem>(
  wanted: Wanted,
  prepared: PreparedItems<T>,
): StockGroup<T>[] {
  const groups = new Map<string, StockGroup<T>>();
  const { items, makers } = prepared;
  for (let index = 0; index < items.length; index += 1) {
    const maker = makers[index] as MakerOfItems;
    const found = groupOfItem(wanted, prepared, index, maker);
    if (found === null) continue;
    const key = groupKey(maker.key, found);
    const item = items[index] as T;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { number: found, maker: maker.name, items: [item] });
  }
  return [...groups.values()].sort(
    (a, b) => a.maker.localeCompare(b.maker) || a.number.localeCompare(b.number),
  );
}

/** The number of the wanted group the index-th item belongs to, else null. */
function groupOfItem<T extends StockItem>(
  wanted: Wanted,
  prepared: PreparedItems<T>,
  index: number,
  maker: MakerOfItems,
): string | null {
  // A few groups: the cheap test against each; many (one barcode on a thousand goods): a lookup.
  if (wanted.size > 8) {
    const number = prepared.numberAt(index);
    return wanted.keys.has(groupKey(maker.key, number)) ? number : null;
  }
  for (const group of wanted.groups)
    if (group.makerKey === maker.key && prepared.hasNumber(index, group.number))
      return group.number;
  return null;
}
