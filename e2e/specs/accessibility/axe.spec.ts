import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { ADMINISTRATOR, HANDHELD } from '../shell/handheld.helpers';

// docs/DECISIONS.md "Web shell", what a screen reader hears: every built screen at 360×740
// passes axe-core with no serious or critical violation, the target-size rule (WCAG 2.5.8) on.
// The screens are split into a few groups that run side by side on the one e2e server.
test.describe.configure({ timeout: 180_000, mode: 'parallel' });
test.use({ viewport: HANDHELD });

/** Lets a page settle: its heading, no request in flight, no loader. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('main-loader')).toHaveCount(0);
}

/** The serious and critical violations of the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

async function walk(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    for (const problem of await violations(page)) found.push(`${path}: ${problem}`);
  }
  return found;
}

test('signed out: sign-in, the check page, the browser notice, the home page', async ({ page }) => {
  expect(
    await walk(page, ['/user-auth', '/en/user-auth', '/notifications', '/outdated-browser', '/']),
  ).toEqual([]);
});

const GROUPS: Record<string, string[]> = {
  'scan flows': ['/sorting', '/returns', '/deconsolidation', '/vision', '/audit', '/time-tracking'],
  'picking and documents': ['/picking', '/inbound', '/shipment', '/documents-flow'],
  'guided workflows': ['/print-box-sticker', '/placing', '/consolidation'],
  'directories and the rest': [
    '/dimensions',
    '/returnable-boxes',
    '/topology',
    '/users',
    '/',
    '/en/sorting',
    '/nfc',
  ],
};

for (const [group, paths] of Object.entries(GROUPS)) {
  test(`signed in as an administrator: ${group}`, async ({ page, baseURL }) => {
    await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
    expect(await walk(page, paths)).toEqual([]);
  });
}

// design/ux.md: touch targets at least 48 × 48 px. The /inbound tabs were 41 px high, the
// /documents-flow state checkboxes 20×28 (the label row around each is its tap target).
test('the /inbound tabs and the /documents-flow checkboxes are 48 px targets', async ({
  page,
  baseURL,
}) => {
  await signInByBadge(page, baseURL ?? '', ADMINISTRATOR.badge);
  await page.goto('/inbound');
  await settle(page);
  const tabs = page.getByRole('navigation').last().getByRole('link');
  expect(await tabs.count()).toBeGreaterThanOrEqual(2);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    const name = (await tab.textContent()) ?? '';
    expect(box?.height, name).toBeGreaterThanOrEqual(48);
    expect(box?.width, name).toBeGreaterThanOrEqual(48);
  }
  await page.goto('/documents-flow');
  await settle(page);
  const checkboxes = page.getByRole('checkbox');
  expect(await checkboxes.count()).toBeGreaterThanOrEqual(2);
  for (const checkbox of await checkboxes.all()) {
    const box = await checkbox.boundingBox();
    // Never squeezed by its text: the box as drawn, 28 × 28.
    expect(box?.width).toBeGreaterThanOrEqual(28);
    expect(box?.height).toBeGreaterThanOrEqual(28);
    const label = await checkbox.locator('xpath=ancestor::label[1]').boundingBox();
    expect(label?.height).toBeGreaterThanOrEqual(48);
    expect(label?.width).toBeGreaterThanOrEqual(48);
  }
});
