/**
 * The app's page paths without the locale prefix (spec part 1 §2, part 2 §2), in one place:
 * a page that sends to, links to or compares with another page names it here, never as a
 * string of its own (docs/DECISIONS.md "Web shell", one page-path registry). `app/routes.ts`
 * declares the routes; `page-paths.test.ts` checks each path here is one of them and that no
 * other file writes a page path by hand.
 */
export const PAGES = {
  home: '/',
  signIn: '/user-auth',
  settings: '/settings',
  nfc: '/nfc',
  captureImage: '/capture-image',
  extractText: '/extract-text',
  returns: '/returns',
  sorting: '/sorting',
  picking: '/picking',
  audit: '/audit',
  inbound: '/inbound',
  shipment: '/shipment',
  timeTracking: '/time-tracking',
} as const;

export type PagePath = (typeof PAGES)[keyof typeof PAGES];

/** `/picking/pickup/{clientCode}`: a recipient's pick-up. */
export function pickupPage(clientCode: string): string {
  return `${PAGES.picking}/pickup/${encodeURIComponent(clientCode)}`;
}

/** `/picking/delivery/{pickingId}`: the delivery of a picking. */
export function deliveryPage(pickingId: number): string {
  return `${PAGES.picking}/delivery/${pickingId}`;
}

/** `/audit/{sessionId}`: an audit session. */
export function auditSessionPage(sessionId: number): string {
  return `${PAGES.audit}/${sessionId}`;
}

/** `/{area}`: the page of a home-menu area, whose key is its path without the slash. */
export function areaPage(area: string): string {
  return `/${area}`;
}
