// The sorting screen's printer and scale ports over the shell's devices (devices/printer,
// devices/scale): the sticker goes through `usePrint` (local agent, else the hub), the weight
// comes from the scale named by the device cookies.
import type { PrintOutcome as DevicePrintOutcome, PrintRequest } from '../../shell';
import type { PrintOutcome, StickerJob } from './sorting.machine';

/** The devices the screen prints and weighs with (ports of the machine). */
export interface SortingDevices {
  printSticker(job: StickerJob): Promise<PrintOutcome>;
  readStableWeightKg(signal: AbortSignal): Promise<number>;
  /** Spec part 1 §5: without a printer the worker is sent to the printer service (the dialog). */
  openPrinterSettings(): void;
}

export interface SortingDevicesDeps {
  print(request: PrintRequest): Promise<DevicePrintOutcome>;
  readStableWeight(signal: AbortSignal): Promise<number>;
  openDeviceDialog(): void;
}

/**
 * What the sticker step makes of a print: reported printed by the agent (locally, or through
 * the hub) → printed; no channel → noPrinter; a refusal, a jam or no report → failed.
 */
export function toStickerOutcome(outcome: DevicePrintOutcome): PrintOutcome {
  switch (outcome.status) {
    case 'printed':
      return 'printed';
    case 'unavailable':
      return 'noPrinter';
    case 'failed':
      return 'failed';
  }
}

/** The ports of the sorting machine over the shell's printer and scale. */
export function createSortingDevices(deps: SortingDevicesDeps): SortingDevices {
  return {
    async printSticker(job) {
      try {
        // Spec part 1 §7: action 'print', printerId '' (the service fills both), one copy.
        const outcome = await deps.print({
          barcodeName: job.barcodeName,
          barcodeData: job.barcodeData,
          copies: 1,
        });
        return toStickerOutcome(outcome);
      } catch {
        // The device runtime could not load (chunk or settings): nothing was printed.
        return 'failed';
      }
    },
    readStableWeightKg: (signal) => deps.readStableWeight(signal),
    openPrinterSettings: () => deps.openDeviceDialog(),
  };
}
