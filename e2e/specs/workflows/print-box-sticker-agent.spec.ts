import { signInByBadge } from '../context/sign-in.helpers';
import { expect, test, useDeviceUrls } from '../devices/devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';
import { recordToasts, soundMarks } from '../shell/page-records.helpers';
import { expectState, prompt } from './workflows.helpers';

// The print-box-sticker workflow (guided workflows part 1; docs/DECISIONS.md "Guided
// workflows", its step table) with the real device agent: the labels it prints decode back to
// the boxes the server created.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

test('two boxes of DIM-S: two box labels through the agent, each decoding to a new box', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  const toasts = await recordToasts(page);
  await page.goto('/print-box-sticker');
  await expectState(page, 'WaitStickerCount');
  await expect(prompt(page)).toHaveText('Сколько стикеров коробов напечатать?');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');

  await page.getByTestId('workflow-count-2').click();
  await expectState(page, 'WaitSizeAndPrint');
  await expect(prompt(page)).toHaveText('Сканируйте типоразмер коробов: 2 шт., или пропустите');
  await scanner.scan('DIM-S');
  await expectState(page, 'WaitStickerCount');
  expect(await soundMarks(page)).toContain('sound:ok-new');

  // The agent renders each label (PDF and ZPL) before it answers: slow on a loaded machine.
  const { pdf } = await agent.printer.waitForLabels(2);
  const decoded = (await Promise.all(pdf.map((file) => agent.printer.decodePdf(file)))).flat();
  expect(decoded).toHaveLength(2);
  for (const barcode of decoded) expect(barcode).toMatch(/^_34717-\d+$/);
  const numbers = decoded.map((barcode) => Number(barcode.split('-')[1])).sort((a, b) => a - b);
  expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
  await expect
    .poll(() => toasts.join('\n'))
    .toContain(`Созданы короба ${numbers[0]}–${numbers[1]}`);
  // The label is a box of the warehouse now: placing takes it.
  await page.goto('/placing');
  await expectState(page, 'WaitBox');
  await scanner.scan(decoded[0] ?? '');
  await expectState(page, 'WaitCell');
  await expect(prompt(page)).toHaveText(`Сканируйте ячейку для короба ${decoded[0]}`);
});
