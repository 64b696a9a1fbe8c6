import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { browserScheduler } from '../../lib/scheduler';
import { renderWithI18n } from '../../test/render';
import { ShellServicesProvider, type FlagStore } from '../shell-services';
import { createTestServices } from '../../test/services';
import { MainLoader } from './main-loader';
import { createMainLoaderStore, queryActivity } from './main-loader-store';

function flagStore(initial = false) {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: FlagStore & { set(next: boolean): void } = {
    getSnapshot: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
  return store;
}

describe('main loader store', () => {
  it('shows after 250 ms of work from any source and hides when all are idle', () => {
    const scheduler = createFakeScheduler();
    const router = flagStore();
    const queries = flagStore();
    const loader = createMainLoaderStore(scheduler, [router, queries]);
    router.set(true);
    scheduler.advance(100);
    queries.set(true);
    router.set(false);
    scheduler.advance(149);
    expect(loader.getSnapshot()).toBe(false);
    scheduler.advance(1);
    expect(loader.getSnapshot()).toBe(true);
    queries.set(false);
    expect(loader.getSnapshot()).toBe(false);
  });

  it('counts work that was already pending when it was created', () => {
    const scheduler = createFakeScheduler();
    const loader = createMainLoaderStore(scheduler, [flagStore(true)]);
    scheduler.advance(250);
    expect(loader.getSnapshot()).toBe(true);
  });

  it('follows the fetching and mutating of a query client', async () => {
    const scheduler = createFakeScheduler();
    const client = new QueryClient();
    const loader = createMainLoaderStore(scheduler, [queryActivity(client)]);
    let finish: (value: string) => void = () => undefined;
    const fetching = client.fetchQuery({
      queryKey: ['slow'],
      queryFn: () => new Promise<string>((resolve) => (finish = resolve)),
    });
    await Promise.resolve();
    scheduler.advance(250);
    expect(loader.getSnapshot()).toBe(true);
    finish('done');
    await fetching;
    expect(loader.getSnapshot()).toBe(false);
  });
});

async function renderLoader(mainLoader: FlagStore) {
  await renderWithI18n(
    <ShellServicesProvider services={createTestServices({ mainLoader })}>
      <MainLoader />
    </ShellServicesProvider>,
  );
}

describe('MainLoader', () => {
  // The catalogues load with real timers; the 250 ms rule then runs on fake ones.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows "Загрузка" once work has lasted 250 ms, never before, and hides when idle', async () => {
    const busy = flagStore();
    const loader = createMainLoaderStore(browserScheduler, [busy]);
    await renderLoader(loader);
    vi.useFakeTimers();
    act(() => busy.set(true));
    act(() => vi.advanceTimersByTime(249));
    expect(screen.queryByTestId('main-loader')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('main-loader').textContent).toBe('Загрузка');
    act(() => busy.set(false));
    expect(screen.queryByTestId('main-loader')).toBeNull();
  });

  it('never shows for work under 250 ms', async () => {
    const busy = flagStore();
    await renderLoader(createMainLoaderStore(browserScheduler, [busy]));
    vi.useFakeTimers();
    act(() => busy.set(true));
    act(() => vi.advanceTimersByTime(240));
    act(() => busy.set(false));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('main-loader')).toBeNull();
  });
});
