import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import {
  RETURN_PHOTO_MAX_BYTES,
  type TReturnAccepted,
  type TReturnItem,
  type TReturnPayload,
} from '@sorting/contracts';
import {
  type CallResult,
  emptyFlow,
  type PhotoStep,
  type QueuedPhoto,
  type ReturnsCode,
  type ReturnsContext,
  type ReturnsError,
  type ReturnsEvent,
  type ReturnsInput,
  type ReturnsPorts,
  heldPhotos,
  returnableItems,
} from './returns.model';

// The returns machine's setup (actors, actions) and the transition helpers its state files
// share; the states are composed in returns.machine.ts.

export type Args = { context: ReturnsContext };
export type DoneEvent<T> = { output: CallResult<T> };

export const hasPhotos = ({ context }: Args) => heldPhotos(context).length > 0;

/**
 * Cancel (§4 "back/cancel at any step"): the flow's photos are deleted (none: nothing to do),
 * then a new scan.
 */
export const cancelFlow = { target: '#returns.discarding', actions: 'discardAll' as const };

/** Back from the first screen after the item: several returnable items → the list, else cancel. */
export const backToItems = [
  {
    guard: ({ context }: Args) => returnableItems(context.items).length > 1,
    target: '#returns.ScanRetunedPackage.pickItem',
  },
  cancelFlow,
];

export const showError = (code: ReturnsCode) => ({
  type: 'showError' as const,
  params: { code, message: null },
});

export const returnsSetup = setup({
  types: {
    input: {} as ReturnsInput,
    context: {} as ReturnsContext,
    events: {} as ReturnsEvent,
  },
  actors: {
    loadPolicies: fromPromise<
      CallResult<TReturnItem[]>,
      { ports: ReturnsPorts; warehouseCode: string; barcode: string }
    >(({ input }) =>
      input.ports.loadPolicies({
        warehouseCode: input.warehouseCode,
        parcelBarcode: [input.barcode],
      }),
    ),
    uploadPhoto: fromCallback<
      ReturnsEvent,
      { ports: ReturnsPorts; barcode: string; photo: QueuedPhoto }
    >(({ input, sendBack }) => {
      const controller = new AbortController();
      const { key, file } = input.photo;
      input.ports
        .uploadPhoto({
          barcode: input.barcode,
          file,
          signal: controller.signal,
          onProgress: (fraction) => {
            if (!controller.signal.aborted) sendBack({ type: 'UPLOAD_PROGRESS', key, fraction });
          },
        })
        .then(
          (result) => {
            if (!controller.signal.aborted) sendBack({ type: 'UPLOAD_DONE', key, result });
          },
          () => {
            if (!controller.signal.aborted) sendBack({ type: 'UPLOAD_FAILED', key });
          },
        );
      return () => controller.abort();
    }),
    deletePhoto: fromPromise<CallResult<boolean>, { ports: ReturnsPorts; id: string }>(
      ({ input }) => input.ports.deletePhoto(input.id),
    ),
    /** Deletes photos one by one; answers the ids that could not be deleted. */
    deletePhotos: fromPromise<string[], { ports: ReturnsPorts; ids: string[] }>(
      async ({ input }) => {
        const failed: string[] = [];
        for (const id of input.ids) {
          const result = await input.ports.deletePhoto(id).catch(() => null);
          if (!result?.isSuccess) failed.push(id);
        }
        return failed;
      },
    ),
    acceptReturn: fromPromise<
      CallResult<TReturnAccepted>,
      { ports: ReturnsPorts; payload: TReturnPayload[]; operationId: string }
    >(({ input }) =>
      input.ports.acceptReturn({ payload: input.payload, operationId: input.operationId }),
    ),
  },
  actions: {
    /**
     * The prompt's error line and its toast (with the error sound). Written out, not the shell's
     * showErrorAction: with it here TypeScript no longer infers the params of the actions below.
     */
    showError: enqueueActions(({ context, enqueue }, error: ReturnsError) => {
      enqueue.assign({ error });
      const { ports } = context;
      enqueue(() => ports.notifyError(error));
    }),
    clearError: assign({ error: null }),
    setComment: assign({
      comment: ({ event }) => (event.type === 'COMMENT_CHANGED' ? event.text : ''),
    }),
    dropFirst: assign({ queue: ({ context }) => context.queue.slice(1) }),
    clearQueue: assign({ queue: [] }),
    /** The cleared flow after the parcel: back to the scan screen. */
    resetFlow: assign(() => emptyFlow()),
    discardAll: assign({
      discard: ({ context }) => heldPhotos(context).map((photo) => photo.id),
      after: 'restart' as const,
    }),
    markDeleting: assign({
      deleting: ({ event }) => (event.type === 'PHOTO_DELETE' ? event.id : null),
    }),
    setProgress: assign({
      queue: ({ context, event }) =>
        event.type === 'UPLOAD_PROGRESS'
          ? context.queue.map((queued, index) =>
              index === 0 ? { ...queued, progress: event.fraction } : queued,
            )
          : context.queue,
    }),
    addUploaded: assign(({ context, event }, params: { step: PhotoStep }) => {
      if (event.type !== 'UPLOAD_DONE' || !event.result.operationObject) return {};
      return {
        photos: {
          ...context.photos,
          [params.step]: [...context.photos[params.step], event.result.operationObject],
        },
        queue: context.queue.slice(1),
      };
    }),
    removeDeleted: assign(({ context }, params: { step: PhotoStep }) => ({
      photos: {
        ...context.photos,
        [params.step]: context.photos[params.step].filter((photo) => photo.id !== context.deleting),
      },
    })),
    pickItem: assign(({ context, event }) => {
      if (event.type !== 'ITEM_PICKED') return {};
      const item = context.items.find((candidate) => candidate.code === event.code) ?? null;
      if (item?.code === context.item?.code) return { item };
      return { item, quantity: 1, reasonCode: null, problem: null, comment: '' };
    }),
    chooseReason: assign(({ context, event }) => {
      if (event.type !== 'REASON_CHOSEN') return {};
      if (event.code === context.reasonCode) return {};
      return { reasonCode: event.code, problem: null, comment: '' };
    }),
    dropDiscarded: assign({
      photos: ({ context }) => {
        const gone = new Set(context.discard);
        return {
          documents: context.photos.documents.filter((photo) => !gone.has(photo.id)),
          act: context.photos.act.filter((photo) => !gone.has(photo.id)),
          invoice: context.photos.invoice.filter((photo) => !gone.has(photo.id)),
          package: context.photos.package.filter((photo) => !gone.has(photo.id)),
        };
      },
      discard: [],
    }),
    /** Chosen files join the queue; a file over the limit is refused before any upload. */
    enqueuePhotos: enqueueActions(({ context, event, enqueue }, params: { step: PhotoStep }) => {
      if (event.type !== 'PHOTOS_CHOSEN') return;
      const { step } = params;
      let key = context.nextKey;
      const added: QueuedPhoto[] = [];
      for (const file of event.files) {
        if (file.size > RETURN_PHOTO_MAX_BYTES) {
          const error: ReturnsError = { code: 'f-0007', fileName: file.name, message: null };
          enqueue.assign({ error });
          enqueue(() => context.ports.notifyError(error));
          continue;
        }
        added.push({ key: key++, step, file, progress: 0 });
      }
      enqueue.assign({ queue: [...context.queue, ...added], nextKey: key });
    }),
  },
});
