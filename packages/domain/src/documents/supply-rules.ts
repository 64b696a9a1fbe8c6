// Pure rules of inbound supplies and outbound shipments (spec part 2 §4, §9; docs/DECISIONS.md
// "Inbound supplies and outbound shipments"): state groups, counters, date windows, the order
// of details and the transitions the server applies.

/** Spec part 2 §4: 1 Ожидается, 2 Сортируется, 3 Принята, 4 Стикеруется, 5 Поступила. */
export type SupplyState = 1 | 2 | 3 | 4 | 5;

/** Spec part 2 §4 inbound detail states: 1 Ожидается, 2 Принята, 3 Стикерована, 4 Отменена. */
export type SupplyDetailState = 1 | 2 | 3 | 4;

/** Spec part 2 §4: the list's groups and their numeric values (0 expected, 1 work, 2 archive). */
export const SUPPLY_GROUPS = { expected: 0, work: 1, archive: 2 } as const;
export type SupplyGroup = (typeof SUPPLY_GROUPS)[keyof typeof SUPPLY_GROUPS];

const GROUP_STATES: Record<SupplyGroup, readonly SupplyState[]> = {
  0: [1],
  1: [2, 4, 5],
  2: [3],
};

/** The States a group sends (part 2 §4; the default filter is [1], the expected group). */
export function statesOfGroup(group: SupplyGroup): SupplyState[] {
  return [...GROUP_STATES[group]];
}

/** Part 2 §4 counters from the states/count map: expected = 1; in work = 2 + 4 + 5. */
export function supplyCounters(counts: Readonly<Record<SupplyState, number>>): {
  inExpectedCount: number;
  inWorkCount: number;
  archivedCount: number;
} {
  return {
    inExpectedCount: counts[1],
    inWorkCount: counts[2] + counts[4] + counts[5],
    archivedCount: counts[3],
  };
}

/** Part 2 §9: counts over the last 364 days, work lists too; the archive and shipments 6. */
export const SUPPLY_COUNT_DAYS = 364;
export const SUPPLY_WORK_DAYS = 364;
export const SUPPLY_ARCHIVE_DAYS = 6;
export const SHIPMENT_DAYS = 6;

/** A range of local calendar days, both ends included. */
export interface DayRange {
  /** The first day's local 00:00:00. */
  begin: Date;
  /** The last day's local 23:59:59. */
  end: Date;
}

/**
 * The last `days` days up to `today` (part 2 §9), as local day bounds: today minus `days` at
 * 00:00:00 to today at 23:59:59.
 */
export function lastDays(today: Date, days: number): DayRange {
  return dayBounds(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days), today);
}

/** Part 2 §9: a start day's 00:00:00 and an end day's 23:59:59, local time. */
export function dayBounds(first: Date, last: Date): DayRange {
  return {
    begin: new Date(first.getFullYear(), first.getMonth(), first.getDate(), 0, 0, 0, 0),
    end: new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 0),
  };
}

/** The window a group's list sends by default: expected none, work 364 days, archive 6. */
export function defaultWindowOfGroup(group: SupplyGroup, today: Date): DayRange | null {
  if (group === SUPPLY_GROUPS.expected) return null;
  return lastDays(today, group === SUPPLY_GROUPS.archive ? SUPPLY_ARCHIVE_DAYS : SUPPLY_WORK_DAYS);
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/**
 * A local time as ISO 8601 with its offset (`2026-11-26T00:00:00+03:00`): the wall-clock time
 * the user chose, which the server reads as that instant (docs/DECISIONS.md "Inbound supplies and outbound shipments").
 */
export function toLocalIso(date: Date): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** `yyyy-mm-dd` of a local date (a date input's value). */
export function toDateInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date input's `yyyy-mm-dd` as a local date; null when empty or not such a date. */
export function fromDateInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/** Part 2 §4 archiving: states 2, 4, 5 close; 1 has not arrived; 3 is already archived. */
export function closeDecision(state: SupplyState): 'close' | 'notArrived' | 'repeat' {
  if (state === 1) return 'notArrived';
  if (state === 3) return 'repeat';
  return 'close';
}

/** A label printed for a detail: an arrived or sorting supply is now being stickered. */
export function stateAfterStickered(state: SupplyState): SupplyState {
  return state === 5 || state === 2 ? 4 : state;
}

/** Part 2 §4: details by state, state-2 (received) details last. */
export function detailOrderRank(state: SupplyDetailState): number {
  return state === 2 ? 5 : state;
}

/** Sorts details by `detailOrderRank`, then by their id (stable for equal states). */
export function orderSupplyDetails<T extends { state: SupplyDetailState; id: number }>(
  details: readonly T[],
): T[] {
  return [...details].sort(
    (a, b) => detailOrderRank(a.state) - detailOrderRank(b.state) || a.id - b.id,
  );
}
