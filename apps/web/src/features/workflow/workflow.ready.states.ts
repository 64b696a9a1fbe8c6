import { scanAction, workflowSetup } from './workflow.setup';

// The workflow machine's waiting state (docs/DECISIONS.md "Guided workflows"): the answered
// state is on screen and a scan or a button is its next action; composed in workflow.machine.ts.

/** Spec part 1 §3, §4: a scan is BarcodeScanned (WorkplaceSelected in WaitWorkplace). */
export const readyState = workflowSetup.createStateConfig({
  entry: 'stopLoading',
  on: {
    SCANNED: {
      guard: ({ event }) => event.text.trim() !== '',
      target: 'sending',
      actions: {
        type: 'prepare',
        params: ({ context, event }) => ({
          action: scanAction(context.currentState?.code, event.text.trim()),
        }),
      },
    },
    ACT: {
      target: 'sending',
      actions: { type: 'prepare', params: ({ event }) => ({ action: event.action }) },
    },
    // No state was ever answered (the first Refresh was refused): start again.
    RETRY: { guard: ({ context }) => context.currentState === null, target: 'starting' },
  },
});
