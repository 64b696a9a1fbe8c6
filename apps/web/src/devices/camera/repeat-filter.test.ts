import { describe, expect, it } from 'vitest';
import { LEAVE_VIEW_MS, REPEAT_HOLD_MS, createRepeatFilter } from './repeat-filter';

/** Feeds frames every `stepMs` from `start`; each frame's texts from `frames`. */
function run(frames: string[][], stepMs = 120, start = 0) {
  const filter = createRepeatFilter();
  return frames.map((texts, index) => filter.accept(texts, start + index * stepMs));
}

describe('camera repeat filter', () => {
  it('takes a label once while it stays in view for less than the hold time', () => {
    const frames = Array.from({ length: 12 }, () => ['%Z1']); // 0..1320 ms
    expect(run(frames).flat()).toEqual(['%Z1']);
  });

  it('takes it once even when some frames in between fail to decode', () => {
    const filter = createRepeatFilter();
    expect(filter.accept(['P-1'], 0)).toEqual(['P-1']);
    expect(filter.accept([], 120)).toEqual([]);
    expect(filter.accept([], 240)).toEqual([]);
    expect(filter.accept(['P-1'], LEAVE_VIEW_MS - 1)).toEqual([]);
  });

  it('takes it again after it left the view, even within the hold time', () => {
    const filter = createRepeatFilter();
    expect(filter.accept(['P-1'], 0)).toEqual(['P-1']);
    expect(filter.accept(['P-1'], 100)).toEqual([]);
    expect(filter.accept(['P-1'], 100 + LEAVE_VIEW_MS)).toEqual(['P-1']);
  });

  it('takes it again once the hold time has passed since it was taken', () => {
    const filter = createRepeatFilter();
    let taken = 0;
    for (let now = 0; now <= REPEAT_HOLD_MS; now += 100) {
      taken += filter.accept(['P-1'], now).length;
    }
    expect(taken).toBe(2); // at 0 and at REPEAT_HOLD_MS
    expect(filter.accept(['P-1'], REPEAT_HOLD_MS + 100)).toEqual([]);
  });

  it('takes different labels of one frame each once, in order, and the same text once', () => {
    const filter = createRepeatFilter();
    expect(filter.accept(['A', 'B', 'A', ''], 0)).toEqual(['A', 'B']);
    expect(filter.accept(['B', 'C'], 120)).toEqual(['C']);
  });

  it('keeps each label on its own clock', () => {
    const filter = createRepeatFilter({ holdMs: 1000, leaveMs: 300 });
    expect(filter.accept(['A'], 0)).toEqual(['A']);
    expect(filter.accept(['B'], 200)).toEqual(['B']);
    expect(filter.accept(['A', 'B'], 250)).toEqual([]);
    // A was last seen at 250, B too; A leaves, B stays.
    expect(filter.accept(['B'], 500)).toEqual([]);
    expect(filter.accept(['A', 'B'], 600)).toEqual(['A']);
  });
});
