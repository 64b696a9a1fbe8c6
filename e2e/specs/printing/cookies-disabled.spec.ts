import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { test, expect } from '../../fixtures';
import config, { chromiumPath } from '../../playwright.config';
import { COOKIES_DISABLED } from './printing.helpers';

/**
 * A real Chromium profile with cookies blocked: the profile's content setting for cookies is
 * "block" (2), the same switch a user flips in chrome://settings/cookies. Playwright's usual
 * contexts cannot block cookies, so this test launches its own persistent profile.
 */
test('a browser with cookies blocked says cookies are disabled, in the interface language', async ({
  baseURL,
}) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'sorting-no-cookies-'));
  mkdirSync(path.join(profile, 'Default'));
  writeFileSync(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: config.use?.launchOptions?.args ?? [],
    locale: 'ru-RU',
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/user-auth');
    // The profile really blocks cookies (Chromium still reports navigator.cookieEnabled true).
    expect(
      await page.evaluate(() => {
        document.cookie = 'probe=1; path=/';
        return document.cookie.includes('probe=1');
      }),
    ).toBe(false);
    // Spec part 1 §8; the Russian interface says it in Russian, not in the spec's English.
    const toast = page.getByTestId('toast').filter({ hasText: COOKIES_DISABLED.ru });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-status', 'error');
    await page.goto('/en/user-auth');
    await expect(page.getByTestId('toast').filter({ hasText: COOKIES_DISABLED.en })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
