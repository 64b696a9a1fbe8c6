// Validation of the print jobs the agent receives (local websocket and hub), spec part 1 §3.
import { z } from 'zod';
import { LABEL_TEMPLATES, type PrintJob } from '@sorting/contracts';

/** Copies above this are a mistake (a count typed into the wrong field), not a job. */
export const MAX_COPIES = 100;

export const ZPrintJob = z.object({
  action: z.literal('print'),
  token: z.string().default(''),
  printerId: z.string().default(''),
  barcodeName: z.enum(LABEL_TEMPLATES),
  barcodeData: z.array(z.object({ name: z.string(), value: z.string() })),
  copies: z.number().int().min(1).max(MAX_COPIES).default(1),
}) satisfies z.ZodType<PrintJob, unknown>;

/** A readable one-line reason a job was refused. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'job'}: ${issue.message}`)
    .join('; ');
}
