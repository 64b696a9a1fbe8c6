import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  REASON_DISABLED,
  REASON_ENABLED,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_REASON_CODES,
  type TReturnItem,
  type TReturnPayload,
  type TReturnPhoto,
  type TReturnReasonCode,
} from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import { LocaleProvider } from '../../shell/i18n';
import { ShellServicesProvider } from '../../shell/shell-services';
import type { SoundName } from '../../shell/sounds/sound-names';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import type { CallResult } from './returns.machine';
import { ReturnsScreen } from './returns-page';
import { readAsDataUrl, type ReturnsCalls } from './returns.service';

const ok = <T,>(value: T): CallResult<T> => ({
  isSuccess: true,
  message: null,
  errorCode: null,
  operationObject: value,
  status: 200,
});
const refused = <T,>(errorCode: number, message: string): CallResult<T> => ({
  isSuccess: false,
  message,
  errorCode,
  operationObject: null,
  status: 200,
});

function item(
  code: string,
  barcode: string,
  name: string,
  quantityAvailable: number,
  unitPrice: number,
  picture: string,
  disabled: TReturnReasonCode[] = [],
): TReturnItem {
  return {
    code,
    barcode,
    article: 'A-1010',
    brand: 'Breeze',
    name,
    quantityAvailable,
    returnCost: unitPrice * quantityAvailable,
    currencyPostfix: '₽',
    images: [`/demo/products/${picture}.svg`],
    shippedDateUtc: '2026-11-18T10:00:00.000Z',
    shipmentWarehouseCode: '34717',
    reasons: RETURN_REASON_CODES.map((reasonCode) => ({
      code: reasonCode,
      disableCode: disabled.includes(reasonCode) ? REASON_DISABLED : REASON_ENABLED,
    })),
  };
}

const PARCELS: Record<string, TReturnItem[]> = {
  P300003: [
    item('ITM-300003-1', 'P300003', 'Футболка хлопковая', 1, 1290, 'tshirt', ['fake']),
    item('ITM-300003-2', 'P300003', 'Носки, 3 пары', 2, 450, 'socks'),
  ],
  P300010: [item('ITM-300010-1', 'P300010', 'Ваза стеклянная', 1, 1490, 'vase')],
};

/** A stand-in of the returns-api; uploads can be held to look at their progress bar. */
function fakeServer() {
  const photos = new Map<string, TReturnPhoto>();
  const accepted: Array<{ payload: TReturnPayload[]; operationId: string }> = [];
  const held: Array<() => void> = [];
  const state = { holdUploads: false, nextId: 1 };
  const calls: ReturnsCalls = {
    loadPolicies: async ({ parcelBarcode: [barcode = ''], warehouseCode }) => {
      if (warehouseCode !== '34717') return refused(403, 'Нет доступа к складу');
      const items = PARCELS[barcode];
      return items ? ok(structuredClone(items)) : refused(404, `Отправление ${barcode} не найдено`);
    },
    uploadPhoto: async ({ barcode, file, onProgress }) => {
      onProgress(0.4);
      if (state.holdUploads) await new Promise<void>((resolve) => held.push(resolve));
      // The server checks the content, never the name: a text file named .jpg is refused.
      // Read as the real service reads it (a data URL); PNG's signature in base64.
      const data = await readAsDataUrl(file as File);
      if (!data.split(',')[1]?.startsWith('iVBORw0KGgo'))
        return refused<TReturnPhoto>(415, 'Файл не изображение');
      const id = `00000000-0000-4000-8000-${String(state.nextId++).padStart(12, '0')}`;
      const photo: TReturnPhoto = {
        id,
        barcode,
        fileName: file.name,
        contentType: 'image/png',
        size: file.size,
        url: `/returns-api/return/image/${id}`,
      };
      photos.set(id, photo);
      onProgress(1);
      return ok(photo);
    },
    deletePhoto: async (id) => (photos.delete(id) ? ok(true) : refused(104, 'Нет фото')),
    acceptReturn: async ({ payload, operationId }) => {
      accepted.push({ payload, operationId });
      return ok({
        returnId: accepted.length,
        items: payload.map(({ code, barcode, quantity, returnCost }) => ({
          code,
          barcode,
          quantity,
          returnCost,
        })),
      });
    },
  };
  return { calls, photos, accepted, held, state };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

async function renderScreen(locale: Locale = 'ru') {
  const played: SoundName[] = [];
  const services = createTestServices({
    sounds: { play: (name) => void played.push(name), setMuted: () => undefined },
  });
  services.session.setUser({
    userId: '1',
    number: '1001',
    userName: 'Иванов Пётр',
    defaultWarehouseNumber: '34717',
  });
  const server = fakeServer();
  const prefix = locale === 'en' ? '/en' : '';
  const router = createMemoryRouter(
    [
      { path: '/returns', Component: () => <ReturnsScreen calls={server.calls} /> },
      { path: '/en/returns', Component: () => <ReturnsScreen calls={server.calls} /> },
      { path: '/sorting', Component: () => <p data-testid="sorting-page" /> },
      { path: '/en/sorting', Component: () => <p data-testid="sorting-page-en" /> },
    ],
    { initialEntries: [`${prefix}/returns`] },
  );
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <LocaleProvider locale={locale} base={prefix}>
          <RouterProvider router={router} />
        </LocaleProvider>
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['returns'],
  );
  const toasts = () => shownToasts(services);
  const scan = (text: string) => act(() => void services.scanInput.push(text, 'scanner'));
  const root = await screen.findByTestId('returns-screen');
  const waitState = (state: string, step?: string) =>
    waitFor(() => {
      expect(root.getAttribute('data-state')).toBe(state);
      if (step !== undefined) expect(root.getAttribute('data-step')).toBe(step);
    });
  return { services, played, toasts, scan, root, waitState, server, router };
}

const errorLine = () => ({
  text: screen.getByTestId('prompt-error-text').textContent,
  code: screen.getByTestId('prompt-error-code').textContent,
});

describe('ReturnsScreen', () => {
  it('damaged package: act, invoice and package photos with progress and gallery, a delete, then accepted and sent to /sorting', async () => {
    const user = userEvent.setup();
    const { scan, waitState, server, toasts, played, router } = await renderScreen();
    await waitState('ScanRetunedPackage', 'waitScan');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сканируйте отправление');

    scan('P300010');
    await waitState('SelectReturnReason');
    expect(screen.getByTestId('prompt-pre').textContent).toBe('Отправление P300010');
    expect(screen.getByTestId('item-name').textContent).toBe('Ваза стеклянная');
    expect(screen.getByRole('img', { name: 'Изображение товара Ваза стеклянная' })).toBeTruthy();
    const reasons = screen.getAllByTestId('reason-choice');
    expect(reasons.map((button) => button.querySelector('span')?.textContent)).toEqual([
      'Другая причина',
      'Повреждение товара',
      'Пересорт',
      'Подделка',
      'Заводской брак',
      'Повреждённая упаковка',
    ]);
    await user.click(screen.getByRole('button', { name: /Повреждённая упаковка/ }));
    await waitState('PackDamage', 'actPhoto');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сфотографируйте акт о повреждении');
    expect(screen.getByTestId('step-of').textContent).toBe('Шаг 1 из 4');
    expect((screen.getByTestId('next') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('photos-count').textContent).toBe('Нужна хотя бы одна фотография');
    const camera = screen.getByTestId('photo-camera');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(screen.getByTestId('photo-files').hasAttribute('capture')).toBe(false);

    // Two photos at once: the first uploads (its bar shows), the second waits in the queue.
    server.state.holdUploads = true;
    await user.upload(screen.getByTestId('photo-files'), [png('act-1.png'), png('act-2.png')]);
    await waitFor(() => expect(screen.getAllByTestId('upload')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('upload');
    expect(first?.textContent).toContain('Загружается act-1.png');
    expect(second?.textContent).toContain('В очереди act-2.png');
    expect(
      within(first as HTMLElement)
        .getByTestId('upload-progress')
        .getAttribute('value'),
    ).toBe('40');
    expect((screen.getByTestId('back') as HTMLButtonElement).disabled).toBe(true);
    server.state.holdUploads = false;
    act(() => server.held.shift()?.());
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(2));
    expect(screen.queryByTestId('upload-queue')).toBeNull();
    expect(
      screen
        .getAllByTestId('photo')
        .map((photo) => photo.querySelector('img')?.getAttribute('src')),
    ).toEqual([
      '/returns-api/return/image/00000000-0000-4000-8000-000000000001',
      '/returns-api/return/image/00000000-0000-4000-8000-000000000002',
    ]);
    expect(screen.getByTestId('photos-count').textContent).toBe('Фотографий: 2');

    // Deleted one by one.
    await user.click(screen.getByRole('button', { name: 'Удалить фото act-2.png' }));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(1));
    expect(server.photos.size).toBe(1);

    await user.click(screen.getByTestId('next'));
    await waitState('PackDamage', 'invoicePhoto');
    await user.upload(screen.getByTestId('photo-camera'), png('invoice.png'));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(1));
    await user.click(screen.getByTestId('next'));
    await waitState('PackDamage', 'packagePhoto');
    await user.upload(screen.getByTestId('photo-files'), png('package.png'));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(1));
    await user.click(screen.getByTestId('next'));
    await waitState('PackDamage', 'comment');
    await user.type(screen.getByTestId('comment'), 'Коробка смята');
    await user.click(screen.getByTestId('next'));
    await waitState('ConfirmReturnPackage');

    expect(screen.getByTestId('summary-item').textContent).toBe('Ваза стеклянная');
    expect(screen.getByTestId('summary-reason').textContent).toBe('Повреждённая упаковка');
    expect(screen.getByTestId('summary-comment').textContent).toBe('Коробка смята');
    expect(screen.getByTestId('summary-photos').textContent).toBe('3');
    expect(screen.getByTestId('summary-cost').textContent).toBe('1\u00a0490,00\u00a0₽');

    await user.click(screen.getByTestId('accept-return'));
    await screen.findByTestId('sorting-page');
    expect(router.state.location.pathname).toBe('/sorting');
    expect(server.accepted).toHaveLength(1);
    const [sent] = server.accepted;
    expect(sent?.operationId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent?.payload).toEqual([
      {
        code: 'ITM-300010-1',
        barcode: 'P300010',
        quantity: 1,
        reasonCode: 'damaged',
        reasonComment: '',
        comment: 'Коробка смята',
        returnCost: 1490,
        imagesIds: [...server.photos.keys()],
      },
    ]);
    expect(toasts()).toEqual([
      { status: 'ok', content: 'Возврат принят: Ваза стеклянная, 1 шт. (отправление P300010)' },
    ]);
    expect(played).toContain('ok-new');
    expect(played).not.toContain('err');
  });

  it('several items: pick one, the count first, a disabled reason cannot be chosen; cancel deletes the photos', async () => {
    const user = userEvent.setup();
    const { scan, waitState, server } = await renderScreen();
    await waitState('ScanRetunedPackage', 'waitScan');
    scan('P300003');
    await waitState('ScanRetunedPackage', 'pickItem');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Выберите товар');
    expect(screen.getAllByTestId('item-choice').map((choice) => choice.dataset['code'])).toEqual([
      'ITM-300003-1',
      'ITM-300003-2',
    ]);
    await user.click(screen.getAllByTestId('item-choice')[0] as HTMLElement);
    await waitState('SelectReturnReason');
    const fake = screen.getByRole('button', { name: /Подделка/ }) as HTMLButtonElement;
    expect(fake.disabled).toBe(true);
    expect(fake.textContent).toContain('Недоступно для этого товара');
    await user.click(screen.getByTestId('back'));
    await waitState('ScanRetunedPackage', 'pickItem');

    await user.click(screen.getAllByTestId('item-choice')[1] as HTMLElement);
    await waitState('SelectReturnCount');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Сколько штук возвращают?');
    expect(screen.getAllByTestId('count-choice').map((button) => button.textContent)).toEqual([
      '1 шт.',
      '2 шт.',
    ]);
    await user.click(screen.getByRole('button', { name: '2 шт.' }));
    await waitState('SelectReturnReason');
    await user.click(screen.getByRole('button', { name: /Заводской брак/ }));
    await waitState('ManufacturingDefect', 'documentsPhoto');
    await user.upload(screen.getByTestId('photo-files'), png('docs.png'));
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(1));
    expect(server.photos.size).toBe(1);

    await user.click(screen.getByTestId('cancel'));
    await waitState('ScanRetunedPackage', 'waitScan');
    expect(server.photos.size).toBe(0);
    expect(screen.queryByTestId('prompt-pre')).toBeNull();
  });

  it('leaving the page in the middle of a return deletes its photos', async () => {
    const user = userEvent.setup();
    const { scan, waitState, server, router } = await renderScreen();
    await waitState('ScanRetunedPackage', 'waitScan');
    scan('P300010');
    await waitState('SelectReturnReason');
    await user.click(screen.getByRole('button', { name: /Повреждённая упаковка/ }));
    await user.upload(screen.getByTestId('photo-files'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.getAllByTestId('photo')).toHaveLength(2));
    expect(server.photos.size).toBe(2);
    await act(() => router.navigate('/sorting'));
    await screen.findByTestId('sorting-page');
    await waitFor(() => expect(server.photos.size).toBe(0));
  });

  it('errors show in the prompt with their f-code and as toasts with the error sound', async () => {
    const user = userEvent.setup();
    const { scan, waitState, toasts, played } = await renderScreen();
    await waitState('ScanRetunedPackage', 'waitScan');
    scan('=34717-1-a-01');
    await waitFor(() => expect(errorLine().code).toBe('f-0004'));
    expect(errorLine().text).toBe(
      '=34717-1-a-01 — не штрихкод отправления. Сканируйте отправление',
    );
    scan('P999999');
    await waitFor(() =>
      expect(errorLine()).toEqual({ text: 'Отправление P999999 не найдено', code: 'f-0002' }),
    );

    scan('P300010');
    await waitState('SelectReturnReason');
    await user.click(screen.getByRole('button', { name: /Заводской брак/ }));
    await waitState('ManufacturingDefect', 'documentsPhoto');
    // A text file named .jpg: refused by content (415).
    await user.upload(
      screen.getByTestId('photo-files'),
      new File(['just text'], 'note.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(errorLine().code).toBe('f-0006'));
    expect(errorLine().text).toBe(
      'Файл note.jpg — не изображение. Нужно фото JPEG, PNG, WebP или HEIC',
    );
    // Too big: refused before any upload.
    const huge = new File([new Uint8Array(RETURN_PHOTO_MAX_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByTestId('photo-camera'), huge);
    await waitFor(() => expect(errorLine().code).toBe('f-0007'));
    expect(errorLine().text).toBe('Фото huge.png слишком большое: не больше 10 МБ');
    expect(screen.queryAllByTestId('photo')).toHaveLength(0);
    expect(toasts().map((toast) => toast.status)).toEqual(['error', 'error', 'error', 'error']);
    expect(played.filter((name) => name === 'err')).toHaveLength(4);
  });

  it('speaks English under /en and goes back to /en/sorting', async () => {
    const user = userEvent.setup();
    const { scan, waitState } = await renderScreen('en');
    await waitState('ScanRetunedPackage', 'waitScan');
    expect(screen.getByTestId('prompt-main').textContent).toBe('Scan the parcel');
    scan('P300010');
    await waitState('SelectReturnReason');
    await user.click(screen.getByRole('button', { name: /Damaged item/ }));
    await waitState('ConfirmReturnPackage');
    expect(screen.getByTestId('summary-count').textContent).toBe('1 pcs');
    await user.click(screen.getByRole('button', { name: 'Accept the return' }));
    await screen.findByTestId('sorting-page-en');
  });
});
