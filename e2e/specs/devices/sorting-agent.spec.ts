import type { Page } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import {
  DEMO_AGENT,
  expect,
  noLocalAgent,
  setDeviceCookies,
  test,
  useDeviceUrls,
  type Scanner,
} from './devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { HEADERS, scannedParcel } from '../sorting/sorting.helpers';

// With the real device agent on the sorting screen: the measure step reads the
// agent's simulated scale, and a parcel needing a sticker prints it through the agent.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

async function openZoneOne(page: Page, scanner: Scanner) {
  await page.goto('/sorting');
  const screen = page.getByTestId('sorting-entry');
  await expect(screen).toHaveAttribute('data-state', 'scanZone');
  await scanner.scan('%Z34717-1');
  await expect(screen).toHaveAttribute('data-state', 'scanWhat');
  return screen;
}

/** The parcel as `parcels/scan` answers it now (reads the database through the server). */
const parcelState = (page: Page, barcode: string) =>
  scannedParcel<{ isNeedStickerPrint: boolean }>(page, barcode);

test('measure step: the weight comes from the agent scale and is sent as kg × 1000 rounded', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await setDeviceCookies(page, baseURL ?? '', {
    scale_app_id: DEMO_AGENT.appId,
    scale_id: DEMO_AGENT.scaleId,
  });
  await agent.simulateWeight(2.3456);
  await signInByBadge(page, baseURL ?? '');
  const screen = await openZoneOne(page, scanner);
  await scanner.scan('P100004');
  await expect(screen).toHaveAttribute('data-state', 'measure');
  await scanner.scan('.GL30');
  await scanner.scan('.GW20');
  await scanner.scan('.GH15');
  await expect(page.getByTestId('measure-height')).toHaveValue('15');
  await page.getByTestId('measure-read-scale').click();
  await expect(page.getByTestId('measure-weight')).toHaveValue('2,346', { timeout: 15_000 });

  const weight = page.waitForRequest((request) =>
    request.url().endsWith('/sorting-api/parcels/weight'),
  );
  await page.getByTestId('measure-submit').click();
  expect((await weight).postDataJSON()).toMatchObject({ weight: 2346 });
  await expect(screen).toHaveAttribute('data-state', 'scanWhere');

  const measures = await page.request.get('/sortingsystem-api/Parcels/P100004/measures', {
    headers: HEADERS,
  });
  const body = (await measures.json()) as Record<string, unknown>;
  expect(body.OperationObject ?? body.operationObject).toEqual({
    height: 15,
    width: 20,
    length: 30,
    weight: 2346,
  });
});

test('a parcel needing a sticker: scanning it prints the parcel label through the agent', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  expect((await parcelState(page, 'P100005')).isNeedStickerPrint).toBe(true);
  const screen = await openZoneOne(page, scanner);
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
  await scanner.scan('P100005');
  // The agent renders the label (PDF and ZPL) before it answers: slow on a loaded machine.
  await expect(screen).toHaveAttribute('data-state', 'scanWhere', { timeout: 30_000 });
  await expect(page.getByTestId('prompt-error')).toHaveCount(0);

  const { pdf, zpl } = await agent.printer.waitForLabels(1);
  expect(pdf[0]).toContain('-parcel-');
  expect(await agent.printer.decodePdf(pdf[0] ?? '')).toEqual(['P100005']);
  expect(agent.printer.zplFields(zpl[0] ?? '')).toContain('P100005');
  expect((await parcelState(page, 'P100005')).isNeedStickerPrint).toBe(false);
});

// The demo comes configured. Nothing is typed into the device dialog: the
// page takes the scale of the agent on its computer (`GET api/version`) and keeps its ids.
test('with no device cookies the measure step reads the scale of the agent on this computer', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  const screen = await openZoneOne(page, scanner);
  await scanner.scan('P100010');
  await expect(screen).toHaveAttribute('data-state', 'measure');
  await page.getByTestId('measure-read-scale').click();
  // The demo agent's simulated scale carries 1.25 kg, shown in the ru interface's decimals.
  await expect(page.getByTestId('measure-weight')).toHaveValue('1,25', { timeout: 15_000 });
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-scale', 'set');
  const cookies = await page.context().cookies();
  const value = (name: string) => cookies.find((cookie) => cookie.name === name)?.value;
  expect([value('scale_app_id'), value('scale_id')]).toEqual([
    DEMO_AGENT.appId,
    DEMO_AGENT.scaleId,
  ]);
});

test('without an agent or scale ids, reading the scale says what to do', async ({
  page,
  baseURL,
  scanner,
}) => {
  await noLocalAgent(page);
  await signInByBadge(page, baseURL ?? '');
  const screen = await openZoneOne(page, scanner);
  await scanner.scan('P100010');
  await expect(screen).toHaveAttribute('data-state', 'measure');
  await page.getByTestId('measure-read-scale').click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Весы не настроены: запустите агент устройств' }),
  ).toBeVisible();
});
