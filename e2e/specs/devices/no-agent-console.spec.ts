import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';
import { withoutLocalAgent } from '../printing/printing.helpers';

// docs/DECISIONS.md "Printer and scale in the web app", no agent: each connection the agent
// refuses is an error in the browser's console. A workstation without an agent shows one, not
// one per probe or retry, so real errors stay visible.
test('no device agent: one refused connection in the console, however long the page is open', async ({
  page,
  baseURL,
}) => {
  await signInByBadge(page, baseURL ?? '');
  await withoutLocalAgent(page);
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('ERR_CONNECTION_REFUSED')) {
      refusals.push(message.text());
    }
  });
  await page.goto('/sorting');
  await expect(page.getByTestId('sorting-entry')).toHaveAttribute('data-state', 'scanZone');
  await expect(page.getByTestId('device-status')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Longer than the old retries' first delays (1, 2, 5 s).
  await page.waitForTimeout(9000);
  expect(refusals).toHaveLength(1);
});
