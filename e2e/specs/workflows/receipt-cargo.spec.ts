import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  setDeviceCookies,
  test as agentTest,
  useDeviceUrls,
} from '../devices/devices.fixtures';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts } from '../shell/page-records.helpers';
import { expectLayoutFits, expectState, prompt, screenOf } from './workflows.helpers';

// Receipt of cargo (docs/DECISIONS.md "Receipt of cargo") on the demo of docs/DEMO.md: supply
// IN-0201 with places PL-0201-1 (3 details, measured) and PL-0201-2 (2 details, no measures),
// on a fresh demo database (the walk receives them).

async function openAt(page: Page, path: string, state: string) {
  await page.goto(path);
  await expect(screenOf(page)).toHaveAttribute('data-state', state, { timeout: 30_000 });
  await expectState(page, state);
}

freshTest(
  '/receipt-cargo: IN-0201 received with a shortage, measures scanned, a reload resumes, closed',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(300_000);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await page.setViewportSize(HANDHELD);
    await openAt(page, '/receipt-cargo', 'WaitWorkplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Приёмка груза');
    await expect(prompt(page)).toHaveText('Отсканируйте рабочее место');
    await scanner.scan('=34717-WP-01');
    await expectState(page, 'WaitTaskSelection');
    await scanner.scan('.69.IN-0201');
    await expectState(page, 'WaitItem');
    await expect(prompt(page)).toHaveText('IN-0201: сканируйте место поставки');

    await test.step('PL-0201-1: 2 of 3, the reason «Недостача»', async () => {
      await scanner.scan('PL-0201-1');
      await expectState(page, 'WaitCount');
      await expect(prompt(page)).toHaveText('Сколько деталей в месте PL-0201-1? Ожидается 3');
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-count-2').click();
      await expectState(page, 'WaitReason');
      await page.getByTestId('workflow-reason-shortage').click();
      await expectState(page, 'WaitPickingSticker');
      await expect.poll(() => toasts.join('\n')).toContain('Место PL-0201-1 принято: 2 дет.');
    });

    await test.step('a reload resumes the run where it was', async () => {
      await page.reload();
      await expect(screenOf(page)).toHaveAttribute('data-state', 'WaitPickingSticker', {
        timeout: 30_000,
      });
      await expect(prompt(page)).toHaveText('PL-0201-1: сканируйте этикетку товара');
      await page.getByTestId('workflow-skip').click();
      await expectState(page, 'WaitItem');
    });

    await test.step('PL-0201-2: measures by .GL/.GW/.GH and a typed weight', async () => {
      await scanner.scan('PL-0201-2');
      await expectState(page, 'WaitCount');
      await page.getByTestId('workflow-count-2').click();
      await expectState(page, 'WaitMeasurements');
      await scanner.scan('.GL50');
      await scanner.scan('.GW40');
      await scanner.scan('.GH30');
      await expect(page.getByTestId('workflow-measure-height')).toHaveValue('30');
      await page.getByTestId('workflow-measure-weight').fill('4,25');
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-measure-submit').click();
      await expectState(page, 'WaitPickingSticker');
      await page.getByTestId('workflow-skip').click();
      await expectState(page, 'WaitItem');
    });

    await test.step('completed and confirmed: back to the supplies', async () => {
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('workflow-task-complete').click();
      await expectState(page, 'WaitConfirm');
      await expect(prompt(page)).toHaveText(
        'IN-0201: не принято мест 0. Подтвердите завершение приёмки',
      );
      await page.getByTestId('workflow-confirm').click();
      await expectState(page, 'WaitTaskSelection');
      await expect.poll(() => toasts.join('\n')).toContain('Приёмка IN-0201 закрыта');
    });
  },
);

/** The next stickered mark the screen sends once the agent printed a detail's label. */
function stickeredMark(page: Page) {
  return page.waitForResponse(
    (response) =>
      /\/documents\/inbound\/details\/\d+\/stickered$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'PUT',
    { timeout: 90_000 },
  );
}

agentTest(
  '/receipt-cargo with the agent: a full match printed and decoded, the ambiguous Febest picked, a place weighed by the scale',
  async ({ page, baseURL, agent, scanner }) => {
    agentTest.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);
    agentTest.setTimeout(300_000);
    await page.setViewportSize(HANDHELD);
    await useDeviceUrls(page, agent);
    await setDeviceCookies(page, baseURL ?? '', {
      scale_app_id: DEMO_AGENT.appId,
      scale_id: DEMO_AGENT.scaleId,
    });
    await agent.simulateWeight(4.25);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await openAt(page, '/receipt-cargo', 'WaitWorkplace');
    await scanner.scan('=34717-WP-01');
    await expectState(page, 'WaitTaskSelection');
    await scanner.scan('.69.IN-0201');
    await expectState(page, 'WaitItem');
    await scanner.scan('PL-0201-1');
    await expectState(page, 'WaitCount');
    await page.getByTestId('workflow-count-3').click();
    // As expected: no reason asked; the place is measured already: its goods are stickered.
    await expectState(page, 'WaitPickingSticker');
    await expect(prompt(page)).toHaveText('PL-0201-1: сканируйте этикетку товара');

    await agentTest.step(
      'the Suzuki label as its text reads: a full match, printed, decoded',
      async () => {
        const marked = stickeredMark(page);
        await scanner.scan('09283-45012-000  SUZUKI  Сальник');
        expect((await marked).status()).toBe(200);
        const { pdf } = await agent.printer.waitForLabels(1);
        const decoded = (
          await Promise.all(pdf.map((file) => agent.printer.decodePdf(file)))
        ).flat();
        expect(decoded.join('\n')).toContain('P460001');
        await expectState(page, 'WaitPickingSticker');
      },
    );

    await agentTest.step(
      'two Febest goods of one number: the worker picks one, one sticker',
      async () => {
        await scanner.scan('4607012340028');
        await expect(prompt(page)).toHaveText('PL-0201-1: выберите товар');
        const candidates = page.locator('[data-testid="workflow-item"][data-current="true"]');
        await expect(candidates).toHaveCount(2);
        await expectLayoutFits(page, page.getByTestId('prompt'));
        await candidates.nth(1).getByTestId('workflow-item-confirm').click();
        await expect(prompt(page)).toHaveText('ASZ-001: сколько стикеров напечатать?');
        const marked = stickeredMark(page);
        await page.getByTestId('workflow-count-1').click();
        expect((await marked).status()).toBe(200);
        const { pdf } = await agent.printer.waitForLabels(2);
        const decoded = (
          await Promise.all(pdf.map((file) => agent.printer.decodePdf(file)))
        ).flat();
        expect(decoded.join('\n')).toContain('P460003');
        await page.getByTestId('workflow-skip').click();
        await expectState(page, 'WaitItem');
      },
    );

    await agentTest.step('PL-0201-2: sides scanned, the weight from the scale', async () => {
      await page.setViewportSize(DESKTOP);
      await scanner.scan('PL-0201-2');
      await expectState(page, 'WaitCount');
      await page.getByTestId('workflow-count-2').click();
      await expectState(page, 'WaitMeasurements');
      await scanner.scan('.GL50');
      await scanner.scan('.GW40');
      await scanner.scan('.GH30');
      await page.getByTestId('workflow-measure-scale').click();
      await expect(page.getByTestId('workflow-measure-weight')).toHaveValue('4.25', {
        timeout: 30_000,
      });
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-measure-submit').click();
      await expectState(page, 'WaitPickingSticker');
      await expect.poll(() => toasts.join('\n')).toContain('Место PL-0201-2 принято: 2 дет.');
    });
  },
);

test('in English at 1366×768 and 360×740: the first prompts', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(HANDHELD);
  await signInByBadge(page, baseURL ?? '');
  await openAt(page, '/en/receipt-cargo', 'WaitWorkplace');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cargo receipt');
  await expect(prompt(page)).toHaveText('Scan your workplace');
  await expectLayoutFits(page, page.getByTestId('prompt'));
  await page.setViewportSize(DESKTOP);
  await expectLayoutFits(page, page.getByTestId('prompt'));
});
