import { test, expect } from '../../fixtures';
import { signInByBadge } from '../context/sign-in.helpers';

// Spec part 1 §9 "Chunk-loader default delay 200 ms" (docs/DECISIONS.md "Web shell"): a part
// of a page that is its own lazy chunk shows the loader in its place while the chunk is on its
// way (after 200 ms; the delay itself is timed in chunk-loader.test.tsx). The delivery page is
// one: /picking/delivery/{pickingId} loads it inside the pick-up page.
test('a lazy part of a page shows the chunk loader while its chunk is on its way', async ({
  page,
  baseURL,
}) => {
  await signInByBadge(page, baseURL ?? '');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/picking-delivery-picking-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/picking/delivery/1');
  const loader = page.getByTestId('chunk-loader');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveText('Загрузка');
  await expect(loader).toHaveAttribute('role', 'status');
  release();
  await expect(loader).toHaveCount(0);
});
