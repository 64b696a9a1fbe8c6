import { test, expect } from '../../fixtures';
import { SUPERVISOR, WORKER } from '../auth/auth.helpers';
import { signInByBadge } from '../context/sign-in.helpers';

// The home page offers only what the user can open. A worker saw Users (and
// got f-007 there) and tiles of areas that are not built yet.
test.describe('home tiles', () => {
  test('a worker, after a reload of the home page, sees no Users and nothing not built yet', async ({
    page,
    baseURL,
  }) => {
    // Seventeen full page loads, each opening a lazily loaded screen: ~10 s alone, over 30 s when
    // the CI machine runs two browsers and the server on two cores.
    test.setTimeout(90_000);
    await signInByBadge(page, baseURL ?? '', WORKER.badge);
    await page.goto('/');
    await expect(page.getByTestId('menu-sorting')).toBeVisible();
    await expect(page.getByTestId('header-user-name')).toHaveText(WORKER.name);
    const tiles = await page
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')));
    expect(tiles).toEqual([
      'menu-sorting',
      'menu-returns',
      // Any user of the warehouse unpacks a consolidated box (p2 §6).
      'menu-deconsolidation',
      // Any signed-in user looks a unit's history up (docs/DECISIONS.md "Vision screen").
      'menu-vision',
      // Any signed-in user hands parcels to recipients.
      'menu-picking',
      // Any user of the warehouse audits its cells (p2 §6).
      'menu-audit',
      // Any signed-in user sees the supplies and shipments of their warehouse (p2 §6).
      'menu-inbound',
      'menu-shipment',
      // Any user of the centre: no role checks in document flow and dimensions (p2 §6).
      'menu-documents-flow',
      'menu-dimensions',
      'menu-returnable-boxes',
      'menu-topology',
      'menu-time-tracking',
      'menu-notifications',
      // The device pages work for anyone (docs/DECISIONS.md "Device pages").
      'menu-settings',
      'menu-nfc',
      'menu-capture-image',
      'menu-extract-text',
    ]);
    // Every tile opens: none ends on the access-denied or not-available page.
    for (const tile of tiles) {
      await page.goto('/');
      await page.getByTestId(tile ?? '').click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('not-available')).toHaveCount(0);
      await expect(page.getByText('f-007')).toHaveCount(0);
    }
  });

  test('a supervisor also has Users; nobody signed in has sign-in', async ({ page, baseURL }) => {
    await page.goto('/en');
    await expect(page.getByTestId('menu-user-auth')).toHaveText('Sign in');
    await expect(page.getByTestId('menu-users')).toHaveCount(0);
    await signInByBadge(page, baseURL ?? '', SUPERVISOR.badge);
    await page.goto('/en');
    await expect(page.getByTestId('menu-users')).toHaveText('Users');
    await expect(page.getByTestId('menu-user-auth')).toHaveCount(0);
  });
});
