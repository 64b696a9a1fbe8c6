import type { TPickingClientsPage, TPickingItem } from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type {
  CallResult,
  PickingCode,
  PickingContext,
  PickingError,
  PickingPorts,
} from './picking.model';

// Helpers of the picking machine (picking.machine.ts): scans, call outcomes, paths.

export const scanOf = recognizeBarcode;

type Finished = Parameters<PickingPorts['notifyDone']>[0];

/** The ok toast of a picking the server ended or cancelled, with the result it answered. */
export function notifyFinished<K extends Finished['kind']>(
  context: PickingContext,
  kind: K,
  result: Extract<Finished, { kind: K }>['result'] | null,
): void {
  if (result) context.ports.notifyDone({ kind, result } as Extract<Finished, { kind: K }>);
}

/** The item of the picking a scan names, if any. */
export function itemOf(context: PickingContext, text: string): TPickingItem | undefined {
  const barcode = scanOf(text).raw;
  return context.items.find((item) => item.barcode === barcode);
}

/** The client a scan names: its code, or one of its parcels' barcodes; only one. */
export function clientOfScan(page: TPickingClientsPage | null, scanned: string): string | null {
  const found = (page?.items ?? []).filter(
    (client) => client.clientCode === scanned || client.barcodes.includes(scanned),
  );
  return found.length === 1 ? (found[0]?.clientCode ?? null) : null;
}

export function refusedError(
  code: PickingError['code'],
  output: CallResult<unknown>,
  barcode?: string,
): PickingError {
  return {
    code,
    message: output.message,
    errorCode: output.errorCode,
    ...(barcode === undefined ? {} : { barcode }),
  };
}

/**
 * A call's two failures, back to `target`: its refusal (the f-code with the server's message
 * and ErrorCode) as the last `onDone` branch, and no answer as `onError`.
 */
export function failuresTo(target: string, refused: PickingCode, noAnswer: PickingCode = refused) {
  return {
    refused: {
      target,
      actions: {
        type: 'showError' as const,
        params: ({ event }: { event: { output: CallResult<unknown> } }) =>
          refusedError(refused, event.output),
      },
    },
    onError: {
      target,
      actions: { type: 'showError' as const, params: { code: noAnswer, message: null } },
    },
  };
}
