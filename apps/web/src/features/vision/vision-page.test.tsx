import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TVisionFragment } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { result } from '../../test/call-result';
import { renderScanScreen } from '../../test/render-screen';
import { VisionScreen } from './vision-page';
import type { VisionCalls } from './vision.service';

// The page over a fake vision-api (spec part 2 §2, §4, §7; docs/DECISIONS.md "Vision screen"):
// what the worker reads of a unit's history, and the toast and sound of an unknown unit.

const HISTORY: TVisionFragment[] = [
  {
    eventId: 20,
    dateUtc: '2026-11-26T10:05:00.000Z',
    kind: 'box.deconsolidated',
    userId: 3,
    userName: 'Иванов Иван',
    warehouseNumber: 34717,
    parcelNumber: null,
    boxNumber: 111,
    cellName: '7-a-01',
    comment: null,
    workflow: null,
  },

  {
    eventId: 19,
    dateUtc: '2026-11-26T10:00:00.000Z',
    // A kind this web app does not know yet (a newer server): shown as it comes.
    kind: 'future.kind' as TVisionFragment['kind'],
    userId: null,
    userName: null,
    warehouseNumber: 34717,
    parcelNumber: 'P420001',
    boxNumber: null,
    cellName: null,
    comment: 'ручная проверка',
    workflow: null,
  },
  {
    eventId: 18,
    dateUtc: '2026-11-26T09:55:00.000Z',
    kind: 'parcel.moved',
    userId: 3,
    userName: 'Иванов Иван',
    warehouseNumber: 34717,
    parcelNumber: 'P420001',
    boxNumber: 121,
    cellName: '7-c-01',
    comment: null,
    workflow: 'consolidating',
  },
];

function fakeCalls(): VisionCalls {
  return {
    loadHistory: async ({ barcode }) =>
      barcode === 'P420001'
        ? result({ visionFragments: HISTORY })
        : barcode === '_34717-9'
          ? result({ visionFragments: [] })
          : result<{ visionFragments: TVisionFragment[] }>(null, {
              errorCode: 104,
              message: `Единица ${barcode} не найдена`,
            }),
  };
}

function renderScreen(locale: Locale = 'ru') {
  const calls = fakeCalls();
  return renderScanScreen({
    path: '/vision',
    Screen: () => <VisionScreen calls={calls} />,
    namespace: 'vision',
    rootTestId: 'vision-screen',
    locale,
  });
}

const texts = (testId: string) => screen.getAllByTestId(testId).map((node) => node.textContent);

describe('VisionScreen', () => {
  it('shows a unit history newest first with places and users, then a new search', async () => {
    const { scan, waitView, played, toasts } = await renderScreen();
    await waitView('scanVisionUnits');
    scan('P420001');
    await waitView('visionUnitInfo');
    expect(screen.getByTestId('prompt-main').textContent).toBe('История P420001');
    expect(texts('vision-event-kind')).toEqual([
      'Короб расконсолидирован',
      'future.kindручная проверка',
      'Посылка перемещена',
    ]);
    // The unit looked up is the heading, not repeated in its own rows; a guided workflow's
    // step names its workflow.
    expect(texts('vision-event-place')).toEqual([
      'ячейка 7-a-01 · короб _34717-111',
      '—',
      'ячейка 7-c-01 · короб _34717-121 · консолидация',
    ]);
    expect(played).toContain('ok-new');
    expect(toasts()).toEqual([]);

    await userEvent.click(screen.getByTestId('vision-new-search'));
    await waitView('scanVisionUnits');
    expect(screen.queryByTestId('vision-history')).toBeNull();
  });

  it('a known unit without events says so', async () => {
    const { scan, waitView } = await renderScreen();
    scan('_34717-9');
    await waitView('visionUnitInfo');
    expect(screen.getByTestId('vision-no-history').textContent).toBe(
      'Единица известна, но событий по ней на этом складе ещё нет',
    );
  });

  it('an unknown unit: store.v-001 with the server message, toast and error sound', async () => {
    const { scan, waitView, played, toasts } = await renderScreen();
    scan('P999');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-code').textContent).toBe('store.v-001'),
    );
    await waitView('scanVisionUnits');
    const text = 'Не удалось найти P999: Единица P999 не найдена';
    expect(screen.getByTestId('prompt-error-text').textContent).toBe(text);
    expect(toasts()).toEqual([{ status: 'error', content: text }]);
    expect(played).toContain('err');
  });

  it('in English', async () => {
    const { scan, waitView } = await renderScreen('en');
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'Scan a parcel, box or returnable box',
    );
    scan('P420001');
    await waitView('visionUnitInfo');
    expect(texts('vision-event-kind')[0]).toBe('Box deconsolidated');
    expect(texts('vision-event-place')[0]).toBe('cell 7-a-01 · box _34717-111');
    expect(texts('vision-event-place')[2]).toBe('cell 7-c-01 · box _34717-121 · consolidation');
  });
});
