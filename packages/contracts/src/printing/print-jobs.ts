import { z } from 'zod';
import { zText } from '../input-rules.js';
import { ZAppId } from './hub-arguments.js';
import { LABEL_TEMPLATES, PRINT_JOB_STATES, type HubPrintAccepted } from './printing-protocol.js';

/**
 * The JSON string a web client gives to the hub's PrintBarcode (spec part 1 §3 "Print job",
 * §7), validated by the server; the types of printing-protocol.ts describe it for the web
 * bundle, which does not import zod.
 */
export const ZHubPrintRequest = z.object({
  action: z.literal('print'),
  token: zText({ max: 200, trim: false }),
  printerId: zText({ min: 1, max: 200 }),
  barcodeName: z.enum(LABEL_TEMPLATES),
  barcodeData: z
    .array(
      z.object({
        name: zText({ min: 1, max: 100, trim: false }),
        // A label text may run over lines (an address).
        value: zText({ max: 20_000, multiline: true, trim: false }),
      }),
    )
    .max(50),
  copies: z.number().int().min(1).max(100),
  appId: ZAppId,
});
export type THubPrintRequest = z.infer<typeof ZHubPrintRequest>;

/** Ours: one row of `GET /printing-api/v1/jobs`, the session user's recent print jobs. */
export const ZPrintJobListItem = z.object({
  jobId: z.string(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  barcodeName: z.string(),
  printerId: z.string(),
  appId: z.string(),
  state: z.enum(PRINT_JOB_STATES),
  message: z.string().nullable(),
});
export type TPrintJobListItem = z.infer<typeof ZPrintJobListItem>;

export const ZPrintJobList = z.array(ZPrintJobListItem);
export type TPrintJobList = z.infer<typeof ZPrintJobList>;

/** Ours: `POST /printing-api/v1/jobs/{jobId}/reprint` path parameters. */
export const ZReprintRequest = z.object({ jobId: z.uuid() });
export type TReprintRequest = z.infer<typeof ZReprintRequest>;

/** How many jobs the list returns, newest first. */
export const PRINT_JOB_LIST_LIMIT = 50;

/** The answer of a reprint (and of the hub's PrintBarcode): the new job's id. */
export const ZPrintAccepted = z.object({ jobId: z.string() }) satisfies z.ZodType<HubPrintAccepted>;

/** Each call's schemas, bound to its route of `PRINTING_ROUTES` by name. */
export const PRINTING_SCHEMAS = {
  jobs: {
    summary: "The user's last print jobs, newest first (queued, sent, printed or failed)",
    response: ZPrintJobList,
  },
  reprint: {
    summary: "Prints one of the user's jobs again, as a new job",
    params: ZReprintRequest,
    response: ZPrintAccepted,
  },
};
