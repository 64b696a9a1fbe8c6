import { expect, type Locator, type Page } from '@playwright/test';
import { horizontalProblems } from '../shell/handheld.helpers';

// What the workflow specs share: the screen's state and prompt, and the layout checks of
// docs/DECISIONS.md "Guided workflows" (no sideways scroll, no toast over the prompt).

export const screenOf = (page: Page) => page.getByTestId('workflow-screen');
export const prompt = (page: Page) => page.getByTestId('prompt-main');

/** Waits for the screen in `code` with nothing on its way. */
export async function expectState(page: Page, code: string) {
  await expect(screenOf(page)).toHaveAttribute('data-state', code);
  await expect(screenOf(page)).toHaveAttribute('data-view', 'ready');
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** No toast covers `target` (the prompt), and nothing needs a sideways scroll. */
export async function expectLayoutFits(page: Page, target: Locator) {
  expect(await horizontalProblems(page)).toEqual([]);
  const targetBox = await target.boundingBox();
  if (!targetBox) throw new Error('no prompt');
  for (const toast of await page.getByTestId('toast').all()) {
    const box = await toast.boundingBox();
    if (box) expect(overlaps(box, targetBox), 'a toast over the prompt').toBe(false);
  }
}

/** Opens a workflow route and waits for its first state (the lazy screen, slow on a busy machine). */
export async function openAt(page: Page, path: string, state: string) {
  await page.goto(path);
  await expect(screenOf(page)).toHaveAttribute('data-state', state, { timeout: 30_000 });
  await expectState(page, state);
}

/** The action buttons under the prompt are on screen (no scroll past a list to reach them). */
export async function expectActionsVisible(page: Page, testIds: string[]) {
  for (const testId of testIds) await expect(page.getByTestId(testId)).toBeInViewport();
}
