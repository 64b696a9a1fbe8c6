import { z } from 'zod';
import { PAYMENT_PROVIDER_CODES, PAYMENT_TYPE_CODES } from './payment-types.js';

/**
 * The web app's runtime settings, answered by `POST /local-settings-newsort` (spec part 2 §7
 * "Core"; content not shown there, decided in docs/DECISIONS.md "Contract and errors"). The
 * web app reads them once at start, so nothing environment-specific is baked into the bundle.
 */
export const ZRuntimeSettings = z.object({
  /** Base path per service of the spec; '' means the page origin. */
  services: z.object({
    auth: z.string(),
    sorting: z.string(),
    sortingSystem: z.string(),
    users: z.string(),
    timeTracking: z.string(),
    returns: z.string(),
    picking: z.string(),
    delivery: z.string(),
    documentsFlow: z.string(),
    dimensions: z.string(),
    deconsolidating: z.string(),
    audit: z.string(),
    vision: z.string(),
    workflow: z.string(),
    topology: z.string(),
  }),
  /** External sign-in page (company single sign-on); null means our own /user-auth. */
  signInUrl: z.string().nullable(),
  /** Local printer websocket of the device agent. */
  printerServiceUrl: z.string(),
  /** The server's printing hub. */
  printingHubUrl: z.string(),
  /** Scale service of the device agent. */
  scaleServiceUrl: z.string(),
  sortingCenterId: z.number().int(),
  /**
   * The DSN the web app's Sentry SDK reports to (docs/DECISIONS.md "Error reporting"):
   * SENTRY_DSN_WEB, else the server's own ingest on the page's origin (`ownIngestDsn`).
   */
  errorReportsDsn: z.string(),
  /**
   * The payment providers a picking may be paid through (docs/DECISIONS.md
   * "Picking payment"), each with the payment type it takes.
   */
  paymentProviders: z.array(
    z.object({ code: z.enum(PAYMENT_PROVIDER_CODES), paymentType: z.enum(PAYMENT_TYPE_CODES) }),
  ),
  features: z.object({
    /** Sign-in by scanning a user badge on the sorting screen. */
    userBarcodeAuthorization: z.boolean(),
    /** Our own sign-in page may be used when an external one is configured. */
    alternativeAuthentication: z.boolean(),
    /** The demo seed is active: the sign-in page offers the demo users. */
    demo: z.boolean(),
  }),
});

export type TRuntimeSettings = z.infer<typeof ZRuntimeSettings>;
