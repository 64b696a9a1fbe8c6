import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  expect,
  noLocalAgent,
  setDeviceCookies,
  test,
  useDeviceUrls,
} from './devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// With the real device agent: /topology prints cell labels over the local websocket and
// through the printing hub; the PDFs are read back by poppler + zbar, the ZPL by its ^FD fields.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

test('cell labels from /topology over the local agent: one PDF and one ZPL per cell, barcodes read back', async ({
  page,
  baseURL,
  agent,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/topology');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await expect(page.getByTestId('topology-warehouse')).toHaveValue('34717');
  await page.getByTestId('topology-zone').selectOption('1');
  await page.getByTestId('topology-col-to').fill('2');
  await expect(page.getByTestId('topology-count')).toHaveText('2 ячейки · 2 этикетки');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });

  const { pdf, zpl } = await agent.printer.waitForLabels(2);
  expect(pdf).toHaveLength(2);
  expect(zpl).toHaveLength(2);
  const decoded = [];
  for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
  expect(decoded.sort()).toEqual(['=34717-1-a-01', '=34717-1-a-02']);
  const fields = zpl.map((file) => agent.printer.zplFields(file));
  expect(fields.map((list) => list.find((field) => field.startsWith('=')))).toEqual(
    expect.arrayContaining(['=34717-1-a-01', '=34717-1-a-02']),
  );
});

test('through the printing hub without a local socket: the agent prints and the job reads printed', async ({
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
  await page.goto('/topology');
  const status = page.getByTestId('device-status');
  await expect(status).toHaveAttribute('data-printer', 'hub');
  await page.getByTestId('topology-zone').selectOption('1');
  await page.getByTestId('topology-row-from').selectOption('b');
  await page.getByTestId('topology-row-to').selectOption('b');
  await page.getByTestId('topology-col-from').fill('7');
  await page.getByTestId('topology-col-to').fill('7');
  await page.getByTestId('topology-form-qr').check();
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });

  const { pdf, zpl } = await agent.printer.waitForLabels(1);
  expect(await agent.printer.decodePdf(pdf[0] ?? '')).toEqual(['=34717-1-b-07']);
  expect(agent.printer.zplFields(zpl[0] ?? '').join('\n')).toContain('=34717-1-b-07');

  // The agent reports the result to the hub (PrintResult); the dialog lists the job printed.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/printing-api/v1/jobs', {
          headers: { 'X-Requested-With': 'sorting' },
        });
        const body = (await response.json()) as { OperationObject: { state: string }[] };
        return body.OperationObject[0]?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('printed');
  await status.click();
  await expect(page.getByTestId('device-hub-printer')).toBeVisible();
  const job = page.getByTestId('device-job').first();
  await expect(job).toHaveAttribute('data-state', 'printed');
  await expect(job).toContainText('cell-qr-long');
  await expect(job).toContainText('pdf-1');
});

test('an app nobody serves: the hub answers PrinterDisconnected, printing says "Принтер недоступен", no job', async ({
  page,
  baseURL,
}) => {
  await noLocalAgent(page);
  await setDeviceCookies(page, baseURL ?? '', { printer_app_id: 'NOBODY-PC', printer_id: 'x' });
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/topology');
  // The hub's answer to AddPrinterClient(NOBODY-PC): its printer is disconnected.
  await page.getByTestId('device-status').click();
  await expect(page.getByTestId('device-hub')).toHaveAttribute('data-status', 'connected');
  await expect(page.getByTestId('device-hub-printer')).toHaveAttribute(
    'data-status',
    'disconnected',
  );
  await page.getByTestId('device-dialog-done').click();
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'none');
  await page.getByTestId('topology-zone').selectOption('1');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'unavailable');
  await expect(page.getByTestId('toast').filter({ hasText: 'Принтер недоступен' })).toBeVisible();
  const response = await page.request.get('/printing-api/v1/jobs', {
    headers: { 'X-Requested-With': 'sorting' },
  });
  const body = (await response.json()) as { OperationObject: { appId: string }[] };
  expect(body.OperationObject.filter((job) => job.appId === 'NOBODY-PC')).toEqual([]);
});
