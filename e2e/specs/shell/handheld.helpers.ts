import { expect, type Page } from '@playwright/test';

/** Demo administrator (docs/DEMO.md): every built page opens for them. */
export const ADMINISTRATOR = { badge: '~A3001-5RZ6', name: 'Админов Олег' } as const;

/** The handheld of ux.md, and a common office screen. */
export const HANDHELD = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1366, height: 768 } as const;

const HEADERS = { 'X-Requested-With': 'sorting' };

/**
 * A worker of centre 34717 of this test alone (users-api, as an administrator), so tests that
 * check people in and out of workplaces never share one. Returns the badge.
 */
export async function createWorker(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/users-api/v1/34717/Users', {
    headers: HEADERS,
    data: { sortingCenterId: 34717, name },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { operationObject: { badge: string } };
  return body.operationObject.badge;
}

/**
 * What does not fit the screen sideways: the page itself scrolling sideways,
 * a scroll box of the page scrolling sideways, and every visible action (button, link, field)
 * of the header and the page whose box is not wholly within the viewport's width. Reaching
 * an action by scrolling down is fine; by scrolling sideways it is not.
 */
export function horizontalProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const root = document.documentElement;
    if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide`);
    const name = (element: Element) =>
      element.getAttribute('data-testid') ??
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    for (const element of document.querySelectorAll('header *, main *')) {
      const style = getComputedStyle(element);
      const scrolls = /(auto|scroll)/.test(style.overflowX);
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${name(element)} scrolls sideways (${element.scrollWidth} px)`);
      }
    }
    const actions = document.querySelectorAll(
      'header :is(button, a[href], input, select, textarea), main :is(button, a[href], input, select, textarea)',
    );
    for (const element of actions) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(`${name(element)} at ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    return problems;
  });
}

/** Overlap of two boxes in px² (0 when they do not touch). */
export function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
