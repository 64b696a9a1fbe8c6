import { signInByBadge } from '../context/sign-in.helpers';
import { expect, test, useDeviceUrls } from './devices.fixtures';
import { LABEL_DECODER_HINT, skipWithoutLabelDecoder } from '../../device-agent';

// With the real device agent: a supervisor adds a user on /users and prints the badge;
// the badge read back from the printed PDF (poppler + zbar) signs the new user in.
test.describe.configure({ timeout: 90_000 });
test.skip(skipWithoutLabelDecoder(), LABEL_DECODER_HINT);

const SUPERVISOR_BADGE = '~S2001-9TB4';

test('a new user’s badge printed by the agent reads back and signs that user in', async ({
  page,
  baseURL,
  agent,
  scanner,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '', SUPERVISOR_BADGE);
  await page.goto('/users');
  await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');

  const name = `Орлова Вера ${Date.now() % 100000}`;
  await page.getByTestId('user-name').fill(name);
  await page.getByTestId('user-add').click();
  const shownBadge = (await page.getByTestId('new-user-badge').textContent()) ?? '';
  expect(shownBadge).toMatch(/^~/);

  await page.getByTestId('print-badge').click();
  const { pdf, zpl } = await agent.printer.waitForLabels(1);
  const [printedBadge] = await agent.printer.decodePdf(pdf[0] ?? '');
  expect(printedBadge).toBe(shownBadge);
  expect(agent.printer.zplFields(zpl[0] ?? '')).toContain(name);

  // The label, not the screen, is what the user carries: sign in with what was printed.
  await page.context().clearCookies();
  await page.goto('/user-auth');
  await scanner.scan(printedBadge ?? '');
  await expect(page.getByTestId('header-user-name')).toHaveText(name);
});
