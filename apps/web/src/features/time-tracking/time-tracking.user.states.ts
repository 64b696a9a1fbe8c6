import { assign } from 'xstate';
import {
  TIME_TRACKING_ERROR_CODES,
  WORKPLACE_TOGGLE_STATUS,
  type TWorkplaceToggleResult,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import { isCallOk } from '../../shell/machine/call-feedback';
import { selectedWorkplace, type TimeTrackingContext } from './time-tracking.model';
import {
  deniedToNoAccess,
  refusedWorkplaceOf,
  scannedWorkplaceOf,
  showCallError,
  showError,
  timeTrackingSetup,
  type DoneEvent,
} from './time-tracking.setup';

// The time tracking screen's user step (spec part 1 §4 "Time tracking", §5, §7 barcode-scan):
// badges join or leave the chosen workplace, a user is removed after a confirmation; composed
// in time-tracking.machine.ts.

/** The toggle was refused: the workplace is gone meanwhile. */
const isUnknownWorkplace = ({ event }: { event: DoneEvent<unknown> }) =>
  !event.output.isSuccess &&
  Number(event.output.errorCode) === TIME_TRACKING_ERROR_CODES.workplaceNotFound;

function nameOf(context: TimeTrackingContext): string {
  return selectedWorkplace(context)?.Name ?? context.barcode ?? '';
}

/** Scan user badges ('~') to join or leave; another '=' scan switches the workplace. */
const waitUserState = timeTrackingSetup.createStateConfig({
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
          barcode: ({ context, event }) => scannedWorkplaceOf(context, event) ?? context.barcode,
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
});

/** Spec part 1 §7 barcode-scan: Status 1 joined, otherwise left. */
const togglingState = timeTrackingSetup.createStateConfig({
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
});

/** Removing a user needs a confirmation (ux.md: only what cannot be undone). */
const confirmRemoveState = timeTrackingSetup.createStateConfig({
  on: {
    CONFIRMED: 'removing',
    CANCELLED: { target: 'waitUser', actions: assign({ removal: null }) },
  },
});

const removingState = timeTrackingSetup.createStateConfig({
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
});

export const userStates = {
  waitUser: waitUserState,
  toggling: togglingState,
  confirmRemove: confirmRemoveState,
  removing: removingState,
};
