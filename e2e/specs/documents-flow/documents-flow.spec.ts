import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// Document flow (spec part 2 §3, §4, §8, §9) against the real server and the demo
// documents of docs/DEMO.md (apps/server/src/db/demo-documents-data.ts), dated days before the
// server's seed. Signing and confirming change them for good: that walk runs on a fresh server.

const rowOf = (page: Page, number: string) =>
  page.locator(`[data-testid="document-row"][data-number="${number}"]`);

async function listedNumbers(page: Page): Promise<string[]> {
  return page
    .getByTestId('document-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-number') ?? ''));
}

async function soundMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

async function openDocuments(page: Page, path = '/documents-flow') {
  await page.goto(path);
  await expect(page.getByTestId('document-row').first()).toBeVisible();
}

test('filters and searches the documents; labels by direction; the colour bar has its text', async ({
  page,
  baseURL,
}) => {
  await signInByBadge(page, baseURL ?? '');
  await openDocuments(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Документооборот');

  await test.step('by default: states 1 and 2 of the last 6 days, documentId descending', async () => {
    await expect(page.getByTestId('state-1')).toBeChecked();
    await expect(page.getByTestId('state-2')).toBeChecked();
    await expect(page.getByTestId('state-3')).not.toBeChecked();
    await expect
      .poll(() => listedNumbers(page))
      .toEqual(['ДФ-0001', 'ДФ-0002', 'ДФ-0003', 'ДФ-0004', 'ДФ-0005']);
    await expect(page.getByTestId('documents-total')).toHaveText('Найдено 5 документов');
    const first = rowOf(page, 'ДФ-0001');
    await expect(first.getByTestId('document-type')).toHaveText('Акт приёма-передачи');
    await expect(first.getByTestId('document-direction')).toHaveText('Входящий');
    await expect(first.getByTestId('document-sum')).toHaveText('125\u00a0400,50\u00a0₽');
    await expect(first.getByTestId('document-in-work')).toHaveText('в работе');
    await expect(first.getByTestId('document-contragents')).toContainText('ООО Сортировка Север');
    await expect(first.getByTestId('document-contragents')).toContainText('ООО Автодеталь');
    // State 1 reads by direction: incoming «Ждем получения», outgoing «Отправлен»; 2 the reverse.
    await expect(first.getByTestId('document-state')).toHaveText('Ждем получения');
    await expect(first.locator('[data-colour="red"]')).toHaveCount(1);
    await expect(rowOf(page, 'ДФ-0003').getByTestId('document-direction')).toHaveText('Исходящий');
    await expect(rowOf(page, 'ДФ-0003').getByTestId('document-state')).toHaveText('Отправлен');
    await expect(rowOf(page, 'ДФ-0004').getByTestId('document-state')).toHaveText('Отправлен');
    await expect(rowOf(page, 'ДФ-0004').locator('[data-colour="orange"]')).toHaveCount(1);
    await expect(rowOf(page, 'ДФ-0005').getByTestId('document-state')).toHaveText('Ждем получения');
    // «Подписать» on incoming state 1 only; «Подтвердить получение подписи» on state 2.
    await expect(rowOf(page, 'ДФ-0001').getByTestId('document-sign')).toBeVisible();
    await expect(rowOf(page, 'ДФ-0003').getByTestId('document-sign')).toHaveCount(0);
    await expect(rowOf(page, 'ДФ-0004').getByTestId('document-validate')).toBeVisible();
    await expect(rowOf(page, 'ДФ-0001').getByTestId('document-validate')).toHaveCount(0);
  });

  await test.step('state 3 only: the ended flow in green', async () => {
    await page.getByTestId('state-1').uncheck();
    await page.getByTestId('state-2').uncheck();
    await page.getByTestId('state-3').check();
    await page.getByTestId('documents-find').click();
    await expect.poll(() => listedNumbers(page)).toEqual(['ДФ-0006']);
    const ended = rowOf(page, 'ДФ-0006');
    await expect(ended.getByTestId('document-state')).toHaveText('Документооборот завершен');
    await expect(ended.locator('[data-colour="green"]')).toHaveCount(1);
    await expect(ended.getByTestId('document-in-work')).toHaveCount(0);
  });

  await test.step('no state: every state, the unknown 7 too', async () => {
    await page.getByTestId('state-3').uncheck();
    await page.getByTestId('documents-find').click();
    await expect.poll(() => listedNumbers(page)).toHaveLength(7);
    await expect(rowOf(page, 'ДФ-0007').getByTestId('document-state')).toHaveText(
      'Статус неизвестен',
    );
  });

  await test.step('a search by contragent; an earlier start finds the older document', async () => {
    await page.getByTestId('documents-search').fill('ТрансЛог');
    await page.getByTestId('documents-find').click();
    await expect.poll(() => listedNumbers(page)).toEqual(['ДФ-0002', 'ДФ-0004', 'ДФ-0006']);
    await page.getByTestId('documents-search').fill('');
    const begin = new Date(Date.now() - 14 * 86_400_000);
    const day = `${begin.getFullYear()}-${String(begin.getMonth() + 1).padStart(2, '0')}-${String(begin.getDate()).padStart(2, '0')}`;
    await page.getByTestId('documents-date-begin').fill(day);
    await page.getByTestId('documents-find').click();
    await expect.poll(() => listedNumbers(page)).toContain('ДФ-0008');
    // A start after the end is said at the field, and nothing is searched.
    await page.getByTestId('documents-date-begin').fill('2999-01-01');
    await expect(page.getByTestId('range-error')).toHaveText('Дата «С» позже даты «По»');
    await expect(page.getByTestId('documents-find')).toBeDisabled();
  });
  // Another centre's document is never listed.
  await expect(page.getByText('ДФ-1201-01')).toHaveCount(0);
});

test('in English on a handheld: the labels and the direction', async ({ page, baseURL }) => {
  // A handheld's screen (design: 360×740): no sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByBadge(page, baseURL ?? '');
  await openDocuments(page, '/en/documents-flow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Document flow');
  const row = rowOf(page, 'ДФ-0003');
  await expect(row.getByTestId('document-direction')).toHaveText('Outgoing');
  await expect(row.getByTestId('document-state')).toHaveText('Sent');
  await expect(rowOf(page, 'ДФ-0002').getByTestId('document-state')).toHaveText('Awaiting receipt');
  await expect(rowOf(page, 'ДФ-0004').getByTestId('document-validate')).toHaveText(
    'Confirm receipt of the signature',
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

freshTest(
  'signs an incoming document, then confirms receipt; a refused sign shows the server message',
  async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '');
    await openDocuments(page);
    const toasts = page.getByTestId('toast');

    await test.step('sign ДФ-0001: its toast with ok-new, then «Отправлен» with confirm', async () => {
      const signed = page.waitForResponse((response) => response.url().endsWith('/sign'));
      await rowOf(page, 'ДФ-0001').getByTestId('document-sign').click();
      // A legal signature asks first, naming the document and its counterparty.
      await expect(page.getByTestId('confirm-document-sign-text')).toContainText('ДФ-0001');
      await page.getByTestId('confirm-document-sign').click();
      const response = await signed;
      expect(response.request().headers()['x-operation-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(await response.json()).toMatchObject({
        isSuccess: true,
        operationObject: { document: { state: 2 }, signature: { algorithm: 'Ed25519' } },
      });
      await expect(toasts.filter({ hasText: 'Документ успешно подписан' })).toBeVisible();
      const row = rowOf(page, 'ДФ-0001');
      await expect(row.getByTestId('document-state')).toHaveText('Отправлен');
      await expect(row.getByTestId('document-sign')).toHaveCount(0);
      await expect(row.getByTestId('document-validate')).toBeVisible();
      expect(await soundMarks(page)).toContain('sound:ok-new');
    });

    await test.step('confirm receipt: its toast; the ended document leaves the [1,2] list', async () => {
      await rowOf(page, 'ДФ-0001').getByTestId('document-validate').click();
      await expect(toasts.filter({ hasText: 'Статус документа успешно изменён' })).toBeVisible();
      await expect(rowOf(page, 'ДФ-0001')).toHaveCount(0);
      await page.getByTestId('state-3').check();
      await page.getByTestId('documents-find').click();
      await expect(rowOf(page, 'ДФ-0001').getByTestId('document-state')).toHaveText(
        'Документооборот завершен',
      );
    });

    await test.step('ДФ-0002 signed meanwhile elsewhere: the stale sign is refused', async () => {
      const elsewhere = await page.request.post(
        `/documentsflow-api/documents/${await documentIdOf(page, 'ДФ-0002')}/sign`,
        { headers: { 'X-Requested-With': 'sorting' } },
      );
      expect(await elsewhere.json()).toMatchObject({ isSuccess: true });
      await rowOf(page, 'ДФ-0002').getByTestId('document-sign').click();
      await page.getByTestId('confirm-document-sign').click();
      await expect(
        toasts.filter({
          hasText: 'Ошибка при подписании документа. Документ ДФ-0002 уже подписан (код 1)',
        }),
      ).toBeVisible();
      expect(await soundMarks(page)).toContain('sound:err');
      // The list is read again: the row shows the state the server has.
      await expect(rowOf(page, 'ДФ-0002').getByTestId('document-state')).toHaveText('Отправлен');
    });
  },
);

/** A listed document's id, as the search answers it. */
async function documentIdOf(page: Page, number: string): Promise<number> {
  const response = await page.request.post('/documentsflow-api/Documents/search', {
    headers: { 'X-Requested-With': 'sorting' },
    data: { states: [], searchString: number },
  });
  const body = (await response.json()) as { operationObject: { documentId: number }[] };
  const id = body.operationObject[0]?.documentId;
  expect(id).toBeDefined();
  return id ?? 0;
}
