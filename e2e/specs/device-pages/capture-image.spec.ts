import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { DESKTOP, HANDHELD, horizontalProblems } from '../shell/handheld.helpers';
import { reason, scanParcel } from '../returns/returns.helpers';
import { fakeCameraLaunchOptions } from '../scanner/fake-camera';
import { jpegSize, writeLabelVideo } from './capture-image.helpers';

// /capture-image without a session (docs/DECISIONS.md "Device pages"): Chromium's fake camera
// shows a sharp label (this spec's browser) or the same label blurred (a second browser).
const sharpVideo = writeLabelVideo(false);
const blurredVideo = writeLabelVideo(true);

test.use({ launchOptions: fakeCameraLaunchOptions(sharpVideo) });
test.describe.configure({ timeout: 90_000 });

async function shoot(page: Page): Promise<void> {
  await page.goto('/capture-image');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Съёмка изображения', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Снять' }).click();
  await expect(page.getByTestId('capture-still')).toBeVisible({ timeout: 15_000 });
}

test('a sharp label is ok, downloads as a JPEG of at most 2048 px, and the camera stops', async ({
  page,
}) => {
  await shoot(page);
  const still = page.getByTestId('capture-still');
  await expect(still).toHaveAttribute('data-verdict', 'ok');
  await expect(still.getByRole('status')).toHaveText('Снимок чёткий');
  // The preview's camera is released while the still is shown.
  await expect(page.getByTestId('capture-video')).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^capture-\d{8}-\d{6}\.jpg$/);
  const size = jpegSize(readFileSync(await download.path()));
  expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(2048);
  expect(size).toEqual({ width: 1280, height: 720 });

  // No hand-over asked for: no «Использовать».
  await expect(page.getByRole('button', { name: 'Использовать', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Переснять' }).click();
  await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
});

test('at 360×740 and 1366×768: no sideways scroll, the camera and still actions on screen', async ({
  page,
}) => {
  for (const size of [HANDHELD, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/capture-image');
    await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
      timeout: 15_000,
    });
    expect(await horizontalProblems(page)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Снять' })).toBeInViewport();
    await page.getByRole('button', { name: 'Снять' }).click();
    await expect(page.getByTestId('capture-still')).toBeVisible({ timeout: 15_000 });
    expect(await horizontalProblems(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Скачать' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Переснять' })).toBeInViewport();
  }
});

test('a blurred label is blurry, with «Переснять»', async ({ baseURL }) => {
  const browser = await chromium.launch(fakeCameraLaunchOptions(blurredVideo));
  try {
    const page = await browser.newPage({ baseURL });
    await shoot(page);
    const still = page.getByTestId('capture-still');
    await expect(still).toHaveAttribute('data-verdict', 'blurry');
    await expect(still.getByRole('status')).toHaveText(
      'Снимок размыт: держите камеру неподвижно и переснимите',
    );
    await expect(page.getByRole('button', { name: 'Переснять' })).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('the camera chosen here becomes the scanning camera', async ({ page, context }) => {
  await shoot(page);
  await page.getByRole('button', { name: 'Переснять' }).click();
  const choice = page.getByTestId('capture-camera');
  const label = await choice.locator('option').nth(1).getAttribute('value');
  expect(label).toBeTruthy();
  await choice.selectOption(label ?? '');
  await page.getByRole('button', { name: 'Использовать для сканирования' }).click();
  await expect
    .poll(async () => (await context.cookies()).find((c) => c.name === 'scan_camera_device'))
    .toMatchObject({ value: encodeURIComponent(label ?? '') });
});

test('a hand-over returns to its own path only, and the still waits there in its slot', async ({
  page,
}) => {
  await page.goto('/capture-image?returnTo=https%3A%2F%2Fevil.example%2F&slot=test');
  await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Снять' }).click();
  await expect(page.getByTestId('capture-still')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Использовать', exact: true })).toHaveCount(0);

  await page.goto('/capture-image?returnTo=%2Fsettings&slot=test');
  await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Снять' }).click();
  await page.getByRole('button', { name: 'Использовать', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The JPEG waits under its slot in IndexedDB for the page that asked for it.
  const waiting = await page.evaluate(
    () =>
      new Promise<{ type: string; size: number } | null>((resolve, reject) => {
        const opening = indexedDB.open('sorting-captured-images');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction('images').objectStore('images').get('test');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const entry = read.result as { blob: Blob } | undefined;
            opening.result.close();
            resolve(entry ? { type: entry.blob.type, size: entry.blob.size } : null);
          };
        };
      }),
  );
  expect(waiting?.type).toBe('image/jpeg');
  expect(waiting?.size).toBeGreaterThan(10_000);
});

test('signed in, a returns photo step takes its photo through the hand-over and uploads it (P300012)', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '');
  const screen = await scanParcel(page, scanner, 'P300012', 'SelectReturnReason');
  await reason(page, 'manufacturing_defects').click();
  await expect(screen).toHaveAttribute('data-step', 'documentsPhoto');

  await page.getByRole('button', { name: 'Камера с проверкой резкости' }).click();
  await expect(page).toHaveURL(/\/capture-image\?returnTo=%2Freturns&slot=returns-documents$/);
  await expect(page.getByTestId('capture-video')).toHaveAttribute('data-status', 'live', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Снять' }).click();
  await expect(page.getByTestId('capture-still')).toHaveAttribute('data-verdict', 'ok', {
    timeout: 15_000,
  });
  const uploaded = page.waitForResponse((response) =>
    response.url().endsWith('/returns-api/return/image'),
  );
  await page.getByRole('button', { name: 'Использовать', exact: true }).click();

  // Back on the same return and step; the still joins the upload queue and is stored.
  await expect(page).toHaveURL(/\/returns$/);
  await expect(screen).toHaveAttribute('data-step', 'documentsPhoto');
  await expect(page.getByTestId('prompt-pre')).toHaveText('Отправление P300012');
  expect((await uploaded).ok()).toBe(true);
  const photo = page.getByTestId('photo');
  await expect(photo).toHaveCount(1);
  await expect(photo.locator('img')).toHaveAttribute('alt', /capture-\d{8}-\d{6}\.jpg/);
  const id = await photo.getAttribute('data-id');
  const stored = await page.request.get(`/returns-api/return/image/${id ?? ''}`);
  expect(stored.headers()['content-type']).toContain('image/jpeg');
  await expect(page.getByTestId('next')).toBeEnabled();

  // Cancelled, the photo goes as with any other.
  await page.getByTestId('cancel').click();
  await expect(screen).toHaveAttribute('data-state', 'ScanRetunedPackage');
  const gone = await page.request.get(`/returns-api/return/image/${id ?? ''}`);
  expect(gone.headers()['content-type'] ?? '').not.toContain('image/');
});
