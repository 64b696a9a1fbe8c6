import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  expect,
  noLocalAgent,
  setDeviceCookies,
  test,
  useDeviceUrls,
} from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// docs/DEMO.md's printing and weighing with the real device agent (its own server, see
// devices.fixtures). Nothing here changes a demo record: the weight is read, not saved.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

// "Print and weigh: start `npm run agent` beside the server [...]. Labels land as PDF and ZPL
// in `./labels-out`; the measure step's «Снять вес с весов» reads its simulated scale (1.25 kg)
// with nothing typed into the printer and scale dialog (the page takes the agent's
// `DEMO-PC-1` / `scale-1`)."
// "Open `/topology`: cell labels of a zone by row and column range (1D or QR, long or short)
// and box labels by number range, printed through the device agent or the hub."
test('docs/DEMO.md "Print and weigh" and "/topology" box labels through the local agent', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');

  await test.step('box labels 1…2 by number range: PDF and ZPL', async () => {
    await page.goto('/topology');
    await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
    await page.getByTestId('topology-box-mode-reprint').check();
    await page.getByTestId('topology-box-from').fill('1');
    await page.getByTestId('topology-box-to').fill('2');
    await page.getByTestId('topology-print-boxes').click();
    await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
      timeout: 30_000,
    });
    const { pdf, zpl } = await agent.printer.waitForLabels(2);
    const decoded = [];
    for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
    expect(decoded.sort()).toEqual(['_34717-1', '_34717-2']);
    expect(zpl.map((file) => agent.printer.zplFields(file).join('\n')).join('\n')).toContain(
      '_34717-2',
    );
  });

  await test.step('«Снять вес с весов» reads 1.25 kg, nothing typed into the dialog', async () => {
    await page.goto('/sorting');
    const screen = page.getByTestId('sorting-entry');
    await expect(screen).toHaveAttribute('data-state', 'scanZone');
    await scanner.scan('%Z34717-1');
    await scanner.scan('P100010');
    await expect(screen).toHaveAttribute('data-state', 'measure');
    await page.getByRole('button', { name: 'Снять вес с весов' }).click();
    await expect(page.getByTestId('measure-weight')).toHaveValue('1,25', { timeout: 15_000 });
    const cookies = await page.context().cookies();
    const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value;
    expect([value('scale_app_id'), value('scale_id')]).toEqual([
      DEMO_AGENT.appId,
      DEMO_AGENT.scaleId,
    ]);
    await page.getByTestId('step-cancel').click();
    await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  });
});

// "A device agent may join the printing hub (`/printersHub`) as printer app `DEMO-PC-1` with
// the agent key `demo-agent-key` (the seed registers it; [...]). Print jobs sent through the
// hub appear in `GET /printing-api/v1/jobs`."
test('docs/DEMO.md "A device agent may join the printing hub": a QR short cell label through the hub, listed in jobs', async ({
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
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'hub');
  await page.getByTestId('topology-zone').selectOption('2');
  await page.getByTestId('topology-row-from').selectOption('c');
  await page.getByTestId('topology-row-to').selectOption('c');
  await page.getByTestId('topology-col-from').fill('3');
  await page.getByTestId('topology-col-to').fill('4');
  await page.getByTestId('topology-form-qr').check();
  await page.getByTestId('topology-length-short').check();
  await expect(page.getByTestId('topology-count')).toHaveText('2 ячейки · 2 этикетки');
  await page.getByTestId('topology-print-cells').click();
  await expect(page.getByTestId('topology-result')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  const { pdf } = await agent.printer.waitForLabels(2);
  const decoded = [];
  for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
  expect(decoded.sort()).toEqual(['=34717-2-c-03', '=34717-2-c-04']);

  await expect
    .poll(
      async () => {
        const response = await page.request.get('/printing-api/v1/jobs', {
          headers: { 'X-Requested-With': 'sorting' },
        });
        const body = (await response.json()) as {
          OperationObject: Array<{ appId: string; state: string; barcodeName: string }>;
        };
        return body.OperationObject.filter(
          (job) => job.appId === DEMO_AGENT.appId && job.barcodeName === 'cell-qr-short',
        ).some((job) => job.state === 'printed');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});
