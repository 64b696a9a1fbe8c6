import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { expandCellRange, type RangeLabel } from '@sorting/domain';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { createCoverage } from '../../test/machine-graph';
import { topologyRunMachine } from './topology.machine';

// docs/DECISIONS.md "Topology": a run prints its labels in order, stops at the first that does
// not print and goes on from that label.

const coverage = createCoverage(topologyRunMachine);

const LABELS: RangeLabel[] = expandCellRange({
  warehouseNumber: 34717,
  zoneNumber: 9,
  rowFrom: 'a',
  rowTo: 'a',
  colFrom: 1,
  colTo: 4,
  form: '1d',
  length: 'long',
});

const ALL_FOUR = ['=34717-9-a-01', '=34717-9-a-02', '=34717-9-a-03', '=34717-9-a-04'];

const PRINTED: PrintOutcome = { status: 'printed', channel: 'local', jobId: 'j' };

/** A run over a printer answering `outcomes` in turn (printed once they run out). */
function runWith(outcomes: (PrintOutcome | Error)[]) {
  const barcodes: string[] = [];
  const print = vi.fn(async (request: PrintRequest) => {
    const next = outcomes.shift() ?? PRINTED;
    if (next instanceof Error) throw next;
    if (next.status === 'printed') barcodes.push(request.barcodeData[0]?.value ?? '');
    return next;
  });
  const actor = createActor(topologyRunMachine, {
    input: { ports: { print } },
    inspect: coverage.inspect,
  }).start();
  const state = () => String(actor.getSnapshot().value);
  return { actor, print, barcodes, state };
}

describe('the topology print run', () => {
  it('prints every label in order: idle → printing → done', async () => {
    const run = runWith([]);
    expect(run.state()).toBe('idle');
    run.actor.send({ type: 'START', labels: LABELS });
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second start while printing is ignored.
    run.actor.send({ type: 'START', labels: LABELS.slice(0, 1) });
    await vi.waitFor(() => expect(run.state()).toBe('done'));
    expect(run.barcodes).toEqual(ALL_FOUR);
    expect(run.actor.getSnapshot().context.printed).toBe(4);
  });

  it('stops at an unavailable printer and continues from the failed label', async () => {
    const run = runWith([PRINTED, { status: 'unavailable' }]);
    run.actor.send({ type: 'START', labels: LABELS });
    await vi.waitFor(() => expect(run.state()).toBe('stopped'));
    expect(run.actor.getSnapshot().context).toMatchObject({
      printed: 1,
      stop: { reason: 'unavailable' },
    });
    run.actor.send({ type: 'CONTINUE' });
    await vi.waitFor(() => expect(run.state()).toBe('done'));
    // The second label was tried twice, the first printed once: nothing restarted.
    expect(run.barcodes).toEqual(ALL_FOUR);
    expect(run.print).toHaveBeenCalledTimes(5);
  });

  it('stops at a printer failure or a thrown error with its message', async () => {
    const run = runWith([{ status: 'failed', channel: 'hub', message: 'paper out' }]);
    run.actor.send({ type: 'START', labels: LABELS });
    await vi.waitFor(() => expect(run.state()).toBe('stopped'));
    expect(run.actor.getSnapshot().context.stop).toEqual({
      reason: 'failed',
      message: 'paper out',
    });
    const thrown = runWith([new Error('socket closed')]);
    thrown.actor.send({ type: 'START', labels: LABELS });
    await vi.waitFor(() => expect(thrown.state()).toBe('stopped'));
    expect(thrown.actor.getSnapshot().context.stop).toEqual({
      reason: 'failed',
      message: 'socket closed',
    });
    // A new run from a stopped one starts at its own first label.
    thrown.actor.send({ type: 'START', labels: LABELS.slice(2) });
    await vi.waitFor(() => expect(thrown.state()).toBe('done'));
    expect(thrown.barcodes).toEqual(['=34717-9-a-03', '=34717-9-a-04']);
  });

  it('ignores an empty run', () => {
    const run = runWith([]);
    run.actor.send({ type: 'START', labels: [] });
    expect(run.state()).toBe('idle');
  });

  it('visits every state and fires every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });
});
