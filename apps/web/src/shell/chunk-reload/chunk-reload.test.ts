import { describe, expect, it } from 'vitest';
import { createMemoryStorage, type KeyValueStorage } from '../../lib/storage';
import { CHUNK_RELOAD_KEY, createChunkReload } from './chunk-reload';

function setup(storage: KeyValueStorage | null = createMemoryStorage(), start = 1_000_000) {
  let now = start;
  const reloads: (string | undefined)[] = [];
  let messages = 0;
  const make = () =>
    createChunkReload({
      storage,
      now: () => now,
      reload: (href) => reloads.push(href),
      showMessage: () => messages++,
    });
  return {
    make,
    storage,
    reloads,
    messages: () => messages,
    tick: (ms: number) => (now += ms),
  };
}

describe('chunk reload', () => {
  it('reloads on a chunk error with a timestamp marker, then shows the message once', () => {
    const env = setup();
    const first = env.make();
    expect(first.start()).toBe(false);
    expect(first.onChunkError('/en/sorting')).toBe('reloading');
    expect(env.reloads).toEqual(['/en/sorting']);
    expect(env.storage?.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(env.messages()).toBe(0);

    // The next page load.
    env.tick(1_500);
    const second = env.make();
    expect(second.start()).toBe(true);
    expect(env.messages()).toBe(1);
    expect(env.storage?.getItem(CHUNK_RELOAD_KEY)).toBeNull();

    // A third load shows nothing.
    expect(env.make().start()).toBe(false);
    expect(env.messages()).toBe(1);
  });

  it('does not loop: a chunk error within 10 s of such a reload shows the message', () => {
    const env = setup();
    env.make().onChunkError();
    env.tick(3_000);
    const reloaded = env.make();
    reloaded.start();
    expect(reloaded.onChunkError('/x')).toBe('message-shown');
    expect(env.reloads).toEqual([undefined]);
    expect(env.messages()).toBe(2);
  });

  it('reloads again once 10 s have passed', () => {
    const env = setup();
    env.make().onChunkError();
    env.tick(100);
    const reloaded = env.make();
    reloaded.start();
    env.tick(10_000);
    expect(reloaded.onChunkError()).toBe('reloading');
    expect(env.reloads).toHaveLength(2);
  });

  it('does not loop within one page either', () => {
    const env = setup();
    const app = env.make();
    expect(app.onChunkError()).toBe('reloading');
    expect(app.onChunkError()).toBe('message-shown');
  });

  it('shows the message instead of reloading when no marker can be kept', () => {
    const env = setup(null);
    expect(env.make().onChunkError()).toBe('message-shown');
    expect(env.reloads).toEqual([]);
    const throwing: KeyValueStorage = {
      getItem: () => null,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const env2 = setup(throwing);
    expect(env2.make().onChunkError()).toBe('message-shown');
  });
});
