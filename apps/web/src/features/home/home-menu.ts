import type { UserRole } from '@sorting/domain';

/**
 * Who may open an area (docs/DECISIONS.md "Web shell"): everyone; only while signed out (the
 * sign-in page); any signed-in user; a user of a sorting centre (time tracking is a centre's,
 * spec part 1 §7 `/timetracking-api/v1/{code}`); a supervisor or administrator of the centre
 * (users, spec part 1 §6: anyone else gets f-007); an administrator (the error reports, ours).
 */
export type AreaAccess =
  'everyone' | 'signedOut' | 'signedIn' | 'centre' | 'centreManagers' | 'administrators';

export interface MenuArea {
  /** The area's path without the leading slash; also its catalogue key `areas.<area>`. */
  area: string;
  access: AreaAccess;
}

/**
 * The tiles of the home page: only areas that are built. An area whose page is still the
 * "not available yet" page has no tile; app/home-menu.test.ts keeps this list and the route
 * table in step.
 */
export const HOME_MENU = [
  {
    group: 'operations',
    areas: [
      { area: 'sorting', access: 'signedIn' },
      { area: 'returns', access: 'signedIn' },
      { area: 'deconsolidation', access: 'signedIn' },
      { area: 'vision', access: 'signedIn' },
      // Any signed-in user of the warehouse hands parcels to recipients (p1 §6).
      { area: 'picking', access: 'signedIn' },
      { area: 'audit', access: 'signedIn' },
      // Part 2 §6: no role checks; the user's default warehouse.
      { area: 'inbound', access: 'signedIn' },
      { area: 'shipment', access: 'signedIn' },
    ],
  },
  {
    group: 'management',
    areas: [
      { area: 'documents-flow', access: 'signedIn' },
      { area: 'dimensions', access: 'signedIn' },
      { area: 'returnable-boxes', access: 'signedIn' },
      { area: 'topology', access: 'signedIn' },
      { area: 'time-tracking', access: 'centre' },
      { area: 'users', access: 'centreManagers' },
      { area: 'errors', access: 'administrators' },
    ],
  },
  {
    group: 'device',
    areas: [
      { area: 'user-auth', access: 'signedOut' },
      { area: 'notifications', access: 'everyone' },
      { area: 'settings', access: 'everyone' },
      { area: 'nfc', access: 'everyone' },
      { area: 'capture-image', access: 'everyone' },
      { area: 'extract-text', access: 'everyone' },
    ],
  },
] as const satisfies readonly { group: string; areas: readonly MenuArea[] }[];

const MANAGER_ROLES: ReadonlySet<string> = new Set<UserRole>(['supervisor', 'administrator']);

/** What the home page knows of the user: null when nobody is signed in. */
export interface MenuUser {
  roles?: readonly string[];
  sortingCenterId?: string | null;
}

/**
 * True when the user can open an area with this access. `centreCode` is the sorting centre the
 * app works for (runtime settings `sortingCenterId`), null while unknown.
 */
export function canOpen(access: AreaAccess, user: MenuUser | null, centreCode: string | null) {
  if (access === 'everyone') return true;
  if (access === 'signedOut') return user === null;
  if (user === null) return false;
  if (access === 'signedIn') return true;
  const centre = user.sortingCenterId ?? null;
  const isOwnCentre = centre !== null && (centreCode === null || centre === centreCode);
  if (access === 'centre') return isOwnCentre;
  if (access === 'administrators') return (user.roles ?? []).includes('administrator');
  return isOwnCentre && (user.roles ?? []).some((role) => MANAGER_ROLES.has(role));
}
