// Stock matching of a scanned label, spec part 1 §5 (docs/DECISIONS.md "Stock matching"): which
// stock items a scanned text names. Pure and shared: the workflow screen runs it for an instant
// highlight, the server runs the same function and decides.
import { MAKER_PATTERNS, type MakerPattern } from './maker-patterns.js';
import {
  canonicalMaker,
  compareKey,
  hasCompareKey,
  makerKey,
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
  const prepared = prepareItems(stockItems);
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

/** The items' makers and normalised numbers, index by index (plain loops: a hot path). */
interface PreparedItems<T extends StockItem> {
  items: readonly T[];
  makers: MakerOfItems[];
  numbers: string[];
}

function prepareItems<T extends StockItem>(items: readonly T[]): PreparedItems<T> {
  const byName = new Map<string, MakerOfItems>();
  const makers: MakerOfItems[] = new Array<MakerOfItems>(items.length);
  const numbers: string[] = new Array<string>(items.length);
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as T;
    let maker = byName.get(item.maker);
    if (maker === undefined) {
      const name = canonicalMaker(item.maker);
      maker = { pattern: patternOfMaker(item.maker), key: makerKey(name), name };
      byName.set(item.maker, maker);
    }
    makers[index] = maker;
    numbers[index] = normaliseByPattern(maker.pattern, item.parcelNumber);
  }
  return { items, makers, numbers };
}

/** The identity of an item's group: its canonical maker and normalised number. */
function groupKey(maker: MakerOfItems, number: string): string {
  return `${maker.key}\u0000${number}`;
}

/** The candidates' groups; their numbers alone too, a cheap first test over every item. */
class Wanted {
  readonly numbers = new Set<string>();
  readonly keys = new Set<string>();

  get size(): number {
    return this.keys.size;
  }

  add(maker: MakerOfItems, number: string): void {
    this.numbers.add(number);
    this.keys.add(groupKey(maker, number));
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
  return wantedGroups(
    prepared,
    compareKey(cut),
    (maker, number) => maker.pattern !== null && readings.get(maker.pattern) === number,
  );
}

/** Steps 3–4: groups whose normalised number, barcode or receipt barcode is the part. */
function plainCandidates<T extends StockItem>(part: string, prepared: PreparedItems<T>): Wanted {
  // The part normalised by each maker's pattern, once per maker.
  const targets = new Map<MakerOfItems, string>();
  return wantedGroups(prepared, compareKey(part), (maker, number) => {
    let target = targets.get(maker);
    if (target === undefined) {
      target = normaliseByPattern(maker.pattern, part);
      targets.set(maker, target);
    }
    return target !== '' && number === target;
  });
}

/** The groups of the items whose number `isNamed` names or whose barcode compares as `key`. */
function wantedGroups<T extends StockItem>(
  prepared: PreparedItems<T>,
  key: string,
  isNamed: (maker: MakerOfItems, number: string) => boolean,
): Wanted {
  const wanted = new Wanted();
  const { items, makers, numbers } = prepared;
  for (let index = 0; index < items.length; index += 1) {
    const maker = makers[index] as MakerOfItems;
    const number = numbers[index] as string;
    if (isNamed(maker, number) || hasBarcode(items[index] as T, key)) wanted.add(maker, number);
  }
  return wanted;
}

/** Step 5: every item of the wanted numbers and makers, grouped, ordered by maker. */
function groupsOf<T extends StockItem>(
  wanted: Wanted,
  prepared: PreparedItems<T>,
): StockGroup<T>[] {
  const groups = new Map<string, StockGroup<T>>();
  const { items, makers, numbers } = prepared;
  for (let index = 0; index < items.length; index += 1) {
    const maker = makers[index] as MakerOfItems;
    const number = numbers[index] as string;
    if (!wanted.numbers.has(number)) continue;
    const key = groupKey(maker, number);
    if (!wanted.keys.has(key)) continue;
    const item = items[index] as T;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { number, maker: maker.name, items: [item] });
  }
  return [...groups.values()].sort(
    (a, b) => a.maker.localeCompare(b.maker) || a.number.localeCompare(b.number),
  );
}
