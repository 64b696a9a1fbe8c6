import {
  REASON_ENABLED,
  returnCostOf,
  type TReturnAccepted,
  type TReturnItem,
  type TReturnPayload,
  type TReturnPhoto,
  type TReturnReasonCode,
} from '@sorting/contracts';
import type { CallArguments, CallInput, RETURNS_ROUTES } from '@sorting/contracts';
import type { CallResult, FlatCallInput } from '../../lib/api-client';

// The returns machine's types, constants and pure rules (returns.machine.ts).

/** What the machine reads of a call's answer (lib/api-client). */
export type { CallResult };

/**
 * f-codes of the returns catalogue (spec part 1 §8; meanings in returns-shared and
 * docs/DECISIONS.md "Returns"):
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
  /** Spec part 1 §7 `return/policies`: the warehouse and the scanned parcel's barcode. */
  loadPolicies(
    input: FlatCallInput<typeof RETURNS_ROUTES.policies>,
  ): Promise<CallResult<TReturnItem[]>>;
  uploadPhoto(input: UploadPhotoInput): Promise<CallResult<TReturnPhoto>>;
  deletePhoto(id: string): Promise<CallResult<boolean>>;
  /** Spec part 1 §7 `return2`: its body, the payload of each returned item. */
  acceptReturn(
    input: { payload: CallArguments<typeof RETURNS_ROUTES.accept>['body'] } & Pick<
      CallInput<typeof RETURNS_ROUTES.accept>,
      'operationId'
    >,
  ): Promise<CallResult<TReturnAccepted>>;
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
export type AfterDiscard = 'restart' | 'item' | 'reason';

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

/** The flow before a parcel, and after one (resetFlow): nothing scanned, chosen or held. */
export function emptyFlow(): Pick<
  ReturnsContext,
  | 'barcode'
  | 'items'
  | 'item'
  | 'quantity'
  | 'reasonCode'
  | 'problem'
  | 'comment'
  | 'photos'
  | 'queue'
  | 'discard'
  | 'operationId'
> {
  return {
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
  };
}

/** Refusal codes of the photo call (returns-shared.md). */
export const PHOTO_NOT_IMAGE = 415;
export const PHOTO_TOO_LARGE = 413;
export const TOO_MANY_PHOTOS = 429;
export const PARCEL_NOT_FOUND = 404;

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
      // OversortOrShortage's choice as its code word (docs/DECISIONS.md "Returns").
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
export function photosOutside(context: ReturnsContext, reasonCode: TReturnReasonCode): string[] {
  const kept = PHOTO_STEPS_OF[reasonCode];
  return PHOTO_STEPS.filter((step) => !kept.includes(step)).flatMap((step) =>
    context.photos[step].map((photo) => photo.id),
  );
}
