import type { Page, Request } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import { expect, noLocalAgent, test, useDeviceUrls } from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { DESKTOP, HANDHELD, horizontalProblems } from '../shell/handheld.helpers';

// Delivery to a recipient (spec part 2 §2 Delivery steps, §4 tariff rule and
// Delivery flow, §8 delivery.store) with the real device agent and the demo recipients of
// docs/DEMO.md: R-1012 (3 parcels in 8-c-04) and R-1013 (2 in 8-c-05), COURIER with tariffs
// MSK-SC1 → PDL-WH2; R-1014 COURIER without a tariff; R-1001 SELF. Each worker has its own
// server (devices.fixtures.ts), and each test its own recipients.
test.describe.configure({ timeout: 150_000 });

const deliveryScreen = (page: Page) => page.getByTestId('delivery-screen');

async function expectStep(page: Page, step: string) {
  await expect(deliveryScreen(page)).toHaveAttribute('data-view', step, { timeout: 15_000 });
}

const isTariffCall = (request: Request) => request.url().includes('/delivery-api/delivery/tariff');

/** Opens a package's measuring from the list of packages. */
async function measurePackage(page: Page, barcode: string) {
  await page
    .locator(`[data-testid="delivery-package"][data-barcode="${barcode}"]`)
    .getByTestId('package-measure')
    .click();
  await expectStep(page, 'measuring');
}

async function typeMeasure(
  page: Page,
  values: Partial<Record<'length' | 'width' | 'height' | 'weight', string>>,
) {
  for (const [field, value] of Object.entries(values)) {
    await page.getByTestId(`measure-${field}`).fill(value);
  }
}

test('R-1012: 3 packages, stickers printed by the agent, measured by scale and scans, a dimension type and typing; finished; the header panel leads back', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  // A long walk (three packages printed, weighed and measured): ~26 s on a loaded CI machine.
  test.setTimeout(90_000);
  test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);
  await page.setViewportSize(DESKTOP);
  await useDeviceUrls(page, agent);
  await agent.simulateWeight(2.3456);
  await signInByBadge(page, baseURL ?? '');

  await test.step('the info offers a delivery after the tariff check; it begins the picking', async () => {
    const tariff = page.waitForResponse(
      (response) => isTariffCall(response.request()) && response.url().includes('PDL-WH2'),
    );
    await page.goto('/picking/pickup/R-1012');
    await tariff;
    await expect(page.getByTestId('delivery-tariffs')).toContainText('Курьер, стандарт');
    await page.getByTestId('delivery-offer-open').click();
    await expect(page).toHaveURL(/\/picking\/delivery\/\d+$/);
    await expectStep(page, 'start');
    await expect(page.getByTestId('packages-count')).toHaveValue('3');
  });
  const pickingId = Number(new URL(page.url()).pathname.split('/').at(-1));

  await test.step('3 packages created: STICKERING; the header panel names the delivery', async () => {
    await page.getByTestId('delivery-create').click();
    await expectStep(page, 'stickering');
    await expect(page.getByTestId('delivery-package')).toHaveCount(3);
    await expect(page.getByTestId('delivery-header-panel')).toHaveText(
      'Доставка · Фёдоров Дмитрий · 3 места',
    );
  });
  const barcodes = await page
    .getByTestId('delivery-package')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-barcode') ?? ''));
  expect(barcodes).toEqual([
    expect.stringMatching(/^DLV\d+-01$/),
    expect.stringMatching(/^DLV\d+-02$/),
    expect.stringMatching(/^DLV\d+-03$/),
  ]);

  await test.step('stickers: one label per package, each decoding to its barcode (f-0014)', async () => {
    await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
    await page.getByTestId('delivery-print').click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Стикеры напечатаны: 3' }),
    ).toBeVisible({ timeout: 60_000 });
    const { pdf } = await agent.printer.waitForLabels(3);
    expect(pdf.every((file) => file.includes('-delivery-package-'))).toBe(true);
    const decoded = [];
    for (const file of pdf) decoded.push(...(await agent.printer.decodePdf(file)));
    expect(decoded).toEqual(barcodes);
  });

  await test.step('package 1: the scale and .GL/.GW/.GH scans; STICKERING → LIST', async () => {
    await measurePackage(page, barcodes[0] ?? '');
    await scanner.scan('.GL30');
    await scanner.scan('.GW20');
    await scanner.scan('.GH15');
    await expect(page.getByTestId('measure-height')).toHaveValue('15');
    await page.getByTestId('measure-weigh').click();
    // The scale's reading in the ru interface's decimals, to the gram.
    await expect(page.getByTestId('measure-weight')).toHaveValue('2,346', { timeout: 15_000 });
    const sent = page.waitForRequest((request) => request.url().endsWith('/measure'));
    await page.getByTestId('measure-save').click();
    expect((await sent).postDataJSON()).toEqual({
      length: 30,
      width: 20,
      height: 15,
      weight: 2346,
    });
    await expectStep(page, 'list');
    const first = page.locator(`[data-testid="delivery-package"][data-barcode="${barcodes[0]}"]`);
    await expect(first.getByTestId('package-dims')).toHaveText('30x20x15');
    // What was measured, not rounded to «2,3 кг».
    await expect(first.getByTestId('package-weight')).toHaveText('2,346 кг');
    await expect(page.getByTestId('delivery-finish')).toBeDisabled();
    expect(await horizontalProblems(page)).toEqual([]);
  });

  await test.step('package 2: the dimension type DIM-S and a typed weight', async () => {
    await scanner.scan(barcodes[1] ?? '');
    await expectStep(page, 'measuring');
    await scanner.scan('DIM-S');
    await expect(page.getByTestId('measure-length')).toHaveValue('30');
    await expect(page.getByTestId('measure-width')).toHaveValue('20');
    await expect(page.getByTestId('measure-height')).toHaveValue('15');
    await typeMeasure(page, { weight: '1,5' });
    await page.getByTestId('measure-save').click();
    await expectStep(page, 'list');
  });

  await test.step('package 3: typed; weight 0 is refused inline and nothing is sent', async () => {
    await measurePackage(page, barcodes[2] ?? '');
    await typeMeasure(page, { length: '40', width: '30', height: '20', weight: '0' });
    let measures = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/measure')) measures += 1;
    });
    await page.getByTestId('measure-save').click();
    await expect(page.getByTestId('measure-error')).toHaveText(
      'Вес — число больше 0 и не больше 1000 кг',
    );
    expect(measures).toBe(0);
    await typeMeasure(page, { weight: '0.8' });
    await page.getByTestId('measure-save').click();
    await expectStep(page, 'list');
    expect(measures).toBe(1);
  });

  await test.step('finish: the pick-up page; the header panel still leads back to the delivery', async () => {
    await expect(page.getByTestId('delivery-finish')).toBeEnabled();
    await page.getByTestId('delivery-finish').click();
    await expect(page).toHaveURL(/\/picking\/pickup\/R-1012$/);
    await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'pickingProcess');
    await page.getByTestId('delivery-header-panel').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/picking/delivery/${pickingId}$`));
    await expectStep(page, 'list');
  });

  await test.step("/picking reopens this device's recipient at its delivery (part 1 §4, §6)", async () => {
    // 34717 runs one picking per device: the kept recipient's open picking has a
    // delivery, so its delivery page opens, not the direction list.
    await page.goto('/picking');
    await expect(page).toHaveURL(new RegExp(`/picking/delivery/${pickingId}$`));
    await expectStep(page, 'list');
  });

  await test.step('a load of the delivery page reads picking/info and delivery/items once each', async () => {
    const reads = { info: 0, items: 0 };
    const count = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('/picking-api/picking/info')) reads.info += 1;
      if (/\/delivery-api\/delivery\/\d+\/items$/.test(path)) reads.items += 1;
    };
    page.on('request', count);
    await page.reload();
    await expectStep(page, 'list');
    await expect(page.getByTestId('delivery-header-panel')).toBeVisible();
    // Whatever is late to ask has asked by now.
    await page.waitForTimeout(1_500);
    page.off('request', count);
    expect(reads).toEqual({ info: 1, items: 1 });
  });

  await test.step('f-0003: the picking is not the stored recipient’s', async () => {
    await page.evaluate(() => localStorage.setItem('LAST_PICKING_RECIPIENT', 'R-1001'));
    await page.goto(`/picking/delivery/${pickingId}`);
    // Back to /picking: R-1001 has no open picking of this device, so the pointer is
    // forgotten and the list shows (never another recipient's info).
    await expect(page).toHaveURL(/\/picking$/);
    await expect(page.getByTestId('picking-screen')).toHaveAttribute(
      'data-view',
      'pickingDirectionSelect',
    );
    expect(await page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'))).toBeNull();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Выдача не найдена у этого получателя' }),
    ).toBeVisible();
    await expect(page.getByTestId('delivery-header-panel')).toHaveCount(0);
  });

  await test.step('picked and handed over: the parcels go to the delivery, the panel is gone', async () => {
    await page.goto('/picking/pickup/R-1012');
    await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'pickingProcess');
    await scanner.scan('=34717-8-c-04');
    for (const parcel of ['P400101', 'P400102', 'P400103']) await scanner.scan(parcel);
    await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'checkPicked');
    await page.getByTestId('picking-end').click();
    await expect(page).toHaveURL(/\/picking$/);
    await expect(page.getByTestId('toast').filter({ hasText: 'Выданы 3 посылки' })).toBeVisible();
    await expect(page.getByTestId('delivery-header-panel')).toHaveCount(0);
  });
});

test('/en R-1013: skipped at START, picked, then a delivery without an agent (f-0013), measured and the pick-up ended from LIST', async ({
  page,
  baseURL,
  scanner,
}) => {
  await page.setViewportSize(HANDHELD);
  await noLocalAgent(page);
  await signInByBadge(page, baseURL ?? '');

  await test.step('skip: back to the pick-up page, the picking goes on as a plain pick-up', async () => {
    await page.goto('/en/picking/pickup/R-1013');
    await page.getByTestId('delivery-offer-open').click();
    await expectStep(page, 'start');
    await expect(page.getByTestId('prompt-main')).toHaveText(
      'How many packages go in the delivery?',
    );
    await page.getByTestId('delivery-skip').click();
    await expect(page).toHaveURL(/\/en\/picking\/pickup\/R-1013$/);
    await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'pickingProcess');
    await expect(page.getByTestId('delivery-header-panel')).toHaveCount(0);
  });

  await test.step('pick both, then arrange the delivery from the picked list', async () => {
    await scanner.scan('=34717-8-c-05');
    await scanner.scan('P400104');
    await scanner.scan('P400105');
    await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'checkPicked');
    await page.getByTestId('delivery-offer-open').click();
    await expectStep(page, 'start');
    await expect(page.getByTestId('packages-count')).toHaveValue('2');
    await page.getByTestId('delivery-create').click();
    await expectStep(page, 'stickering');
    await expect(page.getByTestId('delivery-package')).toHaveCount(2);
    await expect(page.getByTestId('delivery-header-panel')).toHaveText(
      'Delivery · Орлова Марина · 2 packages',
    );
    // 360×740: nothing sideways on STICKERING.
    expect(await horizontalProblems(page)).toEqual([]);
  });

  await test.step('f-0013 without an agent', async () => {
    await page.getByTestId('delivery-print').click();
    await expect(page.getByTestId('prompt-error-code')).toHaveText('f-0013');
    await expect(page.getByTestId('prompt-error-text')).toHaveText(
      'No stickers printed: no printer or no packages',
    );
  });

  await test.step('both packages typed in', async () => {
    const barcodes = await page
      .getByTestId('delivery-package')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-barcode') ?? ''));
    for (const barcode of barcodes) {
      await measurePackage(page, barcode);
      expect(await horizontalProblems(page)).toEqual([]);
      await typeMeasure(page, { length: '50', width: '40', height: '30', weight: '3.2' });
      await page.getByTestId('measure-save').click();
      await expectStep(page, 'list');
    }
    await expect(page.getByTestId('package-weight')).toHaveText(['3.2 kg', '3.2 kg']);
    await expect(page.getByTestId('package-dims')).toHaveText(['50x40x30', '50x40x30']);
    expect(await horizontalProblems(page)).toEqual([]);
  });

  await test.step('End pick-up: finish, then end; END; back to the list', async () => {
    await page.getByTestId('delivery-end-picking').click();
    await expectStep(page, 'end');
    await expect(page.getByTestId('delivery-summary')).toContainText(
      '2 parcels handed to delivery',
    );
    expect(await page.evaluate(() => localStorage.getItem('LAST_PICKING_RECIPIENT'))).toBeNull();
    await page.getByTestId('delivery-to-list').click();
    await expect(page).toHaveURL(/\/en\/picking$/);
    await expect(page.getByTestId('picking-client').first()).toBeVisible();
    await expect(page.locator('[data-testid="picking-client"][data-code="R-1013"]')).toHaveCount(0);
  });
});

test('SELF makes no tariff request; without a tariff no delivery is offered', async ({
  page,
  baseURL,
}) => {
  await noLocalAgent(page);
  await signInByBadge(page, baseURL ?? '');
  const tariffCalls: string[] = [];
  page.on('request', (request) => {
    if (isTariffCall(request)) tariffCalls.push(request.url());
  });

  await page.goto('/picking/pickup/R-1001');
  await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'pickingInfo');
  await expect(page.getByTestId('info-parcels')).toHaveText('2 посылки');
  await expect(page.getByTestId('delivery-offer')).toHaveCount(0);
  expect(tariffCalls).toEqual([]);

  const empty = page.waitForResponse((response) => isTariffCall(response.request()));
  await page.goto('/picking/pickup/R-1014');
  const answer = (await (await empty).json()) as { operationObject: unknown[] };
  expect(answer.operationObject).toEqual([]);
  await expect(page.getByTestId('picking-screen')).toHaveAttribute('data-view', 'pickingInfo');
  await expect(page.getByTestId('delivery-offer')).toHaveCount(0);
  expect(tariffCalls).toHaveLength(1);
});
