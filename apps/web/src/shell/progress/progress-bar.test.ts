import { describe, expect, it } from 'vitest';
import type { FlagStore } from '../shell-services';
import { bindProgressBar } from './progress-bar';

describe('progress bar binding', () => {
  it('starts when the router leaves idle and finishes when it is idle again', () => {
    let busy = false;
    let listener: () => void = () => undefined;
    const store: FlagStore = {
      getSnapshot: () => busy,
      subscribe: (next) => {
        listener = next;
        return () => undefined;
      },
    };
    const calls: string[] = [];
    const unbind = bindProgressBar(store, {
      start: () => calls.push('start'),
      done: () => calls.push('done'),
    });
    busy = true;
    listener();
    listener();
    busy = false;
    listener();
    busy = true;
    listener();
    unbind();
    expect(calls).toEqual(['start', 'done', 'start', 'done']);
  });
});
