import { describe, expect, it } from 'vitest';
import {
  closeDecision,
  dayBounds,
  defaultWindowOfGroup,
  lastDays,
  orderSupplyDetails,
  stateAfterStickered,
  statesOfGroup,
  supplyCounters,
  toLocalIso,
  fromDateInputValue,
  toDateInputValue,
  type SupplyDetailState,
  type SupplyState,
} from './supply-rules.js';

describe('supply groups (part 2 §4)', () => {
  it.each([
    [0, [1]],
    [1, [2, 4, 5]],
    [2, [3]],
  ] as const)('group %i sends States %j', (group, states) => {
    expect(statesOfGroup(group)).toEqual(states);
  });

  it('counts expected as state 1 and in work as 2 + 4 + 5', () => {
    expect(supplyCounters({ 1: 3, 2: 1, 3: 7, 4: 2, 5: 4 })).toEqual({
      inExpectedCount: 3,
      inWorkCount: 7,
      archivedCount: 7,
    });
  });
});

describe('date windows (part 2 §9)', () => {
  const today = new Date(2026, 10, 26, 15, 30);

  it('bounds days at local 00:00:00 and 23:59:59', () => {
    const { begin, end } = dayBounds(new Date(2026, 10, 20, 9), today);
    expect(begin).toEqual(new Date(2026, 10, 20, 0, 0, 0));
    expect(end).toEqual(new Date(2026, 10, 26, 23, 59, 59));
  });

  it.each([
    [0, null],
    [1, new Date(2025, 10, 27)],
    [2, new Date(2026, 10, 20)],
  ] as const)('group %i defaults to %s', (group, begin) => {
    const window = defaultWindowOfGroup(group, today);
    if (begin === null) expect(window).toBeNull();
    else expect(window).toEqual({ begin, end: new Date(2026, 10, 26, 23, 59, 59) });
  });

  it('spans 364 days across a month and year start', () => {
    expect(lastDays(new Date(2026, 0, 3), 6).begin).toEqual(new Date(2025, 11, 28));
  });

  it('writes a local time with its offset, read back as the same instant', () => {
    const iso = toLocalIso(new Date(2026, 10, 26, 0, 0, 0));
    expect(iso).toMatch(/^2026-11-26T00:00:00[+-]\d\d:\d\d$/);
    expect(new Date(iso)).toEqual(new Date(2026, 10, 26, 0, 0, 0));
  });
});

describe('supply transitions (part 2 §4)', () => {
  it.each([
    [1, 'notArrived'],
    [2, 'close'],
    [3, 'repeat'],
    [4, 'close'],
    [5, 'close'],
  ] as const)('closing state %i: %s', (state, decision) => {
    expect(closeDecision(state)).toBe(decision);
  });

  it.each([
    [5, 4],
    [2, 4],
    [4, 4],
    [3, 3],
    [1, 1],
  ] as const)('a label printed in state %i leaves state %i', (state, after) => {
    expect(stateAfterStickered(state as SupplyState)).toBe(after);
  });
});

describe('details (part 2 §4)', () => {
  it('orders by state with state-2 details last, then by id', () => {
    const details = (
      [
        [1, 2],
        [2, 1],
        [3, 4],
        [4, 3],
        [5, 1],
        [6, 2],
      ] as const
    ).map(([id, state]) => ({ id, state: state as SupplyDetailState }));
    expect(orderSupplyDetails(details).map((detail) => detail.id)).toEqual([2, 5, 4, 3, 1, 6]);
  });
});

describe('date input values', () => {
  it('reads back a local date it wrote, and nothing else', () => {
    const date = new Date(2026, 1, 28);
    expect(toDateInputValue(date)).toBe('2026-02-28');
    expect(fromDateInputValue('2026-02-28')?.getTime()).toBe(date.getTime());
    expect(fromDateInputValue('')).toBeNull();
    expect(fromDateInputValue('28.02.2026')).toBeNull();
    expect(fromDateInputValue('2026-02-28T00:00')).toBeNull();
  });
});
