import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import {
  REASON_ENABLED,
  RETURN_PHOTO_MAX_BYTES,
  returnCostOf,
  type TReturnAccepted,
  type TReturnItem,
  type TReturnPayload,
  type TReturnPhoto,
  type TReturnReasonCode,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { ApiResult } from '../../lib/api-client';

/**
 * The returns screen (spec part 1 §2 "Returns", §3 "Return flow data", §4 "Returns", §8
 * f-0001…f-0010). Top-level states are the screens of §4: ScanRetunedPackage (the spec's
 * spelling) → SelectReturnCount (only for more than one unit) → SelectReturnReason → the
 * reason's steps → ConfirmReturnPackage. Calls, navigation and sounds are ports of the input,
 * so the machine runs under `createActor` with no DOM. Decisions: docs/DECISIONS.md
 * "Returns (screen)".
 */

/** What the machine reads of a call's answer: the API client's `ApiResult`, casing-free. */
export type CallResult<T> = Pick<
  ApiResult<T>,
  'isSuccess' | 'message' | 'errorCode' | 'operationObject' | 'status'
>;

/**
 * f-codes of the returns catalogue (spec part 1 §8; meanings in returns-shared / DECISIONS):
 * f-0001 policies call failed, f-0002 parcel not found, f-0003 nothing left to return, f-0004
 * not a parcel barcode, f-0005 upload failed, f-0006 not an image, f-0007 too large, f-0008 too
 * many photos, f-0009 delete failed, f-0010 return refused or failed.
 */
export type ReturnsCode =
  | 'f-0001'
  | 'f-0002'
  | 'f-0003'
  | 'f-0004'
  | 'f-0005'
  | 'f-0006'
  | 'f-0007'
  | 'f-0008'
  | 'f-0009'
  | 'f-0010';

/** An error of the prompt area and its toast; `message` is the server's text when it gave one. */
export interface ReturnsError {
  code: ReturnsCode;
  barcode?: string;
  fileName?: string;
  message?: string | null;
}

/** The photo steps of §4: manufacturing defect (documents, package), damage (act, invoice, package). */
export type PhotoStep = 'documents' | 'act' | 'invoice' | 'package';
export const PHOTO_STEPS: readonly PhotoStep[] = ['documents', 'act', 'invoice', 'package'];

/** Spec part 1 §4: the photo steps each reason walks through, in order. */
export const PHOTO_STEPS_OF: Record<TReturnReasonCode, readonly PhotoStep[]> = {
  another_reason: [],
  damage_item: [],
  oversort: [],
  fake: [],
  manufacturing_defects: ['documents', 'package'],
  damaged: ['act', 'invoice', 'package'],
};

/** OversortOrShortage: which of the two the worker found. */
export type Problem = 'oversort' | 'shortage';

/** A chosen photo file (a browser File; only what the machine reads). */
export interface PhotoFile {
  readonly name: string;
  readonly size: number;
}

/** A photo waiting for its upload or being uploaded; `progress` 0…1. */
export interface QueuedPhoto {
  key: number;
  step: PhotoStep;
  file: PhotoFile;
  progress: number;
}

export interface UploadPhotoInput {
  barcode: string;
  file: PhotoFile;
  /** Upload progress 0…1 (XMLHttpRequest upload events). */
  onProgress(fraction: number): void;
  signal: AbortSignal;
}

/** What the screen talks to: the calls, the worker's feedback and the router. */
export interface ReturnsPorts {
  loadPolicies(input: {
    warehouseCode: string;
    barcode: string;
  }): Promise<CallResult<TReturnItem[]>>;
  uploadPhoto(input: UploadPhotoInput): Promise<CallResult<TReturnPhoto>>;
  deletePhoto(id: string): Promise<CallResult<boolean>>;
  acceptReturn(input: {
    payload: TReturnPayload[];
    operationId: string;
  }): Promise<CallResult<TReturnAccepted>>;
  createOperationId(): string;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: ReturnsError): void;
  /** The return went through: ok toast and ok sound. */
  notifyAccepted(accepted: { barcode: string; name: string; quantity: number }): void;
  /** Spec part 1 §2: after a return is accepted the user is sent to /sorting. */
  navigateToSorting(): void;
}

export interface ReturnsInput {
  ports: ReturnsPorts;
  /** The session user's default warehouse (policies' warehouseCode). */
  warehouseCode: string | null;
}

/** What the flow goes on with after photos were deleted. */
type AfterDiscard = 'restart' | 'item' | 'reason';

export interface ReturnsContext {
  ports: ReturnsPorts;
  warehouseCode: string;
  barcode: string | null;
  items: TReturnItem[];
  item: TReturnItem | null;
  quantity: number;
  reasonCode: TReturnReasonCode | null;
  problem: Problem | null;
  comment: string;
  photos: Record<PhotoStep, TReturnPhoto[]>;
  queue: QueuedPhoto[];
  nextKey: number;
  /** The photo being deleted (the last one asked for). */
  deleting: string | null;
  /** Photos to delete before going on (`after`). */
  discard: string[];
  after: AfterDiscard;
  /** X-Operation-Id of the return being sent; kept across a retry of the same attempt. */
  operationId: string | null;
  error: ReturnsError | null;
}

export type ReturnsEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'ITEM_PICKED'; code: string }
  | { type: 'COUNT_CHOSEN'; count: number }
  | { type: 'REASON_CHOSEN'; code: TReturnReasonCode }
  | { type: 'PROBLEM_CHOSEN'; problem: Problem }
  | { type: 'COMMENT_CHANGED'; text: string }
  | { type: 'PHOTOS_CHOSEN'; files: readonly PhotoFile[] }
  | { type: 'PHOTO_DELETE'; id: string }
  | { type: 'UPLOAD_PROGRESS'; key: number; fraction: number }
  | { type: 'UPLOAD_DONE'; key: number; result: CallResult<TReturnPhoto> }
  | { type: 'UPLOAD_FAILED'; key: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRMED' };

const NO_PHOTOS: Record<PhotoStep, TReturnPhoto[]> = {
  documents: [],
  act: [],
  invoice: [],
  package: [],
};

/** Refusal codes of the photo call (returns-shared.md). */
const PHOTO_NOT_IMAGE = 415;
const PHOTO_TOO_LARGE = 413;
const TOO_MANY_PHOTOS = 429;
const PARCEL_NOT_FOUND = 404;

/** True when a reason may be chosen for the item (disableCode 1). */
export function isReasonEnabled(item: TReturnItem | null, code: TReturnReasonCode): boolean {
  return (
    item?.reasons.some((reason) => reason.code === code && reason.disableCode === REASON_ENABLED) ??
    false
  );
}

/** The items that still have something to return. */
export function returnableItems(items: readonly TReturnItem[]): TReturnItem[] {
  return items.filter((item) => item.quantityAvailable > 0);
}

/** Every photo held by the flow. */
export function heldPhotos(context: Pick<ReturnsContext, 'photos'>): TReturnPhoto[] {
  return PHOTO_STEPS.flatMap((step) => context.photos[step]);
}

/** The cost of the return as chosen (spec part 1 §3: 1 for manufacturing defects). */
export function returnCostOfContext(context: ReturnsContext): number {
  if (!context.item || !context.reasonCode) return 0;
  return returnCostOf(context.item, context.quantity, context.reasonCode);
}

/** The `return2` payload of the flow: one line, the photos of the reason's steps. */
export function payloadOf(context: ReturnsContext): TReturnPayload[] {
  const { item, reasonCode, barcode } = context;
  if (!item || !reasonCode || !barcode) return [];
  return [
    {
      code: item.code,
      barcode,
      quantity: context.quantity,
      reasonCode,
      // OversortOrShortage's choice as its code word (docs/DECISIONS.md "Returns (screen)").
      reasonComment: reasonCode === 'oversort' ? (context.problem ?? '') : '',
      comment: context.comment.trim(),
      returnCost: returnCostOf(item, context.quantity, reasonCode),
      imagesIds: PHOTO_STEPS_OF[reasonCode].flatMap((step) =>
        context.photos[step].map((photo) => photo.id),
      ),
    },
  ];
}

/** Photos of steps the reason does not walk through (they go when the reason changes). */
function photosOutside(context: ReturnsContext, reasonCode: TReturnReasonCode): string[] {
  const kept = PHOTO_STEPS_OF[reasonCode];
  return PHOTO_STEPS.filter((step) => !kept.includes(step)).flatMap((step) =>
    context.photos[step].map((photo) => photo.id),
  );
}

type Args = { context: ReturnsContext };
type DoneEvent<T> = { output: CallResult<T> };

const isOk = ({ event }: { event: DoneEvent<unknown> }) =>
  event.output.isSuccess && event.output.operationObject !== null;

const hasPhotos = ({ context }: Args) => heldPhotos(context).length > 0;

/**
 * Cancel (§4 "back/cancel at any step"): the flow's photos are deleted (none: nothing to do),
 * then a new scan.
 */
const cancelFlow = { target: '#returns.discarding', actions: 'discardAll' as const };

/** Back from the first screen after the item: several returnable items → the list, else cancel. */
const backToItems = [
  {
    guard: ({ context }: Args) => returnableItems(context.items).length > 1,
    target: '#returns.ScanRetunedPackage.pickItem',
  },
  cancelFlow,
];

const showError = (code: ReturnsCode) => ({
  type: 'showError' as const,
  params: { code, message: null },
});

/** One photo step: pick photos (camera or files), upload one by one, delete one by one. */
function photoStep(step: PhotoStep, next: string, back: string) {
  const hasStepPhotos = ({ context }: Args) => context.photos[step].length > 0;
  const forCurrent = ({ context, event }: { context: ReturnsContext; event: { key: number } }) =>
    context.queue[0]?.key === event.key;
  const resultIs =
    (code: number) =>
    ({ context, event }: { context: ReturnsContext; event: ReturnsEvent }) =>
      event.type === 'UPLOAD_DONE' &&
      context.queue[0]?.key === event.key &&
      !event.result.isSuccess &&
      Number(event.result.errorCode) === code;
  const uploadError = (code: ReturnsCode) => ({
    type: 'showError' as const,
    params: ({ context, event }: { context: ReturnsContext; event: ReturnsEvent }) => ({
      code,
      fileName: context.queue[0]?.file.name ?? '',
      message: event.type === 'UPLOAD_DONE' ? event.result.message : null,
    }),
  });
  return {
    initial: 'idle' as const,
    on: { PHOTOS_CHOSEN: { actions: { type: 'enqueuePhotos' as const, params: { step } } } },
    states: {
      idle: {
        always: { guard: ({ context }: Args) => context.queue.length > 0, target: 'uploading' },
        on: {
          PHOTO_DELETE: {
            guard: ({ context, event }: { context: ReturnsContext; event: { id: string } }) =>
              context.photos[step].some((photo) => photo.id === event.id),
            target: 'deleting',
            actions: 'markDeleting' as const,
          },
          // A step needs at least one photo (RETURN_PHOTOS_REQUIRED: one per photo step).
          NEXT: { guard: hasStepPhotos, target: next },
          BACK: back,
          CANCEL: cancelFlow,
        },
        exit: 'clearError' as const,
      },
      /** One upload at a time; the rest of the queue waits (spec §4: one by one). */
      uploading: {
        tags: ['uploading'],
        invoke: {
          src: 'uploadPhoto' as const,
          input: ({ context }: Args) => ({
            ports: context.ports,
            barcode: context.barcode ?? '',
            photo: context.queue[0] as QueuedPhoto,
          }),
        },
        on: {
          UPLOAD_PROGRESS: {
            guard: forCurrent,
            actions: 'setProgress' as const,
          },
          UPLOAD_DONE: [
            {
              guard: ({ context, event }: { context: ReturnsContext; event: ReturnsEvent }) =>
                event.type === 'UPLOAD_DONE' &&
                context.queue[0]?.key === event.key &&
                event.result.isSuccess &&
                event.result.operationObject !== null,
              target: 'idle',
              actions: { type: 'addUploaded' as const, params: { step } },
            },
            {
              // Too many photos for the parcel: the rest of the queue would be refused too.
              guard: resultIs(TOO_MANY_PHOTOS),
              target: 'idle',
              actions: [uploadError('f-0008'), 'clearQueue' as const],
            },
            {
              guard: resultIs(PHOTO_NOT_IMAGE),
              target: 'idle',
              actions: [uploadError('f-0006'), 'dropFirst' as const],
            },
            {
              guard: resultIs(PHOTO_TOO_LARGE),
              target: 'idle',
              actions: [uploadError('f-0007'), 'dropFirst' as const],
            },
            {
              guard: forCurrent,
              target: 'idle',
              actions: [uploadError('f-0005'), 'dropFirst' as const],
            },
          ],
          UPLOAD_FAILED: {
            guard: forCurrent,
            target: 'idle',
            actions: [uploadError('f-0005'), 'dropFirst' as const],
          },
        },
      },
      /** DELETE of one photo; a failure keeps it in the gallery (f-0009). */
      deleting: {
        tags: ['busy'],
        invoke: {
          src: 'deletePhoto' as const,
          input: ({ context }: Args) => ({ ports: context.ports, id: context.deleting ?? '' }),
          onDone: [
            {
              guard: isOk,
              target: 'idle',
              actions: { type: 'removeDeleted' as const, params: { step } },
            },
            {
              target: 'idle',
              actions: {
                type: 'showError' as const,
                params: ({ event }: { event: DoneEvent<unknown> }) => ({
                  code: 'f-0009' as const,
                  message: event.output.message,
                }),
              },
            },
          ],
          onError: { target: 'idle', actions: showError('f-0009') },
        },
      },
    },
  };
}

/** The comment step that ends the photo steps. */
function commentStep(back: string) {
  return {
    on: {
      COMMENT_CHANGED: { actions: 'setComment' as const },
      NEXT: '#returns.ConfirmReturnPackage',
      BACK: back,
      CANCEL: cancelFlow,
    },
  };
}

export const returnsMachine = setup({
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
      input.ports.loadPolicies({ warehouseCode: input.warehouseCode, barcode: input.barcode }),
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
    /** The prompt's error line and its toast (with the error sound). */
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
    resetFlow: assign({
      barcode: null,
      items: [],
      item: null,
      quantity: 1,
      reasonCode: null,
      problem: null,
      comment: '',
      photos: { ...NO_PHOTOS },
      queue: [],
      discard: [],
      operationId: null,
    }),
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
}).createMachine({
  id: 'returns',
  initial: 'ScanRetunedPackage',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode ?? '',
    barcode: null,
    items: [],
    item: null,
    quantity: 1,
    reasonCode: null,
    problem: null,
    comment: '',
    photos: { ...NO_PHOTOS },
    queue: [],
    nextKey: 1,
    deleting: null,
    discard: [],
    after: 'restart',
    operationId: null,
    error: null,
  }),
  states: {
    /** Scan (or type in the scan panel) the parcel barcode; its policies; pick an item. */
    ScanRetunedPackage: {
      initial: 'waitScan',
      states: {
        waitScan: {
          on: {
            SCANNED: [
              // A stray Enter is no scan.
              { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
              {
                guard: ({ event }) => recognizeBarcode(event.text).type === 'parcel',
                target: 'loading',
                actions: assign({
                  barcode: ({ event }) => recognizeBarcode(event.text).raw,
                  error: null,
                }),
              },
              {
                // Spec §8 f-0004: a cell, user, box, acceptance report, URL… is no parcel.
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({
                    code: 'f-0004',
                    barcode: recognizeBarcode(event.text).raw,
                  }),
                },
              },
            ],
          },
        },
        /** POST /returns-api/return/policies for the one parcel. */
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadPolicies',
            input: ({ context }) => ({
              ports: context.ports,
              warehouseCode: context.warehouseCode,
              barcode: context.barcode ?? '',
            }),
            onDone: [
              {
                guard: ({ event }) =>
                  isOk({ event }) &&
                  returnableItems(event.output.operationObject ?? []).length === 0,
                target: 'waitScan',
                actions: [
                  {
                    type: 'showError',
                    params: ({ context }) => ({ code: 'f-0003', barcode: context.barcode ?? '' }),
                  },
                  assign({ barcode: null }),
                ],
              },
              {
                // One item to return: it is the item (nothing to choose).
                guard: ({ event }) =>
                  isOk({ event }) &&
                  returnableItems(event.output.operationObject ?? []).length === 1,
                target: '#returns.routeItem',
                actions: assign({
                  items: ({ event }) => event.output.operationObject ?? [],
                  item: ({ event }) =>
                    returnableItems(event.output.operationObject ?? [])[0] ?? null,
                }),
              },
              {
                guard: isOk,
                target: 'pickItem',
                actions: assign({ items: ({ event }) => event.output.operationObject ?? [] }),
              },
              {
                guard: ({ event }) => Number(event.output.errorCode) === PARCEL_NOT_FOUND,
                target: 'waitScan',
                actions: [
                  {
                    type: 'showError',
                    params: ({ context, event }) => ({
                      code: 'f-0002',
                      barcode: context.barcode ?? '',
                      message: event.output.message,
                    }),
                  },
                  assign({ barcode: null }),
                ],
              },
              {
                target: 'waitScan',
                actions: [
                  {
                    type: 'showError',
                    params: ({ event }) => ({ code: 'f-0001', message: event.output.message }),
                  },
                  assign({ barcode: null }),
                ],
              },
            ],
            onError: {
              target: 'waitScan',
              actions: [showError('f-0001'), assign({ barcode: null })],
            },
          },
        },
        /** Several items in the parcel: the worker picks the one being returned. */
        pickItem: {
          on: {
            ITEM_PICKED: [
              {
                guard: ({ context, event }) =>
                  !returnableItems(context.items).some((item) => item.code === event.code),
              },
              {
                // Photos of another item's return are not this one's.
                guard: ({ context, event }) =>
                  hasPhotos({ context }) && context.item?.code !== event.code,
                target: '#returns.discarding',
                actions: [
                  'pickItem',
                  assign({
                    discard: ({ context }) => heldPhotos(context).map((photo) => photo.id),
                    after: 'item' as const,
                  }),
                ],
              },
              { target: '#returns.routeItem', actions: 'pickItem' },
            ],
            // Another parcel: only while no photos are held (they belong to this one).
            SCANNED: {
              guard: ({ context, event }) =>
                !hasPhotos({ context }) && recognizeBarcode(event.text).type === 'parcel',
              target: 'loading',
              actions: [
                'resetFlow',
                assign({ barcode: ({ event }) => recognizeBarcode(event.text).raw }),
              ],
            },
            BACK: cancelFlow,
            CANCEL: cancelFlow,
          },
          exit: 'clearError',
        },
      },
    },

    /** A count above 1 goes to count selection first (spec §4). */
    routeItem: {
      always: [
        {
          guard: ({ context }) => (context.item?.quantityAvailable ?? 0) > 1,
          target: 'SelectReturnCount',
        },
        { target: 'SelectReturnReason', actions: assign({ quantity: 1 }) },
      ],
    },

    /** How many of the item's units come back (1 … quantityAvailable). */
    SelectReturnCount: {
      on: {
        COUNT_CHOSEN: {
          guard: ({ context, event }) =>
            Number.isInteger(event.count) &&
            event.count >= 1 &&
            event.count <= (context.item?.quantityAvailable ?? 0),
          target: 'SelectReturnReason',
          actions: assign({ quantity: ({ event }) => event.count }),
        },
        BACK: backToItems,
        CANCEL: cancelFlow,
      },
    },

    /** All reasons with title and description; disableCode 2 shown but not selectable. */
    SelectReturnReason: {
      on: {
        REASON_CHOSEN: [
          { guard: ({ context, event }) => !isReasonEnabled(context.item, event.code) },
          {
            guard: ({ context, event }) => photosOutside(context, event.code).length > 0,
            target: 'discarding',
            actions: [
              'chooseReason',
              assign({
                discard: ({ context, event }) => photosOutside(context, event.code),
                after: 'reason' as const,
              }),
            ],
          },
          { target: 'routeReason', actions: 'chooseReason' },
        ],
        BACK: [
          {
            guard: ({ context }) => (context.item?.quantityAvailable ?? 0) > 1,
            target: 'SelectReturnCount',
          },
          ...backToItems,
        ],
        CANCEL: cancelFlow,
      },
    },

    /** Spec §4: reason to screen. */
    routeReason: {
      always: [
        {
          guard: ({ context }) => context.reasonCode === 'another_reason',
          target: 'CheckQualityReturn',
        },
        {
          guard: ({ context }) => context.reasonCode === 'oversort',
          target: 'OversortOrShortage',
        },
        {
          guard: ({ context }) => context.reasonCode === 'manufacturing_defects',
          target: 'ManufacturingDefect',
        },
        { guard: ({ context }) => context.reasonCode === 'damaged', target: 'PackDamage' },
        // damage_item and fake go straight to the confirmation.
        { target: 'ConfirmReturnPackage' },
      ],
    },

    /** another_reason: the worker says what is wrong (required: "another" says nothing). */
    CheckQualityReturn: {
      on: {
        COMMENT_CHANGED: { actions: 'setComment' },
        NEXT: {
          guard: ({ context }) => context.comment.trim() !== '',
          target: 'ConfirmReturnPackage',
        },
        BACK: 'SelectReturnReason',
        CANCEL: cancelFlow,
      },
    },

    /** oversort: oversort or shortage, and a comment. */
    OversortOrShortage: {
      on: {
        PROBLEM_CHOSEN: { actions: assign({ problem: ({ event }) => event.problem }) },
        COMMENT_CHANGED: { actions: 'setComment' },
        NEXT: { guard: ({ context }) => context.problem !== null, target: 'ConfirmReturnPackage' },
        BACK: 'SelectReturnReason',
        CANCEL: cancelFlow,
      },
    },

    /** manufacturing_defects: documents photo, package photo, comment. */
    ManufacturingDefect: {
      initial: 'documentsPhoto',
      states: {
        documentsPhoto: photoStep(
          'documents',
          '#returns.ManufacturingDefect.packagePhoto',
          '#returns.SelectReturnReason',
        ),
        packagePhoto: photoStep(
          'package',
          '#returns.ManufacturingDefect.comment',
          '#returns.ManufacturingDefect.documentsPhoto',
        ),
        comment: commentStep('#returns.ManufacturingDefect.packagePhoto'),
      },
    },

    /** damaged: act photo, invoice photo, package photo, comment. */
    PackDamage: {
      initial: 'actPhoto',
      states: {
        actPhoto: photoStep(
          'act',
          '#returns.PackDamage.invoicePhoto',
          '#returns.SelectReturnReason',
        ),
        invoicePhoto: photoStep(
          'invoice',
          '#returns.PackDamage.packagePhoto',
          '#returns.PackDamage.actPhoto',
        ),
        packagePhoto: photoStep(
          'package',
          '#returns.PackDamage.comment',
          '#returns.PackDamage.invoicePhoto',
        ),
        comment: commentStep('#returns.PackDamage.packagePhoto'),
      },
    },

    /** The summary with the cost; `return2` with one X-Operation-Id per attempt. */
    ConfirmReturnPackage: {
      initial: 'idle',
      entry: assign({ operationId: ({ context }) => context.ports.createOperationId() }),
      exit: assign({ operationId: null }),
      states: {
        idle: {
          on: {
            CONFIRMED: 'sending',
            BACK: [
              {
                guard: ({ context }) => context.reasonCode === 'another_reason',
                target: '#returns.CheckQualityReturn',
              },
              {
                guard: ({ context }) => context.reasonCode === 'oversort',
                target: '#returns.OversortOrShortage',
              },
              {
                guard: ({ context }) => context.reasonCode === 'manufacturing_defects',
                target: '#returns.ManufacturingDefect.comment',
              },
              {
                guard: ({ context }) => context.reasonCode === 'damaged',
                target: '#returns.PackDamage.comment',
              },
              { target: '#returns.SelectReturnReason' },
            ],
            CANCEL: cancelFlow,
          },
          exit: 'clearError',
        },
        sending: {
          tags: ['busy'],
          invoke: {
            src: 'acceptReturn',
            input: ({ context }) => ({
              ports: context.ports,
              payload: payloadOf(context),
              operationId: context.operationId ?? '',
            }),
            onDone: [
              {
                guard: isOk,
                target: '#returns.accepted',
                actions: ({ context }) => {
                  context.ports.notifyAccepted({
                    barcode: context.barcode ?? '',
                    name: context.item?.name ?? '',
                    quantity: context.quantity,
                  });
                  context.ports.navigateToSorting();
                },
              },
              {
                // No answer of ours (proxy, database down): the same attempt may be sent again.
                guard: ({ event }) => event.output.status >= 500,
                target: 'idle',
                actions: {
                  type: 'showError',
                  params: ({ event }) => ({ code: 'f-0010', message: event.output.message }),
                },
              },
              {
                // Refused: nothing changed; the next try is a new attempt.
                target: 'idle',
                actions: [
                  {
                    type: 'showError',
                    params: ({ event }) => ({ code: 'f-0010', message: event.output.message }),
                  },
                  assign({ operationId: ({ context }) => context.ports.createOperationId() }),
                ],
              },
            ],
            // The answer was lost: the retry reuses the operation id (IsRepeat if it went through).
            onError: { target: 'idle', actions: showError('f-0010') },
          },
        },
      },
    },

    /** Deleting the photos the flow no longer needs (cancel, another item or reason). */
    discarding: {
      tags: ['busy'],
      invoke: {
        src: 'deletePhotos',
        input: ({ context }) => ({ ports: context.ports, ids: context.discard }),
        onDone: [
          {
            guard: ({ context, event }) => context.after === 'restart' && event.output.length > 0,
            target: 'ScanRetunedPackage',
            actions: [showError('f-0009'), 'resetFlow'],
          },
          {
            guard: ({ context }) => context.after === 'restart',
            target: 'ScanRetunedPackage',
            actions: 'resetFlow',
          },
          {
            guard: ({ event }) => event.output.length > 0,
            target: 'afterDiscard',
            actions: [showError('f-0009'), 'dropDiscarded'],
          },
          { target: 'afterDiscard', actions: 'dropDiscarded' },
        ],
      },
    },

    afterDiscard: {
      always: [
        { guard: ({ context }) => context.after === 'item', target: 'routeItem' },
        { target: 'routeReason' },
      ],
    },

    /** The return went through; the page has been sent to /sorting. */
    accepted: { type: 'final' },
  },
});

export type ReturnsMachine = typeof returnsMachine;
