import { signInByBadge } from '../context/sign-in.helpers';
import { DEMO_AGENT, expect, noLocalAgent, setDeviceCookies, test } from './devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// With the real device agent: the printer dialog, left open after a test print
// through the hub, shows the job printed once the agent reports it, and its time in the
// interface's locale even when the browser's differs.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);
test.use({ locale: 'en-US' });

test('the open dialog follows a hub job to printed; times read as the Russian interface writes them', async ({
  page,
  baseURL,
  agent,
}) => {
  await noLocalAgent(page);
  await setDeviceCookies(page, baseURL ?? '', {
    printer_app_id: DEMO_AGENT.appId,
    printer_id: DEMO_AGENT.printerId,
  });
  await agent.registered();
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/returnable-boxes');
  const status = page.getByTestId('device-status');
  await expect(status).toHaveAttribute('data-printer', 'hub');
  await status.click();
  await page.getByTestId('device-test-print').click();

  const job = page.getByTestId('device-job').first();
  await expect(job).toBeVisible();
  await expect(job).toHaveAttribute('data-state', 'printed', { timeout: 30_000 });
  await expect(job).toContainText('напечатано');
  await expect(job).toContainText(/\b\d{2}:\d{2}:\d{2}\b/);
  await expect(job).not.toContainText(/AM|PM/);
  await agent.printer.waitForLabels(1);
});
