// A 200-box transit picking v2 task on the workflow screen (docs/PERFORMANCE.md "Guided
// workflows, part 2"; issue rows: the list scrolls and stays responsive), run by
// bench/browser.ts on its page (CPU slowed, +20 ms) after the placing workflow: the task of
// bench user 1 seeded, chosen on the screen, boxes scanned out of walking order (Enter →
// painted prompt with the whole list), then the list scrolled top to bottom at 360×740 with
// the long tasks counted.
import type { Page } from 'playwright-core';
import type { Scanner } from '../e2e/scanner.js';
import { BENCH_WAREHOUSE_NUMBER } from './bench-database.js';
import { timeScan, type BenchWindow } from './browser-probe.js';
import { BOXES_PER_TASK, boxNumber, seedTransitTasks, taskCode } from './workflow-transit.js';

export interface TransitScreenTiming {
  /** Enter → painted prompt of each measured scan. */
  prompt: number[];
  /** Long tasks over 50 ms while the list was scrolled top to bottom, and the longest. */
  scrollLongTasks: number;
  scrollLongestMs: number;
  /** Wheel steps it took to bring the last box into view. */
  scrollSteps: number;
}

export async function timeTransitTask(
  page: Page,
  scanner: Scanner,
  databaseUrl: string,
  scans: number,
): Promise<TransitScreenTiming> {
  await seedTransitTasks(databaseUrl, 1);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/cargo-picking-v2');
  const screen = page.getByTestId('workflow-screen');
  await screen.locator('xpath=self::*[@data-state="WaitTaskSelection"]').waitFor();
  await page
    .getByTestId('workflow-task')
    .filter({ hasText: taskCode(1) })
    .click();
  await screen.locator('xpath=self::*[@data-state="WaitBox"]').waitFor();
  const items = page.getByTestId('workflow-item');
  if ((await items.count()) !== BOXES_PER_TASK) {
    throw new Error(`the task lists ${await items.count()} boxes, not ${BOXES_PER_TASK}`);
  }
  const prompt: number[] = [];
  // Out of walking order, as the server bench: every seventh box round the task.
  for (let scan = 1; scan <= scans + 3 && scan < BOXES_PER_TASK; scan += 1) {
    const index = ((scan * 7) % BOXES_PER_TASK) + 1;
    const box = `_${BENCH_WAREHOUSE_NUMBER}-${boxNumber(1, index)}`;
    const timing = await timeScan(page, scanner, box, 'WaitBox', null, 'workflow:prompt');
    prompt.push(timing.promptMs);
  }

  const scrollStart = await page.evaluate(() => performance.now());
  const last = items.last();
  let scrollSteps = 0;
  await page.mouse.move(180, 500);
  while (!(await last.isVisible()) || !(await isInViewport(page, last))) {
    await page.mouse.wheel(0, 600);
    // One frame for the wheel to land, as a finger's flick gives the page.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    scrollSteps += 1;
    if (scrollSteps > 400) throw new Error('the last box never came into view');
  }
  const longTasks = (
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks())
  ).filter((task) => task.at >= scrollStart && task.ms > 50);
  // The first three scans warm the route's chunk and the server's caches.
  return {
    prompt: prompt.slice(3),
    scrollLongTasks: longTasks.length,
    scrollLongestMs: Math.max(0, ...longTasks.map((task) => task.ms)),
    scrollSteps,
  };
}

async function isInViewport(page: Page, locator: ReturnType<Page['getByTestId']>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return box !== null && viewport !== null && box.y + box.height <= viewport.height;
}
