import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { freshTest } from '../demo/demo.fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// The vision screen (spec part 2 §2 views scanVisionUnits and visionUnitInfo, §4, §7;
// docs/DECISIONS.md "Vision screen") against the real server: a unit's history in the user's
// warehouse, newest first; an unknown barcode refused with the server message. The walk that
// sorts a parcel runs on a fresh server of its own (demo.fixtures.ts).

const screenOf = (page: Page) => page.getByTestId('vision-screen');

async function soundMarks(page: Page): Promise<string[]> {
  return page.evaluate(() => performance.getEntriesByType('mark').map((mark) => mark.name));
}

test('an unknown barcode is store.v-001 with the server message and the error sound', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/vision');
  await expect(screenOf(page)).toHaveAttribute('data-view', 'scanVisionUnits');
  await expect(page.getByTestId('prompt-main')).toHaveText(
    'Сканируйте посылку, короб или оборотную тару',
  );
  const answered = page.waitForResponse((response) =>
    response.url().includes('/vision-api/v1/34717/VisionFragment/boxes'),
  );
  await scanner.scan('P999999');
  const body = (await (await answered).json()) as { IsSuccess: boolean; Message: string };
  expect(body.IsSuccess).toBe(false);
  await expect(page.getByTestId('prompt-error-code')).toHaveText('store.v-001');
  const text = `Не удалось найти P999999: ${body.Message}`;
  await expect(page.getByTestId('prompt-error-text')).toHaveText(text);
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
  await expect(screenOf(page)).toHaveAttribute('data-view', 'scanVisionUnits');
  expect(await soundMarks(page)).toContain('sound:err');
});

freshTest(
  '/en at 360×740: a sorted parcel shows its move, newest first, without sideways scroll',
  async ({ page, baseURL, scanner }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInByBadge(page, baseURL ?? '');

    await test.step('P100001 is sorted into a cell on /sorting', async () => {
      await page.goto('/en/sorting');
      const sorting = page.getByTestId('sorting-entry');
      await expect(sorting).toHaveAttribute('data-state', 'scanZone');
      await scanner.scan('%Z34717-1');
      await expect(sorting).toHaveAttribute('data-state', 'scanWhat');
      await scanner.scan('P100001');
      await expect(sorting).toHaveAttribute('data-state', 'scanWhere');
      const cell = await page.getByTestId('suggested-cell').first().getAttribute('data-cell');
      await scanner.scan(`=34717-${cell}`);
      await expect(sorting).toHaveAttribute('data-state', 'scanWhat');
    });

    await test.step('/en/vision shows the move with its cell, box and user', async () => {
      await page.goto('/en/vision');
      await expect(screenOf(page)).toHaveAttribute('data-view', 'scanVisionUnits');
      await expect(page.getByTestId('prompt-main')).toHaveText(
        'Scan a parcel, box or returnable box',
      );
      await scanner.scan('P100001');
      await expect(screenOf(page)).toHaveAttribute('data-view', 'visionUnitInfo');
      await expect(page.getByTestId('prompt-main')).toHaveText('History of P100001');
      const newest = page.getByTestId('vision-event').first();
      await expect(newest).toHaveAttribute('data-kind', 'parcel.moved');
      await expect(newest.getByTestId('vision-event-kind')).toHaveText('Parcel moved');
      await expect(newest.getByTestId('vision-event-place')).toContainText(/cell 1-[a-z]-\d\d/);
      await expect(newest.getByTestId('vision-event-place')).toContainText(/box _34717-\d+/);
      expect(await soundMarks(page)).toContain('sound:ok-new');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    await test.step('a new search goes back to the scan prompt', async () => {
      await page.getByTestId('vision-new-search').click();
      await expect(screenOf(page)).toHaveAttribute('data-view', 'scanVisionUnits');
      await expect(page.getByTestId('vision-history')).toHaveCount(0);
    });
  },
);
