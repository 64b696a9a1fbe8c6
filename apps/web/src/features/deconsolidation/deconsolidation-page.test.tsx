import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDeconsolidated, TDeconsolidationBox } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { result } from '../../test/call-result';
import { renderScanScreen } from '../../test/render-screen';
import { BOX } from './deconsolidation.fixture';
import { DeconsolidationScreen } from './deconsolidation-page';
import type { DeconsolidationCalls } from './deconsolidation.service';

// The page over a fake deconsolidating-api (spec part 2 §2, §5, §8): what the
// worker reads (kg with one decimal, whole cm, «—»), the toasts and sounds of each outcome.

function fakeCalls(): DeconsolidationCalls {
  return {
    loadBox: async ({ barcode }) =>
      barcode === BOX.CellBarcode
        ? result(BOX)
        : result<TDeconsolidationBox>(null, {
            errorCode: 104,
            message: `Консолидация ${barcode} не найдена`,
          }),
    deconsolidate: async ({ cellBarcode }) =>
      result<TDeconsolidated>({
        BoxId: BOX.BoxId,
        Barcode: BOX.Barcode,
        CellBarcode: cellBarcode,
        ParcelsCount: BOX.Details.length,
      }),
  };
}

function renderScreen(locale: Locale = 'ru') {
  const calls = fakeCalls();
  return renderScanScreen({
    path: '/deconsolidation',
    Screen: () => <DeconsolidationScreen calls={calls} />,
    namespace: 'deconsolidation',
    rootTestId: 'deconsolidation-screen',
    locale,
  });
}

const texts = (testId: string) => screen.getAllByTestId(testId).map((node) => node.textContent);

describe('DeconsolidationScreen', () => {
  it('shows the box in kg and cm, asks, then unpacks with the ok-new sound', async () => {
    const { scan, waitView, played, toasts } = await renderScreen();
    await waitView('waiting');
    scan('=34717-7-a-01');
    await waitView('info');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Короб 111 · _34717-111');
    expect(texts('detail-size')).toEqual(['60×13×12', '—']);
    expect(texts('detail-weight')).toEqual(['1,4 кг', '—']);
    expect(screen.getByTestId('box-totals').textContent).toBe('Посылок: 2 · вес: 1,4 кг');

    await userEvent.click(screen.getByTestId('deconsolidate'));
    expect(screen.getByTestId('confirm-deconsolidate-text').textContent).toBe(
      'Короб _34717-111 будет распакован: 2 посылки вернутся в сортировку',
    );
    await userEvent.click(screen.getByTestId('confirm-deconsolidate'));
    await waitView('close');
    const done = 'Короб _34717-111 расконсолидирован, 2 посылки — в сортировку';
    expect(screen.getByTestId('prompt-main').textContent).toBe(done);
    expect(toasts()).toEqual([{ status: 'ok', content: done }]);
    expect(played).toContain('ok-new');

    await userEvent.click(screen.getByTestId('deconsolidation-next'));
    await waitView('waiting');
  });

  it('a box that is not there: store.a-001 with the server message, toast and error sound', async () => {
    const { scan, waitView, played, toasts } = await renderScreen();
    scan('_34717-999');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-code').textContent).toBe('store.a-001'),
    );
    await waitView('waiting');
    const text = 'Не удалось загрузить короб _34717-999: Консолидация _34717-999 не найдена';
    expect(screen.getByTestId('prompt-error-text').textContent).toBe(text);
    expect(toasts()).toEqual([{ status: 'error', content: text }]);
    expect(played).toContain('err');
  });

  it('in English: the decimal point, another kind of scan is store.a-000', async () => {
    const { scan, waitView } = await renderScreen('en');
    scan('P100001');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-error-text').textContent).toBe(
        'Deconsolidation error: Scan a cell or a box',
      ),
    );
    scan('=34717-7-a-01');
    await waitView('info');
    expect(texts('detail-weight')).toEqual(['1.4 kg', '—']);
    expect(screen.queryByTestId('prompt-error')).toBeNull();
  });
});
