import { lazy, Suspense, type ComponentType } from 'react';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeScheduler, type FakeScheduler } from '../../lib/fake-scheduler';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider } from '../shell-services';
import { CHUNK_LOADER_DELAY_MS, ChunkLoader } from './chunk-loader';

/** A lazy part whose chunk arrives when the test says so. */
function lazyPart() {
  let arrive: () => void = () => undefined;
  const chunk = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: () => <p data-testid="part">Выдача</p> });
  });
  return { Part: lazy(() => chunk), arrive: () => act(async () => arrive()) };
}

/** The lazy part under a Suspense whose fallback is the chunk loader, on the given clock. */
async function renderInSuspense(Part: ComponentType, scheduler: FakeScheduler) {
  await renderWithI18n(
    <ShellServicesProvider services={createTestServices({ scheduler })}>
      <Suspense fallback={<ChunkLoader />}>
        <Part />
      </Suspense>
    </ShellServicesProvider>,
  );
}

describe('ChunkLoader (spec part 1 §9: default delay 200 ms)', () => {
  it('shows nothing for 200 ms, then the loading label; the part replaces it when it arrives', async () => {
    expect(CHUNK_LOADER_DELAY_MS).toBe(200);
    const scheduler = createFakeScheduler();
    const { Part, arrive } = lazyPart();
    await renderInSuspense(Part, scheduler);
    act(() => scheduler.advance(199));
    expect(screen.queryByTestId('chunk-loader')).toBeNull();
    act(() => scheduler.advance(1));
    const loader = screen.getByTestId('chunk-loader');
    expect(loader.textContent).toBe('Загрузка');
    expect(loader.getAttribute('role')).toBe('status');
    await arrive();
    expect(screen.getByTestId('part').textContent).toBe('Выдача');
    expect(screen.queryByTestId('chunk-loader')).toBeNull();
  });

  it('a chunk that arrives within the delay never shows it, and leaves no timer', async () => {
    const scheduler = createFakeScheduler();
    const { Part, arrive } = lazyPart();
    await renderInSuspense(Part, scheduler);
    act(() => scheduler.advance(150));
    await arrive();
    expect(scheduler.pending()).toBe(0);
    act(() => scheduler.advance(1_000));
    expect(screen.queryByTestId('chunk-loader')).toBeNull();
    expect(screen.getByTestId('part')).toBeTruthy();
  });
});
