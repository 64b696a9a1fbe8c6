import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TDocumentFlowItem, TDocumentsSearchRequest } from '@sorting/contracts';
import type { Locale } from '@sorting/domain';
import type { ApiResult } from '../../lib/api-client';
import { ShellServicesProvider } from '../../shell/shell-services';
import { createRecordingPlayer } from '../../shell/sounds/sound-player';
import { apiOk, apiRefused } from '../../test/call-result';
import { renderWithI18n } from '../../test/render';
import { createTestServices, shownToasts } from '../../test/services';
import { DocumentsFlowScreen } from './documents-flow-page';
import type { DocumentsFlowCalls } from './documents-flow.service';

const ok = apiOk;
const refused = <T,>(status: number, errorCode: number, message: string) =>
  apiRefused<T>(errorCode, message, status);

const inner = { type: 'inner' as const, name: 'ООО Сортировка Север', contragentId: 1 };
const party = { type: 'out' as const, name: 'ООО Автодеталь', contragentId: 2 };

function document(
  documentId: number,
  direction: 'in' | 'out',
  state: number,
  extra: Partial<TDocumentFlowItem> = {},
): TDocumentFlowItem {
  return {
    documentId,
    number: `ДФ-${documentId}`,
    typeName: 'акт сверки',
    direction,
    documentDate: '2026-03-01T09:00:00.000Z',
    contragents: [inner, party],
    sum: 1234.5,
    state,
    ...extra,
  };
}

type Answer = ApiResult<never> | 'network' | null;

/** A stand-in of the documentsflow-api over a list of documents. */
function fakeServer(options: { sign?: Answer; validate?: Answer; search?: Answer } = {}) {
  const documents = [
    document(5, 'in', 1),
    document(4, 'out', 1),
    document(3, 'in', 2),
    document(2, 'out', 2),
    document(1, 'in', 7),
  ];
  const searches: TDocumentsSearchRequest[] = [];
  const answer = async <T,>(given: Answer | undefined, value: () => ApiResult<T>) => {
    if (given === 'network') throw new TypeError('Failed to fetch');
    if (given) return given as ApiResult<T>;
    return value();
  };
  const calls: DocumentsFlowCalls = {
    search: (filter) => {
      searches.push(filter);
      return answer(options.search, () =>
        ok(
          documents.filter(
            (item) =>
              !filter.states || filter.states.length === 0 || filter.states.includes(item.state),
          ),
        ),
      );
    },
    sign: (documentId) =>
      answer(options.sign, () => {
        const found = documents.find((item) => item.documentId === documentId)!;
        found.state = 2;
        return ok({
          document: found,
          signature: {
            signId: 1,
            algorithm: 'Ed25519' as const,
            value: 'c2ln',
            keyId: 'ab',
            signedAt: '2026-03-02T08:00:00.000Z',
          },
        });
      }),
    validate: (documentId) =>
      answer(options.validate, () => {
        const found = documents.find((item) => item.documentId === documentId)!;
        found.state = 3;
        return ok(found);
      }),
  };
  return { calls, searches };
}

async function renderScreen(server = fakeServer(), locale: Locale = 'ru') {
  const sounds = createRecordingPlayer();
  const services = createTestServices({ sounds });
  await renderWithI18n(
    <QueryClientProvider client={new QueryClient()}>
      <ShellServicesProvider services={services}>
        <DocumentsFlowScreen calls={server.calls} today={new Date(2026, 2, 10, 12)} />
      </ShellServicesProvider>
    </QueryClientProvider>,
    locale,
    ['documents-flow'],
  );
  return { server, toasts: () => shownToasts(services), sounds };
}

const rowOf = (number: string) =>
  screen.getAllByTestId('document-row').find((row) => row.dataset.number === number) as HTMLElement;
/** «Подписать» on a row, then the question's «Подписать». */
async function signRow(number: string) {
  await userEvent.click(within(rowOf(number)).getByTestId('document-sign'));
  await userEvent.click(await screen.findByTestId('confirm-document-sign'));
}
const numbers = () => screen.queryAllByTestId('document-row').map((row) => row.dataset.number);

describe('DocumentsFlowScreen', () => {
  it('searches states [1, 2] of the last 6 days by default, local day bounds', async () => {
    const { server } = await renderScreen();
    await waitFor(() => expect(numbers()).toEqual(['ДФ-5', 'ДФ-4', 'ДФ-3', 'ДФ-2']));
    expect(server.searches[0]).toEqual({
      states: [1, 2],
      searchString: null,
      dateBegin: new Date(2026, 2, 4, 0, 0, 0, 0).toISOString(),
      dateEnd: new Date(2026, 2, 10, 23, 59, 59, 999).toISOString(),
    });
  });

  it('labels each state by direction with a colour bar and its text; the actions it allows', async () => {
    await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    const label = (number: string) => within(rowOf(number)).getByTestId('document-state');
    const colour = (number: string) =>
      label(number).querySelector<HTMLElement>('[data-colour]')?.dataset.colour;
    expect(label('ДФ-5').textContent).toBe('Ждем получения');
    expect(colour('ДФ-5')).toBe('red');
    expect(label('ДФ-4').textContent).toBe('Отправлен');
    expect(label('ДФ-3').textContent).toBe('Отправлен');
    expect(colour('ДФ-3')).toBe('orange');
    expect(label('ДФ-2').textContent).toBe('Ждем получения');
    expect(within(rowOf('ДФ-5')).getByTestId('document-type').textContent).toBe('Акт сверки');
    expect(within(rowOf('ДФ-4')).getByTestId('document-direction').textContent).toBe('Исходящий');
    expect(within(rowOf('ДФ-5')).getByTestId('document-sum').textContent).toBe(
      '1\u00a0234,50\u00a0₽',
    );
    expect(within(rowOf('ДФ-5')).queryByTestId('document-sign')).not.toBeNull();
    expect(within(rowOf('ДФ-4')).queryByTestId('document-sign')).toBeNull();
    expect(within(rowOf('ДФ-3')).queryByTestId('document-validate')).not.toBeNull();
    expect(within(rowOf('ДФ-2')).queryByTestId('document-validate')).not.toBeNull();
    expect(within(rowOf('ДФ-5')).queryByTestId('document-in-work')).not.toBeNull();
  });

  it('an unknown state reads «Статус неизвестен» with no action', async () => {
    await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await userEvent.click(screen.getByTestId('state-1'));
    await userEvent.click(screen.getByTestId('state-2'));
    await userEvent.click(screen.getByTestId('documents-find'));
    await waitFor(() => expect(numbers()).toHaveLength(5));
    const row = rowOf('ДФ-1');
    expect(within(row).getByTestId('document-state').textContent).toBe('Статус неизвестен');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).queryByTestId('document-in-work')).toBeNull();
  });

  it('signs: the ok toast with ok-new, and the list read again', async () => {
    const { toasts, sounds, server } = await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await signRow('ДФ-5');
    await waitFor(() =>
      expect(toasts()).toContainEqual({ status: 'ok', content: 'Документ успешно подписан' }),
    );
    expect(sounds.played).toContain('ok-new');
    await waitFor(() =>
      expect(within(rowOf('ДФ-5')).getByTestId('document-state').textContent).toBe('Отправлен'),
    );
    expect(server.searches.length).toBeGreaterThan(1);
  });

  it('asks before signing, naming the document and counterparty; cancel signs nothing', async () => {
    const { server, toasts } = await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    const searches = server.searches.length;
    await userEvent.click(within(rowOf('ДФ-5')).getByTestId('document-sign'));
    expect((await screen.findByTestId('confirm-document-sign-text')).textContent).toBe(
      'Документ ДФ-5, контрагент: ООО Автодеталь. Подпись юридически значима, отозвать её нельзя.',
    );
    await userEvent.click(screen.getByTestId('cancel-document-sign'));
    expect(toasts()).toEqual([]);
    expect(server.searches.length).toBe(searches);
    expect(within(rowOf('ДФ-5')).getByTestId('document-state').textContent).toBe('Ждем получения');
  });

  it('a refused sign: its toast with the server message and code; no answer is critical', async () => {
    const refusal = refused<never>(200, 1, 'Документ ДФ-5 уже подписан');
    const first = await renderScreen(fakeServer({ sign: refusal }));
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await signRow('ДФ-5');
    await waitFor(() =>
      expect(first.toasts()).toContainEqual({
        status: 'error',
        content: 'Ошибка при подписании документа. Документ ДФ-5 уже подписан (код 1)',
      }),
    );
    expect(first.sounds.played).toContain('err');
  });

  it.each([
    ['no answer', 'network' as const, 'Критическая ошибка при подписании документа.'],
    [
      'a 500',
      refused<never>(500, 500, 'Internal'),
      'Критическая ошибка при подписании документа. Internal (код 500)',
    ],
  ])('a sign with %s is critical', async (_name, sign, text) => {
    const { toasts } = await renderScreen(fakeServer({ sign }));
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await signRow('ДФ-5');
    await waitFor(() => expect(toasts()).toContainEqual({ status: 'error', content: text }));
  });

  it('confirms receipt: its toast', async () => {
    const { toasts } = await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await userEvent.click(within(rowOf('ДФ-3')).getByTestId('document-validate'));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        status: 'ok',
        content: 'Статус документа успешно изменён',
      }),
    );
    // The ended document leaves the [1, 2] list read again.
    await waitFor(() => expect(numbers()).not.toContain('ДФ-3'));
  });

  it('a refused confirmation says to reload the page, with the server message and code', async () => {
    const refusal = refused<never>(200, 1, 'Документ ДФ-2 в состоянии 3');
    const { toasts } = await renderScreen(fakeServer({ validate: refusal }));
    await waitFor(() => expect(numbers()).toHaveLength(4));
    await userEvent.click(within(rowOf('ДФ-2')).getByTestId('document-validate'));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        status: 'error',
        content:
          'Ошибка при подтверждении получения подписи документа. Перезагрузите страницу. Документ ДФ-2 в состоянии 3 (код 1)',
      }),
    );
  });

  it('a failed search: its toast and the list failure with a retry', async () => {
    const { toasts } = await renderScreen(
      fakeServer({ search: refused<never>(200, 1, 'Нет связи с учётом') }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        status: 'error',
        content: 'Ошибка при получении документов. Нет связи с учётом (код 1)',
      }),
    );
    expect(await screen.findByTestId('documents-retry')).toBeTruthy();
  });

  it('refuses a start after the end at the fields', async () => {
    await renderScreen();
    await waitFor(() => expect(numbers()).toHaveLength(4));
    const begin = screen.getByTestId('documents-date-begin');
    await userEvent.clear(begin);
    await userEvent.type(begin, '2026-04-01');
    expect(screen.getByTestId('range-error').textContent).toBe('Дата «С» позже даты «По»');
    expect((screen.getByTestId('documents-find') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads in English', async () => {
    await renderScreen(fakeServer(), 'en');
    await waitFor(() => expect(numbers()).toHaveLength(4));
    expect(within(rowOf('ДФ-5')).getByTestId('document-state').textContent).toBe(
      'Awaiting receipt',
    );
    expect(within(rowOf('ДФ-4')).getByTestId('document-direction').textContent).toBe('Outgoing');
  });
});
