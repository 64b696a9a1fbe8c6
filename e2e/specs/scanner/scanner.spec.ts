import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { markNames, openScanCheckPage, typeSlowly } from './scanner.helpers';

test.describe('keyboard-wedge scanner', () => {
  test('a scan with the focus on the page body reaches the scan input at once', async ({
    page,
    scanner,
  }) => {
    await openScanCheckPage(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await scanner.scan('=1-2-A-3');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['=1-2-A-3']);
    await expect(page.getByTestId('last-scan')).toHaveAttribute('data-source', 'scanner');
    expect(await markNames(page)).toContain('sound:scan');
  });

  test('scans come in order, none lost, a repeated scan counts twice', async ({
    page,
    scanner,
  }) => {
    await openScanCheckPage(page);
    for (const barcode of ['_B0001', '%Z1-2', '_B0001']) await scanner.scan(barcode);
    // Newest first.
    await expect(page.getByTestId('last-scan-text')).toHaveText(['_B0001', '%Z1-2', '_B0001']);
    const marks = (await markNames(page)).filter((name) => name === 'sound:scan');
    expect(marks).toHaveLength(3);
  });

  test('slow typing and Enter are no scan', async ({ page }) => {
    await openScanCheckPage(page);
    await typeSlowly(page, '12345', 150);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('last-scans-empty')).toBeVisible();
    expect(await markNames(page)).not.toContain('sound:scan');
  });

  test('a person typing in a form field keeps the text; a scan there is taken back out', async ({
    page,
    scanner,
  }) => {
    await openScanCheckPage(page);
    const field = page.getByTestId('notify-content');
    await field.fill('');
    await field.focus();
    await typeSlowly(page, 'abc', 150);
    await page.keyboard.press('Enter');
    await expect(field).toHaveValue('abc\n');
    await scanner.scan('_B42');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['_B42']);
    // The scanned characters and its Enter did not stay in the field.
    await expect(field).toHaveValue('abc\n');
    await expect(field).toBeFocused();
  });

  test("a scan's Enter does not press the focused button", async ({ page, scanner }) => {
    await openScanCheckPage(page);
    await page.getByTestId('notify-show').focus();
    await scanner.scan('_B0002');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['_B0002']);
    await page.waitForTimeout(300);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    // The same Enter from a person does press it.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toHaveCount(1);
  });

  test('works on any page, in English too', async ({ page, scanner }) => {
    await openScanCheckPage(page, '/en/notifications');
    await scanner.scan('~user-7');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['~user-7']);
    await expect(page.getByTestId('last-scan')).toContainText('Scanner');
  });

  test('a scan made while the page is still loading is handled once the page is there', async ({
    page,
    baseURL,
    scanner,
  }) => {
    // docs/DECISIONS.md "Scanning input": the queue keeps a scan no screen listens to yet.
    await signInByBadge(page, baseURL ?? '');
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/vision-page-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    const chunk = page.waitForRequest(/\/assets\/vision-page-[^/]*\.js$/);
    await page.goto('/vision');
    await chunk;
    await expect(page.getByTestId('main-loader')).toBeVisible();
    await expect(page.getByTestId('vision-screen')).toHaveCount(0);
    await scanner.scan('P100001');
    expect(await markNames(page)).toContain('sound:scan');
    release();
    const screen = page.getByTestId('vision-screen');
    await expect(screen).toHaveAttribute('data-view', 'visionUnitInfo');
    await expect(page.getByTestId('prompt-main')).toContainText('P100001');
  });
});
