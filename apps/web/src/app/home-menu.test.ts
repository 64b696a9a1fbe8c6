// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HOME_MENU, type MenuArea } from '../features/home/home-menu';
import { WORKFLOW_ROUTES } from '../features/workflow/workflow-routes';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';

/**
 * Every area has its own namespace; the workflow routes have theirs already, but their screen
 * is still the placeholder.
 */
const isBuilt = (ns: string) => !(WORKFLOW_ROUTES as readonly string[]).includes(ns);

/** A route's path without a last optional parameter: `/audit/:sessionId?` is also `/audit`. */
const areaPath = (path: string) => path.replace(/\/:\w+\?$/, '');

// Pages that are no menu entry: the menu itself, the outdated-browser notice and the
// stickering window, which /inbound opens (part 2 §2).
const NOT_IN_MENU = new Set(['/', '/outdated-browser', '/stickering-redirect-catch']);

describe('home menu and route table', () => {
  it('has a tile for every built area and none for an area not built yet', () => {
    const built = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]
      .map((route) => ({ ...route, path: areaPath(route.path) }))
      .filter((route) => !route.path.includes(':') && route.path.split('/').length === 2)
      .filter((route) => isBuilt(route.ns) && !NOT_IN_MENU.has(route.path))
      .map((route) => route.path.slice(1));
    const tiles = HOME_MENU.flatMap(({ areas }) => areas.map(({ area }): string => area));
    expect([...tiles].sort()).toEqual([...built].sort());
  });

  it('offers a protected area only to signed-in users, a public one to anyone', () => {
    const protectedPaths = new Set(PROTECTED_ROUTES.map((route) => areaPath(route.path)));
    const areas: readonly MenuArea[] = HOME_MENU.flatMap(({ areas: list }): MenuArea[] => [
      ...list,
    ]);
    for (const { area, access } of areas) {
      const isPublic = access === 'everyone' || access === 'signedOut';
      expect(protectedPaths.has(`/${area}`), area).toBe(!isPublic);
    }
  });
});
