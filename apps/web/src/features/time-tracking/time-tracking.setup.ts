import { assign, fromPromise, setup } from 'xstate';
import {
  TIME_TRACKING_ERROR_CODES,
  type TWorkplace,
  type TWorkplaceLeaveResult,
  type TWorkplaceToggleResult,
} from '@sorting/contracts';
import { showErrorAction } from '../../shell/machine/call-feedback';
import {
  isAccessDenied,
  workplaceScanOf,
  type CallResult,
  type LeaveInput,
  type ScanBadgeInput,
  type TimeTrackingCode,
  type TimeTrackingContext,
  type TimeTrackingError,
  type TimeTrackingEvent,
  type TimeTrackingInput,
  type TimeTrackingPorts,
} from './time-tracking.model';

// The time tracking machine's setup (its calls, shared actions) and the transition helpers its
// step files share; the steps are composed in time-tracking.machine.ts.

/** A refused or failed call's error: 104 is the unknown workplace, else the call's own code. */
export function callErrorOf(
  result: CallResult<unknown>,
  code: TimeTrackingCode,
  barcode: string | null,
): TimeTrackingError {
  if (Number(result.errorCode) === TIME_TRACKING_ERROR_CODES.workplaceNotFound)
    return { code: 'f-011', barcode: barcode ?? '', message: null };
  return { code, message: result.message };
}

export type DoneEvent<T> = { output: CallResult<T> };

export const isDenied = ({ event }: { event: DoneEvent<unknown> }) => isAccessDenied(event.output);
const DENIED: TimeTrackingError = { code: 'f-007', message: null };

export type ScanArgs = { context: TimeTrackingContext; event: { text: string } };

/** The workplace barcode a scan chooses, or null when it chooses none. */
export function scannedWorkplaceOf(
  context: TimeTrackingContext,
  event: { text: string },
): string | null {
  const scan = workplaceScanOf(event.text, context.workplaces);
  return scan.kind === 'workplace' ? scan.barcode : null;
}

/** Why a scan chooses no workplace (f-008 or f-011). */
export function refusedWorkplaceOf({ context, event }: ScanArgs): TimeTrackingError {
  const scan = workplaceScanOf(event.text, context.workplaces);
  return scan.kind === 'refused' ? scan.error : { code: 'f-008' };
}

/** Spec part 1 §6: HTTP 401 or 403 leads to the no-access screen (f-007). */
export const deniedToNoAccess = () => ({
  guard: isDenied,
  target: 'noAccess',
  actions: { type: 'showError' as const, params: DENIED },
});

/** The error line of an f-code that has nothing to add (the call did not answer). */
export const showError = (code: TimeTrackingCode) => ({
  type: 'showError' as const,
  params: { code, message: null },
});

/** A refused call's error line: its f-code, or f-011 for an unknown workplace. */
export const showCallError = (code: TimeTrackingCode) => ({
  type: 'showError' as const,
  params: ({ context, event }: { context: TimeTrackingContext; event: DoneEvent<unknown> }) =>
    callErrorOf(event.output, code, context.barcode),
});

/** The workplaces could not be read (f-001), with the server's message. */
export const showLoadError = () => ({
  type: 'showError' as const,
  params: ({ event }: { event: DoneEvent<unknown> }) => ({
    code: 'f-001' as const,
    message: event.output.message,
  }),
});

/** GET Workplaces: the workplaces and who is at them, read first and after each change. */
export const readingWorkplaces = {
  src: 'loadWorkplaces' as const,
  input: ({ context }: { context: TimeTrackingContext }) => ({ ports: context.ports }),
};

export type WorkplacesRead = { context: TimeTrackingContext; event: DoneEvent<TWorkplace[]> };

/** The workplaces a read answered (none when it answered no list). */
export const workplacesOf = ({ event }: Pick<WorkplacesRead, 'event'>) =>
  event.output.operationObject ?? [];

export const timeTrackingSetup = setup({
  types: {
    input: {} as TimeTrackingInput,
    context: {} as TimeTrackingContext,
    events: {} as TimeTrackingEvent,
  },
  actors: {
    loadWorkplaces: fromPromise<CallResult<TWorkplace[]>, { ports: TimeTrackingPorts }>(
      ({ input }) => input.ports.loadWorkplaces(),
    ),
    scanBadge: fromPromise<
      CallResult<TWorkplaceToggleResult>,
      { ports: TimeTrackingPorts; request: ScanBadgeInput }
    >(({ input }) => input.ports.scanBadge(input.request)),
    leave: fromPromise<
      CallResult<TWorkplaceLeaveResult>,
      { ports: TimeTrackingPorts; request: LeaveInput }
    >(({ input }) => input.ports.leave(input.request)),
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<TimeTrackingContext, TimeTrackingEvent, TimeTrackingError>(),
    clearError: assign({ error: null }),
    /** The chosen workplace is gone: none is chosen. */
    forgetWorkplace: assign({ barcode: null }),
    /** The workplaces as a read answered them. */
    keepWorkplaces: assign((_, workplaces: TWorkplace[]) => ({ workplaces })),
  },
});
