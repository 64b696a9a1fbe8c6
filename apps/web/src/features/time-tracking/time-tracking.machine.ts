import { assign, fromPromise, setup } from 'xstate';
import {
  ALL_WORKPLACES_BARCODE,
  TIME_TRACKING_ERROR_CODES,
  WORKPLACE_TOGGLE_STATUS,
  type CallArguments,
  type TIME_TRACKING_ROUTES,
  type TWorkplace,
  type TWorkplaceLeaveResult,
  type TWorkplaceToggleResult,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult, CentreCallInput } from '../../lib/api-client';
import { isCallOk, showErrorAction } from '../../shell/machine/call-feedback';

/**
 * The time tracking screen (spec part 1 §2, §4 "Time tracking", §5, §8): choose a workplace
 * ('=' scan or the list), then scan badges ('~') to join or leave it, remove a user from it.
 * Calls and effects are ports of the input, so the machine runs under `createActor` with no
 * DOM. Decisions: docs/DECISIONS.md "Users and time tracking".
 */

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

/** A refused or failed call's error: 104 is the unknown workplace, else the call's own code. */
function callErrorOf(
  result: CallResult<unknown>,
  code: TimeTrackingCode,
  barcode: string | null,
): TimeTrackingError {
  if (Number(result.errorCode) === TIME_TRACKING_ERROR_CODES.workplaceNotFound)
    return { code: 'f-011', barcode: barcode ?? '', message: null };
  return { code, message: result.message };
}

type DoneEvent<T> = { output: CallResult<T> };

const isDenied = ({ event }: { event: DoneEvent<unknown> }) => isAccessDenied(event.output);
const isUnknownWorkplace = ({ event }: { event: DoneEvent<unknown> }) =>
  !event.output.isSuccess &&
  Number(event.output.errorCode) === TIME_TRACKING_ERROR_CODES.workplaceNotFound;

const DENIED: TimeTrackingError = { code: 'f-007', message: null };

type ScanArgs = { context: TimeTrackingContext; event: { text: string } };

/** The workplace barcode a scan chooses, or null when it chooses none. */
function scannedWorkplaceOf(context: TimeTrackingContext, event: { text: string }): string | null {
  const scan = workplaceScanOf(event.text, context.workplaces);
  return scan.kind === 'workplace' ? scan.barcode : null;
}

/** Why a scan chooses no workplace (f-008 or f-011). */
function refusedWorkplaceOf({ context, event }: ScanArgs): TimeTrackingError {
  const scan = workplaceScanOf(event.text, context.workplaces);
  return scan.kind === 'refused' ? scan.error : { code: 'f-008' };
}

/** Spec part 1 §6: HTTP 401 or 403 leads to the no-access screen (f-007). */
const deniedToNoAccess = () => ({
  guard: isDenied,
  target: 'noAccess',
  actions: { type: 'showError' as const, params: DENIED },
});

/** The error line of an f-code that has nothing to add (the call did not answer). */
const showError = (code: TimeTrackingCode) => ({
  type: 'showError' as const,
  params: { code, message: null },
});

/** A refused call's error line: its f-code, or f-011 for an unknown workplace. */
const showCallError = (code: TimeTrackingCode) => ({
  type: 'showError' as const,
  params: ({ context, event }: { context: TimeTrackingContext; event: DoneEvent<unknown> }) =>
    callErrorOf(event.output, code, context.barcode),
});

/** The workplaces could not be read (f-001), with the server's message. */
const showLoadError = () => ({
  type: 'showError' as const,
  params: ({ event }: { event: DoneEvent<unknown> }) => ({
    code: 'f-001' as const,
    message: event.output.message,
  }),
});

/** GET Workplaces: the workplaces and who is at them, read first and after each change. */
const readingWorkplaces = {
  src: 'loadWorkplaces' as const,
  input: ({ context }: { context: TimeTrackingContext }) => ({ ports: context.ports }),
};

type WorkplacesRead = { context: TimeTrackingContext; event: DoneEvent<TWorkplace[]> };

/** The workplaces a read answered (none when it answered no list). */
const workplacesOf = ({ event }: Pick<WorkplacesRead, 'event'>) =>
  event.output.operationObject ?? [];

/** The selected workplace of the context, or null. */
export function selectedWorkplace(context: TimeTrackingContext): TWorkplace | null {
  return context.workplaces.find((workplace) => workplace.CellBarcode === context.barcode) ?? null;
}

function nameOf(context: TimeTrackingContext): string {
  return selectedWorkplace(context)?.Name ?? context.barcode ?? '';
}

export const timeTrackingMachine = setup({
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
}).createMachine({
  id: 'timeTracking',
  initial: 'loading',
  context: ({ input }) => ({
    ports: input.ports,
    workplaces: [],
    barcode: null,
    error: null,
    userToken: null,
    removal: null,
  }),
  states: {
    /** The workplaces and who is at them (GET Workplaces). */
    loading: {
      tags: ['busy'],
      invoke: {
        ...readingWorkplaces,
        onDone: [
          deniedToNoAccess(),
          {
            guard: ({ event }: WorkplacesRead) =>
              isCallOk({ event }) && workplacesOf({ event }).length > 0,
            target: 'waitWorkplace',
            actions: { type: 'keepWorkplaces', params: workplacesOf },
          },
          {
            // Spec part 1 §8: no workplaces in this sorting centre (f-010).
            guard: isCallOk,
            target: 'noWorkplaces',
            actions: [{ type: 'keepWorkplaces', params: [] }, showError('f-010')],
          },
          {
            target: 'loadFailed',
            actions: showLoadError(),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: showError('f-001'),
        },
      },
    },

    loadFailed: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },
    noWorkplaces: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },
    noAccess: { on: { RETRY: { target: 'loading', actions: 'clearError' } } },

    /** Scan a workplace ('=' barcode) or pick one from the list. */
    waitWorkplace: {
      on: {
        SCANNED: [
          {
            guard: ({ context, event }) => scannedWorkplaceOf(context, event) !== null,
            target: 'waitUser',
            actions: assign({
              barcode: ({ context, event }) => scannedWorkplaceOf(context, event),
              error: null,
            }),
          },
          {
            actions: { type: 'showError', params: refusedWorkplaceOf },
          },
        ],
        WORKPLACE_PICKED: {
          target: 'waitUser',
          actions: assign({ barcode: ({ event }) => event.barcode, error: null }),
        },
        RETRY: { target: 'loading', actions: 'clearError' },
      },
    },

    /** Scan user badges ('~') to join or leave; another '=' scan switches the workplace. */
    waitUser: {
      on: {
        SCANNED: [
          {
            guard: ({ event }) => recognizeBarcode(event.text).raw.startsWith('~'),
            target: 'toggling',
            actions: assign({
              userToken: ({ event }) => recognizeBarcode(event.text).raw,
              error: null,
            }),
          },
          {
            guard: ({ context, event }) => scannedWorkplaceOf(context, event) !== null,
            actions: assign({
              barcode: ({ context, event }) =>
                scannedWorkplaceOf(context, event) ?? context.barcode,
              error: null,
            }),
          },
          {
            // A '=' scan that is no workplace keeps the current one (f-008 or f-011).
            guard: ({ event }) => recognizeBarcode(event.text).raw.startsWith('='),
            actions: { type: 'showError', params: refusedWorkplaceOf },
          },
          {
            // Spec part 1 §5: a user scan not starting with '~' is refused (f-009).
            actions: {
              type: 'showError',
              params: ({ event }) => ({ code: 'f-009', barcode: recognizeBarcode(event.text).raw }),
            },
          },
        ],
        WORKPLACE_PICKED: {
          actions: assign({ barcode: ({ event }) => event.barcode, error: null }),
        },
        CHANGE_WORKPLACE: {
          target: 'waitWorkplace',
          actions: assign({ barcode: null, error: null }),
        },
        REMOVE_REQUESTED: {
          target: 'confirmRemove',
          actions: assign({
            removal: ({ event }) => ({ userId: event.userId, name: event.name }),
          }),
        },
        RETRY: { target: 'refreshing', actions: 'clearError' },
      },
    },

    /** Spec part 1 §7 barcode-scan: Status 1 joined, otherwise left. */
    toggling: {
      tags: ['busy'],
      invoke: {
        src: 'scanBadge',
        input: ({ context }) => ({
          ports: context.ports,
          request: {
            barcode: context.barcode ?? '',
            userToken: context.userToken ?? '',
            operationId: context.ports.createOperationId(),
          },
        }),
        onDone: [
          deniedToNoAccess(),
          {
            guard: isCallOk,
            target: 'refreshing',
            actions: ({ context, event }) => {
              const result = event.output.operationObject as TWorkplaceToggleResult;
              context.ports.notifyDone({
                kind: result.Status === WORKPLACE_TOGGLE_STATUS.joined ? 'joined' : 'left',
                name: result.FullName,
                workplace: nameOf(context),
              });
            },
          },
          {
            // The workplace is gone meanwhile: the list is read again.
            guard: isUnknownWorkplace,
            target: 'loading',
            actions: [showCallError('f-011'), assign({ barcode: null })],
          },
          {
            target: 'waitUser',
            actions: showCallError('f-002'),
          },
        ],
        onError: {
          target: 'waitUser',
          actions: showError('f-002'),
        },
      },
      exit: assign({ userToken: null }),
    },

    /** Removing a user needs a confirmation (ux.md: only what cannot be undone). */
    confirmRemove: {
      on: {
        CONFIRMED: 'removing',
        CANCELLED: { target: 'waitUser', actions: assign({ removal: null }) },
      },
    },

    removing: {
      tags: ['busy'],
      invoke: {
        src: 'leave',
        input: ({ context }) => ({
          ports: context.ports,
          request: {
            barcode: context.barcode ?? '',
            userId: context.removal?.userId ?? 0,
            operationId: context.ports.createOperationId(),
          },
        }),
        onDone: [
          deniedToNoAccess(),
          {
            guard: isCallOk,
            target: 'refreshing',
            actions: ({ context, event }) =>
              context.ports.notifyDone({
                kind: 'removed',
                name: event.output.operationObject?.FullName ?? context.removal?.name ?? '',
                workplace: nameOf(context),
              }),
          },
          {
            // Refused (not at this workplace any more): the list is read again.
            target: 'refreshing',
            actions: showCallError('f-003'),
          },
        ],
        onError: {
          target: 'waitUser',
          actions: showError('f-003'),
        },
      },
      exit: assign({ removal: null }),
    },

    /** After a change the workplaces are read again (others may have moved meanwhile). */
    refreshing: {
      tags: ['busy'],
      invoke: {
        ...readingWorkplaces,
        onDone: [
          deniedToNoAccess(),
          {
            guard: ({ context, event }: WorkplacesRead) =>
              isCallOk({ event }) &&
              workplacesOf({ event }).some(
                (workplace) => workplace.CellBarcode === context.barcode,
              ),
            target: 'waitUser',
            actions: { type: 'keepWorkplaces', params: workplacesOf },
          },
          {
            // The chosen workplace is gone: choose again.
            guard: isCallOk,
            target: 'loading',
            actions: [
              {
                type: 'showError',
                params: ({ context }: WorkplacesRead) => ({
                  code: 'f-011' as const,
                  barcode: context.barcode ?? '',
                }),
              },
              'forgetWorkplace',
            ],
          },
          {
            target: 'waitUser',
            actions: showLoadError(),
          },
        ],
        onError: {
          target: 'waitUser',
          actions: showError('f-001'),
        },
      },
    },
  },
});

export type TimeTrackingMachine = typeof timeTrackingMachine;

/** The screen states of the page (`data-state`): what the screen waits for. */
export type TimeTrackingScreen =
  | 'loading'
  | 'loadFailed'
  | 'noWorkplaces'
  | 'noAccess'
  | 'waitWorkplace'
  | 'waitUser'
  | 'toggling'
  | 'confirmRemove'
  | 'removing'
  | 'refreshing';
