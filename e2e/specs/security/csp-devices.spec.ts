import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  expect,
  noLocalAgent,
  setDeviceCookies,
  test,
  useDeviceUrls,
} from '../devices/devices.fixtures';
import { PolicyWatch } from './csp.helpers';

// The security headers with the real device agent (its own port on the loopback) and the printing
// hub's websocket on the page's own origin: printing, the scale and the device dialog run under
// the policy without a violation.
test.describe.configure({ timeout: 90_000 });

test('the local agent: a label printed, the scale read, the device dialog open', async ({
  page,
  baseURL,
  agent,
}) => {
  const watch = await PolicyWatch.start(page);
  await useDeviceUrls(page, agent);
  await setDeviceCookies(page, baseURL ?? '', {
    scale_app_id: DEMO_AGENT.appId,
    scale_id: DEMO_AGENT.scaleId,
  });
  await agent.simulateWeight(1.25);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/topology');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await page.getByTestId('topology-zone').selectOption('1');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await agent.printer.waitForLabels(1);

  await page.getByTestId('device-status').click();
  await expect(page.getByTestId('device-dialog')).toBeVisible();
  await expect(page.getByTestId('device-local')).toHaveAttribute('data-status', 'connected');
  await page.getByTestId('device-scale-read').click();
  await expect(page.getByTestId('device-scale-weight')).toContainText('1,25 кг', {
    timeout: 15_000,
  });
  await watch.expectInlineScriptRefused();
  watch.expectNone();
});

test('the printing hub: a label printed through it, its job listed in the dialog', async ({
  page,
  baseURL,
  agent,
}) => {
  const watch = await PolicyWatch.start(page);
  await noLocalAgent(page);
  await setDeviceCookies(page, baseURL ?? '', {
    printer_app_id: DEMO_AGENT.appId,
    printer_id: DEMO_AGENT.printerId,
  });
  await agent.registered();
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/topology');
  const status = page.getByTestId('device-status');
  await expect(status).toHaveAttribute('data-printer', 'hub');
  await page.getByTestId('topology-zone').selectOption('1');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await agent.printer.waitForLabels(1);

  await status.click();
  await expect(page.getByTestId('device-hub')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('device-job').first()).toBeVisible();
  await watch.expectInlineScriptRefused();
  watch.expectNone();
});
