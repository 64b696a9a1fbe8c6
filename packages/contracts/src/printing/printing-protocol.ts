// The printing and scale protocols shared by the web app, the server's printing hub and the
// device agent (spec part 1 §3 "Print job", §7 "Device services"). Types and constants only:
// the web bundle imports this without zod.

/** Spec part 1 §9: the default port of the local printer websocket of the device agent. */
export const LOCAL_PRINTER_PORT = 55557;

/** Spec part 1 §7: the hub name; the server serves it at this path. */
export const PRINTERS_HUB_PATH = '/printersHub';

/** Spec part 1 §7: the reason sent when the web app closes the local printer websocket. */
export const LOCAL_PRINTER_CLOSE_REASON = 'Вебсокет принтера не нужен на этой странице';

/** Spec part 1 §3 device settings (cookies, parent domain, path /, expiry 2100). */
export const PRINTER_APP_ID_COOKIE = 'printer_app_id';
export const PRINTER_ID_COOKIE = 'printer_id';
export const SCALE_APP_ID_COOKIE = 'scale_app_id';
export const SCALE_ID_COOKIE = 'scale_id';

/** Spec part 1 §8 / part 2 §5: user-facing texts fixed by the spec. */
export const PRINTER_UNAVAILABLE_TEXT = 'Принтер недоступен';
export const COOKIES_DISABLED_TEXT = 'Cookie disabled, please enable cookies';

/** Label templates (spec part 1 §9, part 2 §9; docs/DECISIONS.md "Labels"). */
export const LABEL_TEMPLATES = [
  'user',
  'cell-bar-long',
  'cell-bar-short',
  'cell-qr-long',
  'cell-qr-short',
  'box',
  'returnable-box',
  'parcel',
  'inbound-detail',
  // A delivery package (docs/DECISIONS.md "Delivery to a recipient").
  'delivery-package',
] as const;
export type LabelTemplate = (typeof LABEL_TEMPLATES)[number];

/** One parameter of a label template: "barcode template with name and value parameters". */
export interface LabelParameter {
  name: string;
  value: string;
}

/**
 * Spec part 1 §3 "Print job": action, token, printerId, barcodeName, barcodeData, copies.
 * barcodeName is the template; barcodeData its parameters (the barcode text under the name
 * `barcode`, captions under their own names). Over the local websocket printerId is empty (the
 * agent prints on its selected printer); through the hub it names the printer.
 */
export interface PrintJob {
  action: 'print';
  token: string;
  printerId: string;
  barcodeName: LabelTemplate;
  barcodeData: LabelParameter[];
  copies: number;
}

/** Messages the web app sends over the local websocket (spec part 1 §7). */
export type LocalPrinterRequest =
  | { action: 'version' }
  | { action: 'state' }
  | { action: 'selectPrinter'; token: string; printerId: string }
  | PrintJob;

/** A printer the agent serves. */
export interface AgentPrinter {
  id: string;
  name: string;
  /** Where its labels go: a PDF folder, CUPS (`lp`), or raw ZPL over TCP 9100. */
  output: 'pdf-folder' | 'cups' | 'zpl-tcp';
  isReady: boolean;
}

/** The agent's answers over the local websocket, one per request, echoing its action. */
export type LocalPrinterResponse =
  | { action: 'version'; version: string; appId: string }
  | {
      action: 'state';
      appId: string;
      printers: AgentPrinter[];
      selectedPrinterId: string | null;
      isReady: boolean;
    }
  | { action: 'selectPrinter'; isSuccess: boolean; printerId: string; message: string | null }
  | { action: 'print'; isSuccess: boolean; jobId: string; message: string | null };

/** Hub methods (spec part 1 §7). Agents call AddPrinterClient and PrintResult. */
export const HUB_METHODS = {
  addPrinterClient: 'AddPrinterClient',
  printBarcode: 'PrintBarcode',
  /** Ours: the agent reports a job's outcome, so the job row reads printed or failed. */
  printResult: 'PrintResult',
  /** The server → client method name. */
  notify: 'Notify',
} as const;

/** Spec part 1 §7: what `Notify` carries. */
export type HubNotification =
  | { type: 'PrinterConnected'; appId: string; printers: AgentPrinter[] }
  | { type: 'PrinterDisconnected'; appId: string }
  | { type: 'PrintBarcode'; jobId: string; appId: string; job: PrintJob }
  /**
   * Ours: the agent reported a job printed or failed (PrintResult); sent to the web clients of
   * the user who printed it, so a label counts as printed only once the printer says so.
   */
  | {
      type: 'PrintJobFinished';
      jobId: string;
      appId: string;
      state: 'printed' | 'failed';
      message: string | null;
    };

/** A print job through the hub: the JSON string given to PrintBarcode parses to this. */
export interface HubPrintRequest extends PrintJob {
  /** The printer app (agent) that owns printerId (device cookie printer app id). */
  appId: string;
}

/** The hub's completion of PrintBarcode. */
export interface HubPrintAccepted {
  jobId: string;
}

/** Print job lifecycle recorded by the server (queued → sent → printed/failed). */
export const PRINT_JOB_STATES = ['queued', 'sent', 'printed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** The agent's scale API answer to `GET api/connect` (spec part 1 §7). */
export interface ScaleReading {
  appId: string;
  scaleId: string;
  /** Kilograms, stable readings only; null while the weight is settling or the scale is off. */
  weightKg: number | null;
  isStable: boolean;
}

/**
 * The printing API lives beside the hub (here, not with its zod schemas: the web app's entry
 * uses it, and the first screen carries no zod): its base is the hub URL without `/printersHub`
 * ('' = the page's origin for the default '/printersHub'), so no extra runtime setting is needed.
 */
export function printingApiBase(hubUrl: string): string {
  const trimmed = hubUrl.replace(/\/+$/, '');
  return trimmed.toLowerCase().endsWith(PRINTERS_HUB_PATH.toLowerCase())
    ? trimmed.slice(0, -PRINTERS_HUB_PATH.length)
    : '';
}
