import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD, horizontalProblems } from '../shell/handheld.helpers';
import { fakeCameraLaunchOptions } from '../scanner/fake-camera';
import {
  blockOtherOrigins,
  characterAccuracy,
  dragCrop,
  LABEL_PARCEL,
  LABEL_TEXT,
  TEXT_IN_LABEL,
  writeLabelPng,
  writeLabelVideo,
  type Fractions,
} from './extract-text.helpers';
import type { Page } from '@playwright/test';

// /extract-text without a session and the scan panel's «Прочитать текст» (docs/DECISIONS.md
// "Device pages"): a parcel label rendered by packages/labels and rasterised by poppler, given
// as a file and shown to Chromium's fake camera; every other origin refused, so the engine,
// its core and both languages come from our server. The engine is slow on a loaded machine:
// generous waits.
const labelPng = await writeLabelPng();
const camera = await writeLabelVideo();

test.use({ launchOptions: fakeCameraLaunchOptions(camera.video) });
test.describe.configure({ timeout: 240_000 });

const READ_WAIT = { timeout: 120_000 };

test.beforeEach(async ({ page, baseURL }) => {
  await blockOtherOrigins(page, baseURL ?? '');
});

/** Frames the label's text, reads it and answers the text read. */
async function readFramed(page: Page, area: Fractions, readLabel = 'Прочитать'): Promise<string> {
  const reader = page.getByTestId('text-reader');
  await expect(reader).toHaveAttribute('data-engine', 'ready', READ_WAIT);
  await dragCrop(page, area);
  await page.getByRole('button', { name: readLabel, exact: true }).click();
  await expect(page.getByTestId('text-reader-result')).toBeVisible(READ_WAIT);
  return (await page.getByTestId('text-reader-text').textContent()) ?? '';
}

async function expectLabelRead(page: Page, text: string): Promise<void> {
  expect(characterAccuracy(text, LABEL_TEXT), text).toBeGreaterThanOrEqual(0.95);
  await expect(page.getByTestId('text-reader-candidate').first()).toHaveAttribute(
    'data-text',
    LABEL_PARCEL,
  );
}

test('a label picked as a file is read, 95 % of its characters right, P470001 offered first', async ({
  page,
}) => {
  await page.goto('/extract-text');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Распознавание текста');
  await page.getByTestId('text-reader-file').setInputFiles(labelPng);
  await expect(page.getByTestId('text-reader-crop-area')).toBeVisible();
  const text = await readFramed(page, TEXT_IN_LABEL);
  await expectLabelRead(page, text);
  // The word boxes are drawn over the crop.
  expect(await page.getByTestId('text-reader-word').count()).toBeGreaterThanOrEqual(8);

  await page.getByRole('button', { name: 'Использовать как скан' }).first().click();
  await expect(page.getByTestId('extract-text-sent')).toContainText(LABEL_PARCEL);
});

test('a label shown to the camera is read the same way', async ({ page }) => {
  await page.goto('/extract-text');
  await expect(page.getByTestId('text-reader-video')).toHaveAttribute('data-status', 'live', {
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Снять', exact: true }).click();
  await expect(page.getByTestId('text-reader-crop-area')).toBeVisible({ timeout: 20_000 });
  // The camera is released while the still is shown.
  await expect(page.getByTestId('text-reader-video')).toBeHidden();
  await expectLabelRead(page, await readFramed(page, camera.text));
});

test('a file that is not an image is refused before decoding; leaving ends the worker', async ({
  page,
}) => {
  await page.goto('/extract-text');
  await page.getByTestId('text-reader-file').setInputFiles({
    name: 'label.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 a document named like a picture'),
  });
  await expect(page.getByTestId('text-reader-refused')).toHaveText(/Это не изображение/);
  await expect(page.getByTestId('text-reader-crop-area')).toHaveCount(0);

  // Leaving the page ends the OCR worker (and the camera with the reader).
  await expect(page.getByTestId('text-reader')).toHaveAttribute('data-engine', 'ready', READ_WAIT);
  expect(page.workers().length).toBeGreaterThan(0);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('menu-extract-text')).toBeVisible();
  await expect.poll(() => page.workers().length, READ_WAIT).toBe(0);
});

test('on /sorting the scan panel reads the label and «Использовать как скан» sorts P470001', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '');
  // The panel's reader sits by its typed entry (a scanner-only panel is a strip).
  await page
    .context()
    .addCookies([{ name: 'scan_keyboard_allowed', value: 'true', url: baseURL ?? '' }]);
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone', { timeout: 20_000 });
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');

  await page.getByRole('button', { name: 'Прочитать текст' }).click();
  await page.getByTestId('text-reader-file').setInputFiles(labelPng);
  await expectLabelRead(page, await readFramed(page, TEXT_IN_LABEL));
  await page.getByRole('button', { name: 'Использовать как скан' }).first().click();
  // The reader closes; the candidate was a scan of the sorting screen.
  await expect(page.getByTestId('text-reader')).toHaveCount(0);
  await expect(screen).toHaveAttribute('data-state', 'scanWhere', { timeout: 20_000 });
  const cell = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
  await scanner.scan(`=34717-${cell}`);
  await expect(page.getByTestId('prompt-pre')).toHaveText(
    `Посылка ${LABEL_PARCEL} перемещена в ячейку ${cell}`,
  );
});

test('in English, at 360×740 and 1366×768 without sideways scroll, axe-clean', async ({ page }) => {
  await page.setViewportSize(HANDHELD);
  await page.goto('/en/extract-text');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extract text');
  await page.getByTestId('text-reader-file').setInputFiles(labelPng);
  await expectLabelRead(page, await readFramed(page, TEXT_IN_LABEL, 'Read'));
  await expect(page.getByRole('button', { name: 'Use as scan' }).first()).toBeVisible();
  expect(await horizontalProblems(page)).toEqual([]);
  // What a screen reader hears (docs/DECISIONS.md "Web shell"): no serious or critical axe rule.
  const axe = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await horizontalProblems(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
});
