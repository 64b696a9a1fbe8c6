import { test as base, expect } from '../../fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  setDeviceCookies,
  test as agentTest,
  useDeviceUrls,
} from '../devices/devices.fixtures';
import { DESKTOP, HANDHELD } from '../shell/handheld.helpers';
import { recordToasts } from '../shell/page-records.helpers';
import {
  expectActionsVisible,
  expectLayoutFits,
  expectState,
  openAt,
  prompt,
  screenOf,
} from './workflows.helpers';

// Packing (docs/DECISIONS.md "Packing") on the demo of docs/DEMO.md: order ORD-0301 (P480001 and
// two oil filters P480002/P480003, picked for OUT-0301) packed into a DIM-S and a DIM-M package,
// the first weighed by the agent's simulated scale, the second typed; both `box` labels printed
// through the real agent decode to their boxes. The agent's server is its own (own database).

agentTest(
  '/packing: ORD-0301 into DIM-S and DIM-M, weighed by the scale and typed, both labels decoded',
  async ({ page, baseURL, agent, scanner }) => {
    agentTest.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);
    agentTest.setTimeout(300_000);
    await page.setViewportSize(HANDHELD);
    await useDeviceUrls(page, agent);
    await setDeviceCookies(page, baseURL ?? '', {
      scale_app_id: DEMO_AGENT.appId,
      scale_id: DEMO_AGENT.scaleId,
    });
    await agent.simulateWeight(1.25);
    await signInByBadge(page, baseURL ?? '');
    const toasts = await recordToasts(page);
    await openAt(page, '/packing', 'WaitWorkplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Упаковка');
    await expect(prompt(page)).toHaveText('Отсканируйте стол упаковки');
    await scanner.scan('=34717-WP-02');
    await expectState(page, 'PackingWaitWhat');
    await expect(prompt(page)).toContainText('сканируйте посылку или товар заказа');

    await agentTest.step('P480001 opens its order; DIM-S chosen from the list', async () => {
      await scanner.scan('P480001');
      await expectState(page, 'WaitContainerSize');
      await expect(prompt(page)).toHaveText(
        'ORD-0301: упаковка 1 — отсканируйте или выберите типоразмер',
      );
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page
        .locator('[data-testid="workflow-item"][data-item="DIM-S"]')
        .getByTestId('workflow-item-choose')
        .click();
      await expectState(page, 'WaitItem');
      await expect(prompt(page)).toContainText('упаковка 1');
      await scanner.scan('P480001');
      await expect(prompt(page)).toContainText('осталось 2');
      await expectActionsVisible(page, ['workflow-task-complete']);
    });

    await agentTest.step(
      'DIM-M scanned, a reload resumes; the two oil filters by their number, «2»',
      async () => {
        await page.setViewportSize(DESKTOP);
        await scanner.scan('DIM-M');
        await expect(prompt(page)).toContainText('упаковка 2');
        // A reload mid-task resumes the run where it was.
        await page.reload();
        await expect(screenOf(page)).toHaveAttribute('data-state', 'WaitItem', { timeout: 30_000 });
        await expect(prompt(page)).toContainText('упаковка 2');
        await scanner.scan('1651081420');
        await expect(prompt(page)).toHaveText(
          'ORD-0301: сколько таких товаров в упаковку 2? Или выберите товар',
        );
        await page.getByTestId('workflow-count-2').click();
        await expectState(page, 'WaitConfirm');
        await expect(prompt(page)).toHaveText(
          'ORD-0301: осталось неупакованных 0, упаковок 2. Подтвердите',
        );
        await page.getByTestId('workflow-confirm').click();
        await expectState(page, 'WaitSizeAndPrint');
      },
    );

    await agentTest.step('package 1/2 weighed by the scale, 2/2 typed', async () => {
      await page.setViewportSize(HANDHELD);
      await expect(prompt(page)).toContainText('упаковка 1/2');
      await expect(page.getByTestId('workflow-measure-length')).toHaveValue('30');
      await page.getByTestId('workflow-measure-scale').click();
      await expect(page.getByTestId('workflow-measure-weight')).toHaveValue('1.25', {
        timeout: 15_000,
      });
      await expectLayoutFits(page, page.getByTestId('prompt'));
      await page.getByTestId('workflow-measure-submit').click();
      await expect(prompt(page)).toContainText('упаковка 2/2');
      await expect(page.getByTestId('workflow-measure-length')).toHaveValue('40');
      await page.getByTestId('workflow-measure-weight').fill('0,8');
      await page.getByTestId('workflow-measure-submit').click();
      await expectState(page, 'PackingWaitWhat');
      await expect.poll(() => toasts.join('\n')).toContain('Заказ ORD-0301 упакован');
    });

    await agentTest.step(
      'both box labels printed through the agent decode to two new boxes',
      async () => {
        // The agent renders each label (PDF and ZPL) before it answers: slow on a loaded machine.
        const { pdf } = await agent.printer.waitForLabels(2);
        const decoded = (
          await Promise.all(pdf.map((file) => agent.printer.decodePdf(file)))
        ).flat();
        expect(decoded).toHaveLength(2);
        for (const barcode of decoded) expect(barcode).toMatch(/^_34717-\d+$/);
        const numbers = decoded
          .map((barcode) => Number(barcode.split('-')[1]))
          .sort((a, b) => a - b);
        expect(numbers[0]).toBeGreaterThan(244);
        expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
      },
    );
  },
);

base(
  'in English at 360×740 and 1366×768: a workplace chosen, then closed',
  async ({ page, baseURL, scanner }) => {
    base.setTimeout(120_000);
    await page.setViewportSize(HANDHELD);
    await signInByBadge(page, baseURL ?? '');
    await openAt(page, '/en/packing', 'WaitWorkplace');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing');
    await expect(prompt(page)).toHaveText('Scan the packing table');
    await expectLayoutFits(page, page.getByTestId('prompt'));
    await scanner.scan('=34717-WP-02');
    await expectState(page, 'PackingWaitWhat');
    await expect(prompt(page)).toContainText('scan a parcel or goods of an order');
    await page.setViewportSize(DESKTOP);
    await expectLayoutFits(page, page.getByTestId('prompt'));
    // Closed: a repeat of this test starts at the workplace again.
    await page.getByTestId('workflow-close').click();
    await expectState(page, 'InitialState');
  },
);
