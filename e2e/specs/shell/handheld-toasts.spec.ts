import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { WORKER } from '../auth/auth.helpers';
import { signInByBadge } from '../context/sign-in.helpers';
import { ADMINISTRATOR, HANDHELD, createWorker, overlap } from './handheld.helpers';
import { showToast } from './shell.helpers';

// On a 360×740 handheld: toasts (10 s each) stacked until 3–4 covered 45 % of
// the screen, hiding the suggested cells and the return reasons, and old errors stayed after a
// success and even after sign-in. Now: at most two, compact, never over the page's content
// (the prompt, the suggested cell, the reasons); a success of the same flow closes its older
// errors; none survives sign-in or sign-out.
test.use({ viewport: HANDHELD });

const toasts = (page: Page) => page.getByTestId('toast');

type Box = { x: number; y: number; width: number; height: number };

/** The part of `box` inside `clip` (the page scrolls inside main on a handheld). */
function within(box: Box, clip: Box): Box {
  const x = Math.max(box.x, clip.x);
  const y = Math.max(box.y, clip.y);
  const width = Math.max(0, Math.min(box.x + box.width, clip.x + clip.width) - x);
  const height = Math.max(0, Math.min(box.y + box.height, clip.y + clip.height) - y);
  return { x, y, width, height };
}

/**
 * Every shown toast is compact and clear of the page (main) and of the shown part of each
 * target; each target is at least partly on screen.
 */
async function expectClearOf(page: Page, targets: Locator[]): Promise<void> {
  const main = await page.locator('main').boundingBox();
  if (!main) throw new Error('no main');
  const screen = { x: 0, y: 0, ...HANDHELD };
  const shown = await toasts(page).all();
  expect(shown.length).toBeGreaterThan(0);
  for (const toast of shown) {
    const box = await toast.boundingBox();
    if (!box) throw new Error('a toast without a box');
    expect(box.height, 'a compact toast').toBeLessThanOrEqual(60);
    expect(overlap(box, within(main, screen)), 'toast over the page').toBe(0);
    for (const target of targets) {
      const targetBox = await target.boundingBox();
      if (!targetBox) throw new Error(`${target.toString()} has no box`);
      const visible = within(within(targetBox, main), screen);
      expect(visible.height, `${target.toString()} on screen`).toBeGreaterThan(0);
      expect(overlap(box, visible), `toast over ${target.toString()}`).toBe(0);
    }
  }
}

test('sorting: four errors leave two compact toasts, clear of the prompt and the suggested cells', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '', WORKER.badge);
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await scanner.scan('P100002');
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  await expect(page.getByTestId('suggested-cell').first()).toBeVisible();
  for (const barcode of ['=34717-1-a-99', '=34717-9-a-01', '_34717-99', '=34717-1-a-98']) {
    await scanner.scan(barcode);
    await expect(toasts(page).filter({ hasText: barcode })).toBeVisible();
  }
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  await expect(toasts(page)).toHaveCount(2);
  await expect(toasts(page).first()).toContainText('=34717-1-a-98');
  await expectClearOf(page, [
    page.getByTestId('prompt'),
    page.getByTestId('suggested-cell').first(),
  ]);
});

test('returns: errors before a parcel do not cover its reasons', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '', WORKER.badge);
  await page.goto('/returns');
  await expect(page.getByTestId('prompt-main')).toBeVisible();
  for (const barcode of ['NOT-A-PARCEL-1', 'NOT-A-PARCEL-2', 'NOT-A-PARCEL-3']) {
    await scanner.scan(barcode);
    await expect(toasts(page).filter({ hasText: barcode })).toBeVisible();
  }
  await scanner.scan('P300001');
  await expect(page.getByTestId('reason-list')).toBeVisible();
  await expect(toasts(page)).toHaveCount(2);
  await expectClearOf(page, [page.getByTestId('prompt'), page.getByTestId('reason-list')]);
});

test('time tracking: a success of the flow closes its older errors', async ({
  page,
  baseURL,
  scanner,
}) => {
  await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
  const badge = await createWorker(page, `Тест Уведомления ${Date.now()}`);
  await page.goto('/time-tracking');
  const screen = page.getByTestId('time-tracking-screen');
  await expect(screen).toHaveAttribute('data-state', 'waitWorkplace');
  await scanner.scan('=34717-WP-03');
  await expect(screen).toHaveAttribute('data-state', 'waitUser');
  await scanner.scan('P100001');
  await expect(page.getByTestId('prompt-error-code')).toHaveText('f-009');
  await expect(toasts(page).and(page.locator('[data-status="error"]'))).toHaveCount(1);

  await scanner.scan(badge);
  await expect(toasts(page).and(page.locator('[data-status="ok"]'))).toBeVisible();
  await expect(toasts(page).and(page.locator('[data-status="error"]'))).toHaveCount(0);
  // Leave again: the workplace is as it was.
  await scanner.scan(badge);
  await expect(toasts(page).and(page.locator('[data-status="info"]'))).toBeVisible();
});

test('no toast survives a sign-in or a sign-out', async ({ page, scanner }) => {
  await page.goto('/user-auth?redirect=%2Fnotifications');
  await expect(page.getByTestId('user-auth-prompt')).toBeVisible();
  await scanner.scan('~W9999-XXXX');
  await expect(toasts(page).and(page.locator('[data-status="error"]'))).toHaveCount(1);
  await scanner.scan(WORKER.badge);
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
  // Well within the 10 s the refusal would otherwise stay.
  await expect(toasts(page)).toHaveCount(0, { timeout: 2_000 });

  await showToast(page, { status: 'error', content: 'an error of the last user' });
  await expect(toasts(page)).toHaveCount(1);
  await page.getByTestId('header-logout').click();
  await expect(page).toHaveURL(/\/user-auth$/);
  await expect(toasts(page)).toHaveCount(0, { timeout: 2_000 });
});
