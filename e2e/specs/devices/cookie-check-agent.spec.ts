import type { Page, Response } from '@playwright/test';
import { signInByBadge } from '../context/sign-in.helpers';
import { COOKIES_DISABLED_TOAST } from '../printing/printing.helpers';
import { expect, test, useDeviceUrls } from './devices.fixtures';

// With the real agent running, the cookie check (spec part 1 §8) passes on
// every load. The agent's own check cookie (HttpOnly, set for localhost through
// `api/cookie/check`) once had the name of the page's in-browser probe, so from the second
// load on the page could not write its probe and showed "Cookie disabled" on every reload.
test.describe.configure({ timeout: 60_000 });

/** Resolves with the agent's answer to the check's `GET api/cookie`, or null on a toast. */
async function cookieCheckDone(page: Page, agentPort: number): Promise<Response | null> {
  const toast = page.getByTestId('toast').filter({ hasText: COOKIES_DISABLED_TOAST });
  return Promise.race([
    page.waitForResponse(
      (response) =>
        response.url().startsWith(`http://localhost:${agentPort}/api/cookie?`) &&
        response.request().method() === 'GET',
    ),
    toast.waitFor().then(() => null),
  ]);
}

test('reloads with the agent running show no "Cookie disabled"', async ({
  page,
  baseURL,
  agent,
}) => {
  await useDeviceUrls(page, agent);
  await signInByBadge(page, baseURL ?? '');
  const toast = page.getByTestId('toast').filter({ hasText: COOKIES_DISABLED_TOAST });

  for (const load of ['first load', 'reload', 'second reload']) {
    const done = cookieCheckDone(page, agent.port);
    if (load === 'first load') await page.goto('/sorting');
    else await page.reload();
    const answer = await done;
    // The agent was asked and got its cookie back: the check ran to its end.
    expect(answer, `${load}: the page's own probe failed`).not.toBeNull();
    expect(await answer?.json(), load).toMatchObject({ value: expect.any(String) });
    await expect(page.getByTestId('device-status')).toHaveAttribute('data-printer', 'local');
    await expect(toast, load).toHaveCount(0);
  }

  // The agent's cookie and the page's probe are different cookies: the agent's is HttpOnly and
  // the page's probe is removed after each check.
  const cookies = await page.context().cookies();
  const agentCookies = cookies.filter((cookie) => cookie.httpOnly && /check/.test(cookie.name));
  expect(agentCookies.length).toBeGreaterThan(0);
  for (const cookie of agentCookies) {
    expect(['scale_cookie_check', 'printer_cookie_check']).not.toContain(cookie.name);
  }
});
