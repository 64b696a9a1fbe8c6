import type { ComponentType } from 'react';
import { WORKFLOW_ROUTES } from '../features/workflow/workflow-routes';
import type { AreaNamespace } from './i18n-resources';

/** A page module: its default export is the page. */
export type PageModule = { default: ComponentType };

/**
 * A feature that several routes render: its `page(parameter)` is the page of one route
 * (docs/DECISIONS.md "Web shell", a feature behind many routes).
 */
export type FeatureModule<P> = { page: (parameter: P) => ComponentType };

/** The chunk of a route that renders a shared feature with the route's parameter. */
export function renders<P>(
  load: () => Promise<FeatureModule<P>>,
  parameter: P,
): () => Promise<PageModule> {
  return () => load().then((module) => ({ default: module.page(parameter) }));
}

export interface AppRoute {
  /** Path without locale prefix, as in spec part 1 §2 and part 2 §2. */
  path: string;
  /** The route area's catalogue namespace (one per route area, loaded with the route). */
  ns: AreaNamespace;
  /** The page chunk: every route is its own lazy chunk. */
  load: () => Promise<PageModule>;
  /**
   * A public page that depends on who is signed in (the home page's tiles): its loader looks
   * the session user up once, without sending anyone to sign-in.
   */
  needsSessionUser?: true;
}

/** Spec part 2 §2: routes that work without a signed-in user. */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    ns: 'home',
    load: () => import('../features/home/home-page'),
    needsSessionUser: true,
  },
  {
    path: '/notifications',
    ns: 'notifications',
    load: () => import('../features/notifications/notifications-page'),
  },
  { path: '/nfc', ns: 'nfc', load: () => import('../features/nfc/nfc-page') },
  {
    path: '/settings',
    ns: 'settings',
    load: () => import('../features/settings/settings-page'),
  },
  {
    path: '/capture-image',
    ns: 'capture-image',
    load: () => import('../features/capture-image/capture-image-page'),
  },
  {
    path: '/extract-text',
    ns: 'extract-text',
    load: () => import('../features/extract-text/extract-text-page'),
  },
  {
    path: '/outdated-browser',
    ns: 'outdated-browser',
    load: () => import('../features/outdated-browser/outdated-browser-page'),
  },
  {
    path: '/user-auth',
    ns: 'user-auth',
    load: () => import('../features/user-auth/user-auth-page'),
  },
];

/** The pick-up page, also of the recipient-less picking paths. */
const pickingPickupPage = () => import('../features/picking/picking-pickup-page');

/** Spec part 1 §2 and part 2 §2: routes behind the sign-in guard. */
export const PROTECTED_ROUTES: readonly AppRoute[] = [
  { path: '/sorting', ns: 'sorting', load: () => import('../features/sorting/sorting-page') },
  { path: '/returns', ns: 'returns', load: () => import('../features/returns/returns-page') },
  {
    path: '/returnable-boxes',
    ns: 'returnable-boxes',
    load: () => import('../features/returnable-boxes/returnable-boxes-page'),
  },
  { path: '/topology', ns: 'topology', load: () => import('../features/topology/topology-page') },
  {
    path: '/time-tracking',
    ns: 'time-tracking',
    load: () => import('../features/time-tracking/time-tracking-page'),
  },
  { path: '/users', ns: 'users', load: () => import('../features/users/users-page') },
  // Ours (docs/DECISIONS.md "Error reporting"): the administrators' error reports.
  { path: '/errors', ns: 'errors', load: () => import('../features/errors/errors-page') },
  {
    path: '/deconsolidation',
    ns: 'deconsolidation',
    load: () => import('../features/deconsolidation/deconsolidation-page'),
  },
  { path: '/vision', ns: 'vision', load: () => import('../features/vision/vision-page') },
  {
    path: '/documents-flow',
    ns: 'documents-flow',
    load: () => import('../features/documents-flow/documents-flow-page'),
  },
  {
    path: '/dimensions',
    ns: 'dimensions',
    load: () => import('../features/dimensions/dimensions-page'),
  },
  { path: '/picking', ns: 'picking', load: () => import('../features/picking/picking-page') },
  { path: '/picking/pickup/:clientCode', ns: 'picking', load: pickingPickupPage },
  // Without a parameter the pick-up page sends to the direction select.
  { path: '/picking/pickup', ns: 'picking', load: pickingPickupPage },
  { path: '/picking/delivery', ns: 'picking', load: pickingPickupPage },
  // The delivery of a picking (part 1 §4, part 2 §2); the pick-up page's chunk loads
  // the delivery page for a `pickingId` (one loader: the first screen's budget).
  { path: '/picking/delivery/:pickingId', ns: 'picking', load: pickingPickupPage },
  // Spec part 2 §2 /audit and /audit/{sessionId}: one entry, one chunk (features/audit/audit-page).
  { path: '/audit/:sessionId?', ns: 'audit', load: () => import('../features/audit/audit-page') },
  { path: '/inbound', ns: 'inbound', load: () => import('../features/inbound/inbound-page') },
  { path: '/shipment', ns: 'shipment', load: () => import('../features/shipment/shipment-page') },
  {
    path: '/stickering-redirect-catch',
    ns: 'stickering-redirect-catch',
    load: () => import('../features/stickering-redirect-catch/stickering-page'),
  },
  // Spec part 1 §2: the thirteen workflow routes render one feature, each with its own
  // namespace (features/workflow/routes/<namespace>/locales); the screen finds the route's
  // workflow in its route table and loads its shared `workflow` texts itself.
  ...WORKFLOW_ROUTES.map((ns): AppRoute => ({
    path: `/${ns}`,
    ns,
    load: renders(() => import('../features/workflow/workflow-page'), ns),
  })),
];
