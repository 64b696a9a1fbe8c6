import type { ComponentType } from 'react';
import type { AreaNamespace } from './i18n-resources';

/** A page module: its default export is the page. */
export type PageModule = { default: ComponentType };

export interface AppRoute {
  /** Path without locale prefix, as in spec part 1 §2 and part 2 §2. */
  path: string;
  /** The route area's catalogue namespace (one per route area, loaded with the route). */
  ns: AreaNamespace;
  /** The page chunk: every route is its own lazy chunk. */
  load: () => Promise<PageModule>;
}

/** Spec part 2 §2: routes that work without a signed-in user. */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: '/', ns: 'home', load: () => import('../features/home/home-page') },
  { path: '/nfc', ns: 'nfc', load: () => import('../features/nfc/nfc-page') },
  {
    path: '/notifications',
    ns: 'notifications',
    load: () => import('../features/notifications/notifications-page'),
  },
  { path: '/settings', ns: 'settings', load: () => import('../features/settings/settings-page') },
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

/** Spec part 1 §2 and part 2 §2: routes behind the sign-in guard. */
export const PROTECTED_ROUTES: readonly AppRoute[] = [
  { path: '/audit', ns: 'audit', load: () => import('../features/audit/audit-page') },
  {
    path: '/audit/:sessionId',
    ns: 'audit',
    load: () => import('../features/audit/audit-session-page'),
  },
  {
    path: '/deconsolidation',
    ns: 'deconsolidation',
    load: () => import('../features/deconsolidation/deconsolidation-page'),
  },
  {
    path: '/cargo-picking',
    ns: 'cargo-picking',
    load: () => import('../features/cargo-picking/cargo-picking-page'),
  },
  {
    path: '/cargo-picking-v2',
    ns: 'cargo-picking-v2',
    load: () => import('../features/cargo-picking-v2/cargo-picking-v2-page'),
  },
  { path: '/loading', ns: 'loading', load: () => import('../features/loading/loading-page') },
  {
    path: '/loading-v2',
    ns: 'loading-v2',
    load: () => import('../features/loading-v2/loading-v2-page'),
  },
  {
    path: '/place-to-storage',
    ns: 'place-to-storage',
    load: () => import('../features/place-to-storage/place-to-storage-page'),
  },
  {
    path: '/receipt-cargo',
    ns: 'receipt-cargo',
    load: () => import('../features/receipt-cargo/receipt-cargo-page'),
  },
  {
    path: '/consolidation',
    ns: 'consolidation',
    load: () => import('../features/consolidation/consolidation-page'),
  },
  {
    path: '/parcel-picking-in-storage',
    ns: 'parcel-picking-in-storage',
    load: () => import('../features/parcel-picking-in-storage/parcel-picking-in-storage-page'),
  },
  {
    path: '/print-box-sticker',
    ns: 'print-box-sticker',
    load: () => import('../features/print-box-sticker/print-box-sticker-page'),
  },
  {
    path: '/parcels-picking',
    ns: 'parcels-picking',
    load: () => import('../features/parcels-picking/parcels-picking-page'),
  },
  {
    path: '/parcels-placing',
    ns: 'parcels-placing',
    load: () => import('../features/parcels-placing/parcels-placing-page'),
  },
  { path: '/packing', ns: 'packing', load: () => import('../features/packing/packing-page') },
  { path: '/placing', ns: 'placing', load: () => import('../features/placing/placing-page') },
  {
    path: '/dimensions',
    ns: 'dimensions',
    load: () => import('../features/dimensions/dimensions-page'),
  },
  { path: '/inbound', ns: 'inbound', load: () => import('../features/inbound/inbound-page') },
  {
    path: '/stickering-redirect-catch',
    ns: 'stickering-redirect-catch',
    load: () => import('../features/stickering-redirect-catch/stickering-redirect-catch-page'),
  },
  { path: '/sorting', ns: 'sorting', load: () => import('../features/sorting/sorting-page') },
  { path: '/shipment', ns: 'shipment', load: () => import('../features/shipment/shipment-page') },
  { path: '/vision', ns: 'vision', load: () => import('../features/vision/vision-page') },
  { path: '/picking', ns: 'picking', load: () => import('../features/picking/picking-page') },
  {
    path: '/picking/pickup',
    ns: 'picking',
    load: () => import('../features/picking/picking-pickup-page'),
  },
  {
    path: '/picking/pickup/:clientCode',
    ns: 'picking',
    load: () => import('../features/picking/picking-pickup-client-page'),
  },
  {
    path: '/picking/delivery',
    ns: 'picking',
    load: () => import('../features/picking/picking-delivery-page'),
  },
  {
    path: '/picking/delivery/:pickingId',
    ns: 'picking',
    load: () => import('../features/picking/picking-delivery-picking-page'),
  },
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
];
