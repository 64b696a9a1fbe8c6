import { test, expect } from '../../fixtures';
import { startServer } from '../../server-process';
import { openNotificationsPage, showToast, type ToastOptions } from '../shell/shell.helpers';
import { markNames } from '../scanner/scanner.helpers';
import { demoTableRows } from './demo.fixtures';

// docs/DEMO.md: the handheld check page and the printable demo sheet, on the shared server
// (neither changes anything).

// "Open `/notifications` to check a handheld: raise a notification of each kind in each
// corner, play every sound, and see the last scans the scanner delivered."
test('docs/DEMO.md "Open /notifications": each kind in each corner, every sound, the last scans', async ({
  page,
  scanner,
}) => {
  test.setTimeout(90_000);
  await openNotificationsPage(page);

  await test.step('a notification of each kind in each corner', async () => {
    // The kinds and places the page offers (its "auto" place is one of them).
    const options = (testId: string) =>
      page
        .getByTestId(testId)
        .locator('option')
        .evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value));
    const statuses = (await options('notify-status')) as Array<NonNullable<ToastOptions['status']>>;
    const positions = (await options('notify-position')).filter(
      (position) => position !== 'auto',
    ) as Array<NonNullable<ToastOptions['position']>>;
    expect(statuses).toEqual(['ok', 'error', 'attention', 'info']);
    expect(positions).toHaveLength(6);
    for (const position of positions) {
      for (const status of statuses) {
        await showToast(page, { status, position, content: `${status} ${position}` });
      }
      const shown = page.getByTestId(`toasts-${position}`).getByTestId('toast');
      await expect(shown.filter({ hasText: position })).toHaveCount(4);
      for (const status of statuses) {
        await expect(shown.filter({ hasText: `${status} ${position}` })).toHaveAttribute(
          'data-status',
          status,
        );
      }
      // Closed again, so that they cover nothing of the page.
      const close = page.getByTestId('toast-close');
      while ((await close.count()) > 0) await close.first().click();
    }
  });

  await test.step('every sound plays its file', async () => {
    const buttons = page.locator('[data-testid^="sound-"]:is(button)');
    const names = (await buttons.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-testid')),
    )) as string[];
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) await page.getByTestId(name).click();
    const played = (await markNames(page)).filter((mark) => mark.startsWith('sound:'));
    expect(played).toEqual(
      expect.arrayContaining(['sound:ok-new', 'sound:err', 'sound:numbers/0', 'sound:letters/a']),
    );
    // Every sound asked for is a file the server has.
    for (const sound of new Set(played)) {
      const name = sound.slice('sound:'.length);
      const file = name === 'err' || name.includes('/') ? `${name}.flac` : `${name}.wav`;
      const response = await page.request.get(`/sounds/ru/${file}`);
      expect(response.ok(), file).toBe(true);
    }
  });

  await test.step('the last scans the scanner delivered', async () => {
    await scanner.scan('P100001');
    await scanner.scan('=34717-1-a-01');
    await expect(page.getByTestId('last-scan-text')).toHaveText(['=34717-1-a-01', 'P100001']);
  });
});

// "While the demo seed is on, the server serves a printable demo sheet at `/demo-sheet`
// (`/en/demo-sheet` with English captions; the sign-in page links to it under the demo users).
// It shows every badge, warehouse, zone, demo parcel, box, acceptance report, shipped parcel for
// returns, time tracking workplace and dimension type of the table below and the first, second and last cell of
// each zone as Code128 barcodes, each with its text underneath so it can be typed into the scan
// panel instead. [...] Without the demo seed (`DEMO_SEED=false`) the page does not exist."
// returns, recipient of the pick-up and time tracking workplace of the table below and the
// first, second and last cell of each zone as Code128 barcodes, each with its text underneath so
// it can be typed into the scan panel instead. [...] Without the demo seed (`DEMO_SEED=false`) the page does not exist."
test('docs/DEMO.md "A printable sheet of the same barcodes": every listed barcode, ru and en', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const rows = demoTableRows();
  const kinds = [
    'user',
    'warehouse',
    'zone',
    'parcel',
    'box',
    'acceptance-report',
    'return-parcel',
    'recipient',
    'workplace',
    'dimension',
  ];
  const expected = rows.filter((row) => kinds.includes(row.kind)).map((row) => row.barcode);
  // The first, second and last cell of each zone: the table lists the first and the last.
  const cells = rows.filter((row) => row.kind === 'cell' && !row.barcode.includes('<'));

  await test.step('the sign-in page links to it under the demo users', async () => {
    await page.goto('/user-auth');
    await page.getByTestId('user-auth-demo-users').waitFor();
    await page.getByRole('link', { name: 'Листок с демо-штрихкодами' }).click();
    await expect(page).toHaveURL(/\/demo-sheet$/);
  });

  await test.step('every badge, warehouse, zone, parcel, box, report, return, workplace', async () => {
    await expect(page.locator('h1')).toHaveText('Демо-штрихкоды');
    const codes = page.locator('li.code');
    const listed = await codes.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-barcode')),
    );
    for (const barcode of [...expected, ...cells.map((cell) => cell.barcode)]) {
      expect(listed, barcode).toContain(barcode);
    }
    expect(listed).toContain('=34717-1-a-02');
    // Each a Code128 image with its text underneath.
    const card = page.locator('li.code[data-barcode="~S2001-9TB4"]');
    await expect(card).toHaveClass(/code128/);
    await expect(card.locator('svg[role="img"]')).toHaveAttribute('aria-label', '~S2001-9TB4');
    await expect(card.locator('.text')).toHaveText('~S2001-9TB4');
    await expect(card.locator('.title')).toHaveText('Петрова Мария');
  });

  await test.step('/en/demo-sheet has English captions', async () => {
    await page.goto('/en/demo-sheet');
    await expect(page.locator('h1')).toHaveText('Demo barcodes');
    await expect(page.locator('li.code[data-barcode="%Z34717-1"] .title')).toHaveText(
      'Zone 1 «Сито»',
    );
  });

  await test.step('without the demo seed the page does not exist', async () => {
    const server = await startServer({ DEMO_SEED: 'false' });
    try {
      const response = await page.request.get(`${server.url}/demo-sheet`);
      expect(response.status()).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
