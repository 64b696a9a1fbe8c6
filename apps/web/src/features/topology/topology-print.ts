// Printing a run of topology labels: one print job per cell or box, one after another, so the
// labels come out in shelf order and a failure stops the run where it happened.
import type { RangeLabel } from '@sorting/domain';
import type { PrintOutcome, PrintRequest } from '../../shell';

/** At most this many labels (cells or boxes × copies) in one run (docs/DECISIONS.md "Topology"). */
export const MAX_LABELS_PER_RUN = 500;
/** Copies of each label: 1..99. */
export const MAX_COPIES = 99;

/** How a run ended: every label printed, or stopped at the first one that was not. */
export type RunResult =
  | { status: 'done'; printed: number }
  | { status: 'unavailable'; printed: number; total: number }
  | { status: 'failed'; printed: number; total: number; message: string | null };

/** Prints the labels in order through `print`; `onProgress(printed, total)` after each one. */
export async function printRun(
  labels: RangeLabel[],
  print: (request: PrintRequest) => Promise<PrintOutcome>,
  onProgress: (printed: number, total: number) => void = () => undefined,
): Promise<RunResult> {
  const total = labels.length;
  let printed = 0;
  for (const label of labels) {
    let outcome: PrintOutcome;
    try {
      outcome = await print({
        barcodeName: label.template,
        barcodeData: label.parameters,
        copies: label.copies,
      });
    } catch (error) {
      return {
        status: 'failed',
        printed,
        total,
        message: error instanceof Error ? error.message : null,
      };
    }
    if (outcome.status === 'unavailable') return { status: 'unavailable', printed, total };
    if (outcome.status === 'failed') {
      return { status: 'failed', printed, total, message: outcome.message };
    }
    printed += 1;
    onProgress(printed, total);
  }
  return { status: 'done', printed };
}
