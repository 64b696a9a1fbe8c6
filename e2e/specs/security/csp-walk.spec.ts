import { test, expect } from '../../fixtures';
import { fakeCameraLaunchOptions, writeBarcodeVideo } from '../scanner/fake-camera';
import { markNames } from '../scanner/scanner.helpers';
import { signInByBadge } from '../context/sign-in.helpers';
import { ADMINISTRATOR } from '../shell/handheld.helpers';
import { PolicyWatch, appRoutePaths, openAndSettle } from './csp.helpers';

// The app runs under its Content-Security-Policy and Permissions-Policy with
// not one violation: signed in as the administrator (every route opens), every route of the
// route table, the sign-in page's own POST, the camera with the zxing WebAssembly decoder and a
// sound, the demo sheet. The
// device agent and the hub: csp-devices.spec.ts.
const video = writeBarcodeVideo({ bcid: 'code128', text: '%Z34717-1' });
test.use({ launchOptions: fakeCameraLaunchOptions(video) });
test.describe.configure({ timeout: 180_000 });

const ADMIN = { login: 'admin', password: 'demo-admin', name: 'Админов Олег' };

// The route table in three slices, each its own test: one 50-second walk was the last test of
// the run, with the other browser idle beside it.
const SLICES = 3;
const routes = [...appRoutePaths(), '/en'];
for (let slice = 0; slice < SLICES; slice += 1) {
  test(`every page of the app runs without a policy violation (${slice + 1} of ${SLICES})`, async ({
    page,
    baseURL,
  }) => {
    const watch = await PolicyWatch.start(page);
    // The administrator opens every route; both locales load the same files but their own
    // catalogues: every route once, home in both.
    await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
    const mine = routes.filter((_, index) => index % SLICES === slice);
    for (const route of mine) await openAndSettle(page, route);
    expect(watch.reports, 'after walking the route table').toEqual([]);
    await watch.expectInlineScriptRefused();
    watch.expectNone();
  });
}

test('sign-in, the camera and a sound run without a policy violation', async ({
  page,
  baseURL,
}) => {
  const watch = await PolicyWatch.start(page);

  // Sign in through the page: its POST must pass the CSRF origin check under Referrer-Policy.
  const first = await page.goto('/user-auth');
  expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByTestId('user-auth-prompt').waitFor();
  await page.getByText('Вход по логину и паролю').click();
  await page.getByLabel('Логин').fill(ADMIN.login);
  await page.getByLabel('Пароль').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByTestId('header-user-name')).toHaveText(ADMIN.name);
  await watch.expectInlineScriptRefused();

  // The camera: zxing's WebAssembly is compiled under the policy, the scan plays its sound.
  await page
    .context()
    .addCookies([{ name: 'scan_input_device', value: 'camera', url: baseURL ?? '' }]);
  await page.goto('/sorting');
  const entry = page.getByTestId('sorting-entry');
  await expect(entry).toHaveAttribute('data-state', 'scanZone');
  await page.getByRole('button', { name: 'Сканировать камерой' }).click();
  const viewfinder = page.getByTestId('camera-viewfinder');
  await expect(entry).toHaveAttribute('data-state', 'scanWhat', { timeout: 20_000 });
  await expect(viewfinder).toHaveAttribute('data-decoder', 'zxing');
  expect(await markNames(page)).toContain('sound:scan');
  await page.getByRole('button', { name: 'Закрыть камеру' }).click();

  // The printable demo sheet: inline SVG codes and its own style element.
  await openAndSettle(page, '/demo-sheet');
  await expect(page.locator('svg').first()).toBeVisible();
  await watch.expectInlineScriptRefused();

  watch.expectNone();
});

test('the users admin page cannot be framed by any page', async ({ page, baseURL }) => {
  const watch = await PolicyWatch.start(page);
  // A page of no site at all (about:blank) frames it: frame-ancestors 'none' refuses.
  await page.setContent(`<iframe src="${baseURL}/users"></iframe>`);
  await expect.poll(() => watch.reports.some((text) => /frame-ancestors/.test(text))).toBe(true);
  // The frame holds the browser's error page, never the app.
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  expect(framed).toBeDefined();
  expect(await framed!.locator('#root').count()).toBe(0);
});
