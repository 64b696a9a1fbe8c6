// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEDGE_TIMING,
  INITIAL_WEDGE_STATE,
  createWedgeDetector,
  nextWedgeState,
  type WedgeKey,
} from './keyboard-wedge';

/** Keys of `text` from a fake clock: one key every `gapMs`, then the suffix. */
function keys(text: string, gapMs: number, start = 1000, end: 'END' | null = 'END'): WedgeKey[] {
  const list: WedgeKey[] = [...text].map((char, index) => ({
    type: 'CHAR',
    char,
    at: start + index * gapMs,
  }));
  if (end) list.push({ type: 'END', at: start + text.length * gapMs });
  return list;
}

function run(list: WedgeKey[]): string[] {
  const detector = createWedgeDetector();
  return list.map((key) => detector.push(key)).filter((scan): scan is string => scan !== null);
}

describe('keyboard-wedge detector', () => {
  it('tells a fast burst ending in Enter or Tab as a scan', () => {
    expect(run(keys('=1-2-A-3', 8))).toEqual(['=1-2-A-3']);
    expect(run(keys('_B0001', 5))).toEqual(['_B0001']);
  });

  it('accepts gaps up to the limit and no more', () => {
    expect(run(keys('12345', DEFAULT_WEDGE_TIMING.maxGapMs))).toEqual(['12345']);
    expect(run(keys('12345', DEFAULT_WEDGE_TIMING.maxGapMs + 1))).toEqual([]);
  });

  it('does not take a person typing, nor Enter after slow typing', () => {
    expect(run(keys('hello', 120))).toEqual([]);
    expect(run(keys('ab', 150, 1000, null).concat({ type: 'END', at: 1400 }))).toEqual([]);
  });

  it('needs at least 3 characters', () => {
    expect(run(keys('ab', 5))).toEqual([]);
    expect(run(keys('abc', 5))).toEqual(['abc']);
  });

  it('needs the suffix to come fast too', () => {
    const list = keys('12345', 5, 1000, null);
    expect(run([...list, { type: 'END', at: 1020 + 200 }])).toEqual([]);
  });

  it('a slow key resets: only the burst after it is the scan', () => {
    const typed = keys('xy', 200, 0, null); // a person types x, y
    const burst = keys('%Z1-2', 6, 600); // then the scanner fires
    expect(run([...typed, ...burst])).toEqual(['%Z1-2']);
    // A slow key in the middle of a burst splits it: what follows is too short to be a scan.
    const split = [...keys('abcd', 5, 0, null), ...keys('ef', 5, 500)];
    expect(run(split)).toEqual([]);
  });

  it('ignores modifiers (scanners press Shift for capitals), resets on other keys', () => {
    const shifted: WedgeKey[] = [
      { type: 'MODIFIER', at: 0 },
      { type: 'CHAR', char: 'A', at: 2 },
      { type: 'MODIFIER', at: 4 },
      { type: 'CHAR', char: 'B', at: 8 },
      { type: 'CHAR', char: 'C', at: 14 },
      { type: 'END', at: 20 },
    ];
    expect(run(shifted)).toEqual(['ABC']);
    const withBackspace: WedgeKey[] = [
      ...keys('abc', 5, 0, null),
      { type: 'OTHER', at: 16 },
      { type: 'END', at: 20 },
    ];
    expect(run(withBackspace)).toEqual([]);
  });

  it('finds consecutive scans and starts over after each', () => {
    expect(run([...keys('111', 5, 0), ...keys('222', 5, 100)])).toEqual(['111', '222']);
    const after = nextWedgeState(INITIAL_WEDGE_STATE, { type: 'END', at: 0 });
    expect(after).toEqual({ state: INITIAL_WEDGE_STATE });
  });

  it('names its states after what it waits for', () => {
    const detector = createWedgeDetector();
    expect(detector.state.value).toBe('waitForFirstChar');
    detector.push({ type: 'CHAR', char: 'a', at: 0 });
    expect(detector.state).toEqual({ value: 'waitForNextCharOrEnd', chars: 'a', lastAt: 0 });
  });

  it('uses the timing it is given', () => {
    const detector = createWedgeDetector({ maxGapMs: 100, minLength: 2 });
    const found = keys('ab', 80).map((key) => detector.push(key));
    expect(found).toEqual([null, null, 'ab']);
    expect(detector.state.value).toBe('waitForFirstChar');
  });
});
