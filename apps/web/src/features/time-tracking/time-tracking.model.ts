import {
  ALL_WORKPLACES_BARCODE,
  type CallArguments,
  type TIME_TRACKING_ROUTES,
  type TWorkplace,
  type TWorkplaceLeaveResult,
  type TWorkplaceToggleResult,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult, CentreCallInput } from '../../lib/api-client';

// The time tracking machine's types and the rules of a scan (spec part 1 §4, §5, §6).

/** What the machine reads of a call's answer (lib/api-client). */
export type { CallResult };

/**
 * f-codes of the time tracking catalogue (spec part 1 §8). f-001 the workplaces did not load,
 * f-002 a badge toggle failed, f-003 a removal failed, f-007 no access (401/403), f-008 no
 * workplace chosen ('=ALL', empty, not a workplace scan), f-009 not a '~' badge, f-010 no
 * workplaces, f-011 unknown workplace.
 */
export type TimeTrackingCode =
  'f-001' | 'f-002' | 'f-003' | 'f-007' | 'f-008' | 'f-009' | 'f-010' | 'f-011';

/** An error of the prompt area and its toast; `message` is the server's text when it gave one. */
export interface TimeTrackingError {
  code: TimeTrackingCode;
  barcode?: string;
  message?: string | null;
}

/** A toggle or removal that went through, for the ok toast. */
export type TimeTrackingNotice =
  | { kind: 'joined'; name: string; workplace: string }
  | { kind: 'left'; name: string; workplace: string }
  | { kind: 'removed'; name: string; workplace: string };

/** A badge scanned at the workplace (`TIME_TRACKING_ROUTES.scanBadge`; its body's UserToken). */
export type ScanBadgeInput = CentreCallInput<typeof TIME_TRACKING_ROUTES.scanBadge> & {
  userToken: CallArguments<typeof TIME_TRACKING_ROUTES.scanBadge>['body']['UserToken'];
};

/** A user taken off the workplace (`TIME_TRACKING_ROUTES.leave`). */
export type LeaveInput = CentreCallInput<typeof TIME_TRACKING_ROUTES.leave>;

/** What the screen talks to: the calls and the worker's feedback. */
export interface TimeTrackingPorts {
  loadWorkplaces(): Promise<CallResult<TWorkplace[]>>;
  scanBadge(input: ScanBadgeInput): Promise<CallResult<TWorkplaceToggleResult>>;
  leave(input: LeaveInput): Promise<CallResult<TWorkplaceLeaveResult>>;
  createOperationId(): string;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: TimeTrackingError): void;
  /** An ok toast with its sound. */
  notifyDone(notice: TimeTrackingNotice): void;
}

export interface TimeTrackingInput {
  ports: TimeTrackingPorts;
}

export interface TimeTrackingContext {
  ports: TimeTrackingPorts;
  workplaces: TWorkplace[];
  /** The barcode of the chosen workplace. */
  barcode: string | null;
  error: TimeTrackingError | null;
  /** The badge being toggled. */
  userToken: string | null;
  /** The user whose removal waits for confirmation or runs. */
  removal: { userId: number; name: string } | null;
}

export type TimeTrackingEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'WORKPLACE_PICKED'; barcode: string }
  | { type: 'CHANGE_WORKPLACE' }
  | { type: 'REMOVE_REQUESTED'; userId: number; name: string }
  | { type: 'CONFIRMED' }
  | { type: 'CANCELLED' }
  | { type: 'RETRY' };

const ACCESS_DENIED_STATUSES = new Set([401, 403]);

/** Spec part 1 §6: HTTP 401 or 403 is the no-access message f-007. */
export function isAccessDenied(result: { status: number }): boolean {
  return ACCESS_DENIED_STATUSES.has(result.status);
}

/** Spec part 1 §4, §5: what a scan means while a workplace is expected. */
export function workplaceScanOf(
  text: string,
  workplaces: readonly TWorkplace[],
): { kind: 'workplace'; barcode: string } | { kind: 'refused'; error: TimeTrackingError } {
  const raw = recognizeBarcode(text).raw;
  // '=ALL' (all workplaces) is no single workplace; an empty value or anything without '='
  // chooses none (f-008).
  if (!raw.startsWith('=') || raw.length < 2 || raw.toUpperCase() === ALL_WORKPLACES_BARCODE)
    return { kind: 'refused', error: { code: 'f-008', barcode: raw } };
  const known = workplaces.find(
    (workplace) => workplace.CellBarcode.toUpperCase() === raw.toUpperCase(),
  );
  return known
    ? { kind: 'workplace', barcode: known.CellBarcode }
    : { kind: 'refused', error: { code: 'f-011', barcode: raw } };
}

/** The selected workplace of the context, or null. */
export function selectedWorkplace(context: TimeTrackingContext): TWorkplace | null {
  return context.workplaces.find((workplace) => workplace.CellBarcode === context.barcode) ?? null;
}
