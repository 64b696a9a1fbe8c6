import { test, expect } from '../../fixtures';

test.describe('locale routing', () => {
  test('unprefixed and /ru pages are Russian, /en pages English', async ({ page }) => {
    for (const [path, heading, lang, title] of [
      // Each screen names itself after the app (docs/DECISIONS.md "Web shell").
      ['/outdated-browser', 'Браузер устарел', 'ru', 'Сортировка — Браузер устарел'],
      ['/ru/outdated-browser', 'Браузер устарел', 'ru', 'Сортировка — Браузер устарел'],
      [
        '/en/outdated-browser',
        'Your browser is outdated',
        'en',
        'Sorting — Your browser is outdated',
      ],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        `/${lang}/manifest.webmanifest`,
      );
    }
    await expect(page.getByText('Chrome 90')).toBeVisible();
    await expect(page.getByText('Yandex Browser 19')).toBeVisible();
  });

  test('the locale switch keeps the choice in cookies and opens the page in that locale', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/user-auth');
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Сканируйте бейдж сотрудника');
    await expect(page.getByTestId('locale-switch')).toBeVisible();

    await page.getByTestId('locale-en').click();
    await expect(page).toHaveURL(/\/en\/user-auth$/);
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Scan your employee badge');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page).toHaveTitle(`Sorting — ${heading}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const cookies = Object.fromEntries(
      (await context.cookies(baseURL)).map((cookie) => [cookie.name, cookie]),
    );
    expect(cookies.NEXT_LOCALE?.value).toBe('en');
    expect(cookies.NEXT_DEFAULT_LOCALE?.value).toBe('ru');
    expect(cookies.NEXT_LOCALES?.value).toBe('ru,en');
    expect(cookies.NEXT_LOCALE?.path).toBe('/');
    // The app asks for 2100 (spec part 1 §3); Chromium caps cookie lifetimes at 400 days.
    const inAYear = Date.now() / 1000 + 365 * 24 * 3600;
    for (const name of ['NEXT_LOCALE', 'NEXT_DEFAULT_LOCALE', 'NEXT_LOCALES']) {
      expect(cookies[name]?.expires ?? 0).toBeGreaterThan(inAYear);
    }

    await page.getByTestId('locale-ru').click();
    await expect(page).toHaveURL(/\/user-auth$/);
    expect(new URL(page.url()).pathname).toBe('/user-auth');
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Сканируйте бейдж сотрудника');
    const locale = (await context.cookies(baseURL)).find((c) => c.name === 'NEXT_LOCALE');
    expect(locale?.value).toBe('ru');

    // A reload keeps Russian: the cookie says ru, so the server does not redirect.
    await page.reload();
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Сканируйте бейдж сотрудника');
  });

  test('with NEXT_LOCALE=en an unprefixed page opens in English', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('locale-en').click();
    await expect(page).toHaveURL(/\/en$/);
    await page.goto('/user-auth');
    await expect(page).toHaveURL(/\/en\/user-auth$/);
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Scan your employee badge');
  });

  test('the home page shows the title and the menu in the locale', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сортировка');
    await expect(page.getByTestId('menu-user-auth')).toHaveText('Вход');
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorting');
    await expect(page.getByTestId('menu-user-auth')).toHaveText('Sign in');
    await expect(page.getByTestId('menu-user-auth')).toHaveAttribute('href', '/en/user-auth');
  });
});

test.describe('sign-in guard', () => {
  test('a protected route without a session ends on the sign-in page', async ({ page }) => {
    await page.goto('/sorting');
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Сканируйте бейдж сотрудника');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/user-auth');
    expect(url.searchParams.get('redirect')).toBe('/sorting');
  });

  test('the English sign-in page keeps the requested English path', async ({ page }) => {
    await page.goto('/en/picking/pickup/C-17');
    await expect(page.getByTestId('user-auth-prompt')).toHaveText('Scan your employee badge');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/en/user-auth');
    expect(url.searchParams.get('redirect')).toBe('/en/picking/pickup/C-17');
  });

  test('the layout is there on every page: header, scan panel, locale switch', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/user-auth');
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('scan-panel')).toBeAttached();
    const box = await page.getByTestId('locale-en').boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    // Nothing overflows the handheld screen sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
