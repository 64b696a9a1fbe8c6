import { enqueueActions, type EventObject } from 'xstate';

/** The context of a screen machine whose failures show on its prompt line and as a toast. */
interface ErrorContext<TError> {
  ports: { notifyError(error: TError): void };
  error: TError | null;
}

/**
 * The `showError` action of a scan screen's machine: the prompt's error line (`context.error`)
 * and its toast through the `notifyError` port (with the error sound where the page has one).
 * Its params are the error; `setup({ actions: { showError: showErrorAction<…>() } })`.
 */
export function showErrorAction<
  TContext extends ErrorContext<TError>,
  TEvent extends EventObject,
  TError,
>() {
  // It spawns, raises and checks nothing: `never` actors, actions and guards let it stand in
  // any machine's setup.
  return enqueueActions<TContext, TEvent, TError, TEvent, never, never, never, never>(
    ({ context, enqueue }, error) => {
      enqueue.assign({ error } as Partial<TContext>);
      enqueue(() => context.ports.notifyError(error));
    },
  );
}

/** A call's answer is a success that carries its object (the envelope of spec part 1 §6). */
export const isCallOk = ({
  event,
}: {
  event: { output: { isSuccess: boolean; operationObject: unknown } };
}) => event.output.isSuccess && event.output.operationObject !== null;

/**
 * The input of a scan screen's lookup call (the deconsolidation and vision machines): its ports,
 * the user's warehouse and the barcode scanned.
 */
export const scannedLookupInput = <TPorts>({
  context,
}: {
  context: { ports: TPorts; warehouseCode: string; barcode: string | null };
}) => ({
  ports: context.ports,
  warehouseCode: context.warehouseCode,
  barcode: context.barcode ?? '',
});
