import { assign } from 'xstate';
import { isCallOk } from '../../shell/machine/call-feedback';
import {
  deniedToNoAccess,
  readingWorkplaces,
  refusedWorkplaceOf,
  scannedWorkplaceOf,
  showError,
  showLoadError,
  timeTrackingSetup,
  workplacesOf,
  type WorkplacesRead,
} from './time-tracking.setup';

// The time tracking screen's workplace step (spec part 1 §4 "Time tracking", §8): the
// workplaces are read (first and after each change), then one is chosen; composed in
// time-tracking.machine.ts.

/** The workplaces and who is at them (GET Workplaces). */
const loadingState = timeTrackingSetup.createStateConfig({
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
});

const loadFailedState = timeTrackingSetup.createStateConfig({
  on: { RETRY: { target: 'loading', actions: 'clearError' } },
});

const noWorkplacesState = timeTrackingSetup.createStateConfig({
  on: { RETRY: { target: 'loading', actions: 'clearError' } },
});

const noAccessState = timeTrackingSetup.createStateConfig({
  on: { RETRY: { target: 'loading', actions: 'clearError' } },
});

/** Scan a workplace ('=' barcode) or pick one from the list. */
const waitWorkplaceState = timeTrackingSetup.createStateConfig({
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
});

/** After a change the workplaces are read again (others may have moved meanwhile). */
const refreshingState = timeTrackingSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    ...readingWorkplaces,
    onDone: [
      deniedToNoAccess(),
      {
        guard: ({ context, event }: WorkplacesRead) =>
          isCallOk({ event }) &&
          workplacesOf({ event }).some((workplace) => workplace.CellBarcode === context.barcode),
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
});

export const workplaceStates = {
  loading: loadingState,
  loadFailed: loadFailedState,
  noWorkplaces: noWorkplacesState,
  noAccess: noAccessState,
  waitWorkplace: waitWorkplaceState,
  refreshing: refreshingState,
};
