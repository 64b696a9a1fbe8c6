// The device agent's HTTP scale/printer service (spec part 1 §7 "Device services"), served on
// the local printer port next to the websocket. Paths are relative to the configured base URL
// (default http://localhost:55557/). Types only, like printing-protocol.ts.
import type { AgentPrinter, ScaleReading } from './printing-protocol.js';

/** Paths of the device service, relative to its base URL. */
export const DEVICE_SERVICE_PATHS = {
  /** GET: who the agent is (app id, version, printers, scale); the web app's default ids. */
  version: 'api/version',
  /** POST {name, value}: the agent sets that cookie on its own origin. */
  cookieCheck: 'api/cookie/check',
  /**
   * GET ?name=: the value the browser sent back, null when cookies are off; for a page of
   * another site, the value its request carries in DEVICE_COOKIE_HEADER.
   */
  cookie: 'api/cookie',
  /** GET ?appId&scaleId (or &printerId) reads; POST {appId, scaleId | printerId} selects. */
  connect: 'api/connect',
  /** POST {weightKg}: puts a weight on the simulated scale (simulated scales only). */
  simulate: 'api/simulate',
} as const;

/**
 * GET api/version answer (ours): a page with empty scale cookies takes the
 * scale of the agent on its computer, so the demo works without typing ids.
 */
export interface DeviceServiceInfo {
  appId: string;
  version: string;
  printers: AgentPrinter[];
  /** The scale the agent serves; null when it has none. */
  scaleId: string | null;
}

/** POST api/cookie/check body. */
export interface DeviceCookieCheckRequest {
  name: string;
  value: string;
}

/** POST api/cookie/check answer. */
export interface DeviceCookieCheckResponse {
  isSuccess: true;
  name: string;
}

/**
 * The request header of `GET api/cookie` that carries the check value from a page of another
 * site than the agent (an app on its own host name, the agent on localhost): current Chromium
 * does not send a third-party cookie back, so the value travels in the request and the agent
 * echoes it (docs/DECISIONS.md "Device agent", cookie check).
 */
export const DEVICE_COOKIE_HEADER = 'X-Device-Cookie';

/** GET api/cookie answer. */
export interface DeviceCookieResponse {
  name: string;
  value: string | null;
}

/** POST api/connect body; scaleId selects a scale, printerId (alone) a printer. */
export interface DeviceConnectRequest {
  appId: string;
  scaleId?: string;
  printerId?: string;
}

/** api/connect answer for a printer. */
export interface DevicePrinterStatus {
  appId: string;
  printerId: string;
  isReady: boolean;
}

/** api/connect answer for a scale. */
export type DeviceScaleStatus = ScaleReading;

/** Every refusal (400 bad input, 403 origin not allowed, 404 unknown app/scale/printer). */
export interface DeviceServiceError {
  isSuccess: false;
  message: string;
}
