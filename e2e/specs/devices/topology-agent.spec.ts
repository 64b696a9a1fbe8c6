import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  expect,
  noLocalAgent,
  setDeviceCookies,
  test,
  useDeviceUrls,
} from './devices.fixtures';
import {
  LABEL_DECODER_HINT,
  skipWithoutLabelDecoder,
  startDeviceAgent,
  ZplPrinter,
  zplFieldsOf,
} from '../../device-agent';

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

const SUPERVISOR_BADGE = '~S2001-9TB4';

test('a supervisor creates the cells of zone 9, prints their labels and sorting finds them; a worker creates nothing', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '', SUPERVISOR_BADGE);
  await page.goto('/topology');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await page.getByTestId('topology-zone').selectOption('9');
  await page.getByTestId('topology-row-to').selectOption('b');
  await page.getByTestId('topology-col-to').fill('5');
  await expect(page.getByTestId('topology-existing')).toHaveText(
    '10 ячеек: 0 есть в системе, 10 нет',
  );
  await page.getByTestId('topology-create-cells').click();
  await expect(page.getByTestId('topology-existing')).toHaveText(
    '10 ячеек: 10 есть в системе, 0 нет',
  );
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  const { pdf } = await agent.printer.waitForLabels(10);
  const decoded = [];
  for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
  const expected = ['a', 'b'].flatMap((row) =>
    [1, 2, 3, 4, 5].map((col) => `=34717-9-${row}-0${col}`),
  );
  expect(decoded.sort()).toEqual(expected);

  // The sorting screen finds a new cell by its printed barcode: scanned in zone 1 it switches
  // to the cell's zone (part 1 §4), and a parcel scanned then is moved into it.
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await scanner.scan('=34717-9-b-05');
  await expect(page.getByTestId('prompt-pre')).toContainText('Резерв');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await scanner.scan('P100011');
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');
  await scanner.scan('=34717-9-b-05');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  await expect(page.getByTestId('prompt-pre')).toHaveText(
    'Посылка P100011 перемещена в ячейку 9-b-05',
  );
  await expect(page.getByTestId('prompt-error')).toHaveCount(0);

  // A worker sees what exists but no create buttons.
  await signInByBadge(page, baseURL ?? '');
  await page.goto('/topology');
  await page.getByTestId('topology-zone').selectOption('9');
  await page.getByTestId('topology-col-to').fill('6');
  await expect(page.getByTestId('topology-existing')).toHaveText(
    '6 ячеек: 5 есть в системе, 1 нет',
  );
  await expect(page.getByTestId('topology-create-cells')).toHaveCount(0);
  await expect(page.getByTestId('topology-new-zone')).toHaveCount(0);
});

test('new boxes of a scanned size print with fresh numbers that boxes/search finds; a reprint skips a missing number', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '', SUPERVISOR_BADGE);
  await page.goto('/topology');
  // The header's device code loads lazily: slow on a loaded machine.
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local', {
    timeout: 20_000,
  });
  const boxes = page.getByTestId('topology-boxes');
  // A scanned dimension type chooses the size of the new boxes (DIM-S, docs/DEMO.md).
  const size = boxes.getByTestId('topology-box-size');
  await expect(size.locator('option')).not.toHaveCount(0);
  await scanner.scan('DIM-S');
  await expect(size.locator('option:checked')).toHaveText('Короб S · 30×20×15 см');
  await boxes.getByTestId('topology-box-count-new').fill('3');
  await boxes.getByTestId('topology-print-boxes').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  const { pdf, zpl } = await agent.printer.waitForLabels(3);
  for (const file of zpl) expect(agent.printer.zplFields(file)).toContain('Габариты 30x20x15');
  const decoded: string[] = [];
  for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
  const numbers = decoded.map((barcode) => Number(barcode.split('-')[1])).sort((a, b) => a - b);
  expect(decoded.every((barcode) => barcode.startsWith('_34717-'))).toBe(true);
  expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  // Above every earlier box of the warehouse: the list's LastBoxNumber is the newest.
  const list = await page.request.get('/sorting-api/warehouses', {
    headers: { 'X-Requested-With': 'sorting' },
  });
  const warehouses = (await list.json()) as {
    OperationObject: { Id: number; Number: number; LastBoxNumber: number }[];
  };
  const sc = warehouses.OperationObject.find((item) => item.Number === 34717);
  expect(sc?.LastBoxNumber).toBe(numbers[2]);
  const searched = await page.request.post('/sorting-api/boxes/search', {
    headers: { 'X-Requested-With': 'sorting' },
    data: { barcode: decoded[0], warehouseId: sc?.Id },
  });
  expect(await searched.json()).toMatchObject({ IsSuccess: true });

  // A reprint of the newest box and the number after it: one label, the missing one listed.
  const last = numbers[2] ?? 0;
  await boxes.getByTestId('topology-box-mode-reprint').check();
  await boxes.getByTestId('topology-box-from').fill(String(last));
  await boxes.getByTestId('topology-box-to').fill(String(last + 1));
  await boxes.getByTestId('topology-print-boxes').click();
  await expect(boxes.getByTestId('topology-box-skipped')).toHaveText(
    `Нет в системе, пропущены: ${last + 1}`,
  );
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  const again = await agent.printer.waitForLabels(4);
  expect(await agent.printer.decodePdf(again.pdf.at(-1) ?? '')).toEqual([`_34717-${last}`]);
});

test('a Zebra switched off mid-run: the run stops at the label it missed and «Продолжить с n» prints the rest once', async ({
  page,
  baseURL,
  ownServer,
}) => {
  // The agent's printer is a Zebra-type printer on a raw TCP port; after two labels it is
  // switched off, as a printer unplugged mid-run, and the agent's next label finds no printer.
  const zebra = new ZplPrinter();
  await zebra.switchOn();
  const agent = await startDeviceAgent(ownServer.url, { zplPort: zebra.port });
  try {
    const stopAfterTwo = zebra.onLabel(() => {
      if (zebra.labels.length === 2) void zebra.switchOff();
    });
    await useDeviceUrls(page, agent);
    await signInByBadge(page, baseURL ?? '');
    await page.goto('/topology');
    // The header's device code loads lazily: slow on a loaded machine.
    await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local', {
      timeout: 20_000,
    });
    await page.getByTestId('topology-zone').selectOption('1');
    await page.getByTestId('topology-col-to').fill('6');
    await expect(page.getByTestId('topology-count')).toHaveText('6 ячеек · 6 этикеток');
    await page.getByTestId('topology-print-cells').click();
    const result = page.getByTestId('topology-result');
    await expect(result).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    stopAfterTwo();
    // Where it stopped: the labels the printer took, and the first one it did not.
    const taken = zebra.labels.length;
    expect(taken).toBeGreaterThanOrEqual(2);
    expect(taken).toBeLessThan(6);
    await expect(result).toHaveText(
      `Печать остановлена: ошибка принтера. Напечатано ${taken} из 6`,
    );
    await expect(page.getByTestId('toast').filter({ hasText: 'unreachable' })).toBeVisible();
    await expect(page.getByTestId('topology-continue')).toHaveText(`Продолжить с ${taken + 1}`);

    await zebra.switchOn();
    await page.getByTestId('topology-continue').click();
    await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(result).toHaveText('Напечатано 6 этикеток');
    // Every label once, in order: nothing printed twice, none skipped.
    const labels = await zebra.waitForLabels(6);
    expect(labels).toHaveLength(6);
    const barcodes = labels.map((zpl) => zplFieldsOf(zpl).find((field) => field.startsWith('=')));
    expect(barcodes).toEqual([1, 2, 3, 4, 5, 6].map((col) => `=34717-1-a-0${col}`));
  } finally {
    await agent.stop();
    await zebra.switchOff();
  }
});

test('in English: the existing cells line, the missing-cells question, a run stopped without a printer offers to continue', async ({
  page,
  baseURL,
}) => {
  await noLocalAgent(page);
  await signInByBadge(page, baseURL ?? '', SUPERVISOR_BADGE);
  await page.goto('/en/topology');
  await page.getByTestId('topology-zone').selectOption('9');
  await page.getByTestId('topology-col-from').fill('20');
  await page.getByTestId('topology-col-to').fill('22');
  await expect(page.getByTestId('topology-existing')).toHaveText('3 cells: 0 in the system, 3 not');
  await expect(page.getByTestId('topology-create-cells')).toHaveText('Create 3 cells');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-missing-text')).toHaveText(
    '3 cells do not exist yet: their labels will be refused when scanned. Print?',
  );
  await page.getByTestId('topology-missing-print').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'unavailable');
  await expect(page.getByTestId('topology-continue')).toHaveText('Continue from 1');
});
