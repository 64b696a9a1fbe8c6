import {
  PHOTO_NOT_IMAGE,
  PHOTO_TOO_LARGE,
  type PhotoStep,
  type QueuedPhoto,
  type ReturnsCode,
  type ReturnsContext,
  type ReturnsEvent,
  TOO_MANY_PHOTOS,
} from './returns.model';
import { type Args, type DoneEvent, cancelFlow, showError } from './returns.setup';
import { isCallOk } from '../../shell/machine/call-feedback';

// The photo and comment steps of the reasons (spec part 1 §4), composed in returns.machine.ts.

/** One photo step: pick photos (camera or files), upload one by one, delete one by one. */
export function photoStep(step: PhotoStep, next: string, back: string) {
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
              guard: isCallOk,
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
export function commentStep(back: string) {
  return {
    on: {
      COMMENT_CHANGED: { actions: 'setComment' as const },
      NEXT: '#returns.ConfirmReturnPackage',
      BACK: back,
      CANCEL: cancelFlow,
    },
  };
}
