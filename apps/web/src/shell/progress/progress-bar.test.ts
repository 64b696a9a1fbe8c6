import type { NProgress } from 'nprogress';
import { describe, expect, it } from 'vitest';
import type { FlagStore } from '../shell-services';
import { bindProgressBar, createLazyProgress } from './progress-bar';

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

describe('lazy progress bar', () => {
  function fakeNProgress() {
    const calls: string[] = [];
    let resolve: () => void = () => undefined;
    const module = {
      configure: (options: object) => void calls.push(`configure ${JSON.stringify(options)}`),
      start: () => void calls.push('start'),
      done: () => void calls.push('done'),
    };
    const loaded = new Promise<void>((next) => {
      resolve = next;
    });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await loaded;
      return module as unknown as NProgress;
    };
    return { calls, load, release: () => resolve(), loads: () => loads };
  }

  const settle = () => new Promise((next) => setTimeout(next, 0));

  it('loads NProgress once, configured as the spec says, and starts it when still wanted', async () => {
    const fake = fakeNProgress();
    const progress = createLazyProgress(fake.load);
    progress.start();
    progress.start();
    fake.release();
    await settle();
    expect(fake.loads()).toBe(1);
    expect(fake.calls).toEqual([
      'configure {"minimum":0.2,"showSpinner":false,"trickleSpeed":200}',
      'start',
    ]);
    progress.done();
    progress.start();
    expect(fake.calls.slice(2)).toEqual(['done', 'start']);
  });

  it('shows nothing when the load finishes after the work is done', async () => {
    const fake = fakeNProgress();
    const progress = createLazyProgress(fake.load);
    progress.start();
    progress.done();
    fake.release();
    await settle();
    expect(fake.calls.filter((call) => call !== 'done' && !call.startsWith('configure'))).toEqual(
      [],
    );
  });

  it('a failed load leaves the app working without a bar', async () => {
    const progress = createLazyProgress(() => Promise.reject(new Error('chunk failed')));
    progress.start();
    await settle();
    expect(() => progress.done()).not.toThrow();
  });
});
