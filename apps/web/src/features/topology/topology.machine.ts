import { assign, fromPromise, setup } from 'xstate';
import type { RangeLabel } from '@sorting/domain';
import type { PrintOutcome, PrintRequest } from '../../shell';

// A run of topology labels (docs/DECISIONS.md "Topology", resumable runs): one print job per
// label, in order; the first one that does not print stops the run there, and the run goes on
// from that label («Продолжить с {{n}}»), never from the first one again.

/** Why a run stopped: the printer was not there, or it refused the label. */
export type RunStop = { reason: 'unavailable' } | { reason: 'failed'; message: string | null };

export interface TopologyRunPorts {
  print: (request: PrintRequest) => Promise<PrintOutcome>;
}

export interface TopologyRunContext {
  ports: TopologyRunPorts;
  labels: RangeLabel[];
  /** Labels printed of this run; the next to print is `labels[printed]`. */
  printed: number;
  stop: RunStop | null;
}

export type TopologyRunEvent = { type: 'START'; labels: RangeLabel[] } | { type: 'CONTINUE' };

/** Prints one label: null when it printed, else why the run stops (a throw is a failure). */
const printOne = fromPromise<RunStop | null, { ports: TopologyRunPorts; label: RangeLabel }>(
  async ({ input }) => {
    let outcome: PrintOutcome;
    try {
      outcome = await input.ports.print({
        barcodeName: input.label.template,
        barcodeData: input.label.parameters,
        copies: input.label.copies,
      });
    } catch (error) {
      return { reason: 'failed', message: error instanceof Error ? error.message : null };
    }
    if (outcome.status === 'printed') return null;
    if (outcome.status === 'unavailable') return { reason: 'unavailable' };
    return { reason: 'failed', message: outcome.message };
  },
);

type PrintDone = { output: RunStop | null };

export const topologyRunMachine = setup({
  types: {
    context: {} as TopologyRunContext,
    events: {} as TopologyRunEvent,
    input: {} as { ports: TopologyRunPorts },
  },
  actors: { printOne },
  guards: {
    hasLabels: ({ event }) => event.type === 'START' && event.labels.length > 0,
    notPrinted: ({ event }) => (event as unknown as PrintDone).output !== null,
    wasLast: ({ context }) => context.printed + 1 >= context.labels.length,
  },
  actions: {
    begin: assign(({ event }) => ({
      labels: event.type === 'START' ? event.labels : [],
      printed: 0,
      stop: null,
    })),
    advance: assign({ printed: ({ context }) => context.printed + 1 }),
    stopRun: assign({ stop: ({ event }) => (event as unknown as PrintDone).output }),
    clearStop: assign({ stop: null }),
  },
}).createMachine({
  id: 'topologyRun',
  initial: 'idle',
  context: ({ input }) => ({ ports: input.ports, labels: [], printed: 0, stop: null }),
  on: {
    START: { guard: 'hasLabels', target: '.printing', actions: 'begin' },
  },
  states: {
    idle: {},
    printing: {
      tags: ['busy'],
      // While a run prints, a new one waits (the buttons are off): START is ignored here.
      on: { START: {} },
      invoke: {
        src: 'printOne',
        input: ({ context }) => ({
          ports: context.ports,
          label: context.labels[context.printed] as RangeLabel,
        }),
        onDone: [
          { guard: 'notPrinted', target: 'stopped', actions: 'stopRun' },
          { guard: 'wasLast', target: 'done', actions: 'advance' },
          { target: 'printing', reenter: true, actions: 'advance' },
        ],
      },
    },
    done: {},
    stopped: {
      on: { CONTINUE: { target: 'printing', actions: 'clearStop' } },
    },
  },
});

export type TopologyRunMachine = typeof topologyRunMachine;
