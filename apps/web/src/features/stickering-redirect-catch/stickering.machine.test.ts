import { describe, expect, it, vi } from 'vitest';
import type { TInboundDetail, TReceiptPlace } from '@sorting/contracts';
import { result } from '../../test/call-result';
import { createCoverage } from '../../test/machine-graph';
import { startMachine as startWith } from '../../test/machine-harness';
import { stickeringMachine, type LabelOutcome, type StickeringPorts } from './stickering.machine';

// Spec part 2 §2 /stickering-redirect-catch, §4 "Stickering", §8 f-0011, f-0012.

function detail(id: number, barcode: string, state: TInboundDetail['state']): TInboundDetail {
  return {
    inboundId: 7,
    inboundDetailId: id,
    name: `Деталь ${barcode}`,
    boxName: null,
    barcode,
    state,
    properties: {
      orderNumber: null,
      detailName: null,
      makeName: null,
      detailNumber: null,
      quantity: 1,
    },
  };
}

const PLACE: TReceiptPlace = {
  receiptPlaceDocumentId: 12,
  inbound: {
    inboundId: 7,
    code: 'IN-0003',
    properties: {
      documentNumber: null,
      quantityReceipted: 0,
      documents: [],
      isNeedStickering: true,
      receiptPlaceDocumentId: 12,
      isStickeringDisabled: false,
    },
    createDateUtc: '2026-11-26T00:00:00.000Z',
    arrivalDateUtc: '2026-11-26T01:00:00.000Z',
    detailsQuantity: 4,
    name: 'ООО «ТехноПарт»',
    state: 5,
    details: [detail(1, 'P1', 1), detail(2, 'P2', 3), detail(3, 'P3', 4), detail(4, 'P4', 2)],
  },
};

// Every path below runs through this recorder; the last test checks the whole graph fired.
const coverage = createCoverage(stickeringMachine);
const startMachine: typeof startWith = (machine, input) =>
  startWith(machine, input, coverage.inspect);

function portsWith(outcomes: LabelOutcome[] = []) {
  const printed: string[] = [];
  const ports: StickeringPorts = {
    loadPlace: vi.fn(async () => result(PLACE)),
    printLabel: vi.fn(async (d: TInboundDetail) => {
      const outcome = outcomes.shift() ?? 'printed';
      if (outcome === 'printed') printed.push(d.barcode);
      return outcome;
    }),
    notifyError: vi.fn(),
    notifyDone: vi.fn(),
  };
  return { ports, printed };
}

describe('stickering machine', () => {
  it('waits for the opener with an empty id; -1 is f-0012', () => {
    expect(startMachine(stickeringMachine, { ports: portsWith().ports, id: '' }).view()).toBe(
      'waiting',
    );
    expect(startMachine(stickeringMachine, { ports: portsWith().ports, id: '-1' }).view()).toBe(
      'notFound',
    );
  });

  it('a refused receipt place is not found', async () => {
    const { ports } = portsWith();
    ports.loadPlace = vi.fn(async () => result<TReceiptPlace>(null, { errorCode: 104 }));
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('notFound'));
  });

  it('prints every detail needing a label in order, each marked, then says how many', async () => {
    const { ports, printed } = portsWith();
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('ready'));
    expect(await machine.send({ type: 'PRINT_ALL' })).toBe('ready');
    // Stickered (3) and cancelled (4) details need none.
    expect(printed).toEqual(['P1', 'P4']);
    expect(machine.context().place?.inbound.details.map((d) => d.state)).toEqual([3, 3, 4, 3]);
    expect(ports.notifyDone).toHaveBeenCalledWith(2);
  });

  it('a scanned detail prints that one; an unknown or stickered one is refused', async () => {
    const { ports, printed } = portsWith();
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('ready'));
    await machine.send('P4');
    expect(printed).toEqual(['P4']);
    await machine.send('P2', 'X-1');
    expect(printed).toEqual(['P4']);
    expect(ports.notifyError).toHaveBeenCalledWith('unknownDetail', 'P2');
    expect(ports.notifyError).toHaveBeenCalledWith('unknownDetail', 'X-1');
  });

  it('stops at a failed label with f-0011 and at an unavailable printer silently', async () => {
    const { ports, printed } = portsWith(['printed', 'failed']);
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('ready'));
    await machine.send({ type: 'PRINT_ALL' });
    expect(printed).toEqual(['P1']);
    expect(ports.notifyError).toHaveBeenCalledWith('f-0011');
    expect(ports.notifyDone).not.toHaveBeenCalled();
    const unavailable = portsWith(['unavailable']);
    const second = startMachine(stickeringMachine, { ports: unavailable.ports, id: '12' });
    await vi.waitFor(() => expect(second.view()).toBe('ready'));
    await second.send({ type: 'PRINT_ALL' });
    expect(unavailable.ports.notifyError).not.toHaveBeenCalled();
    expect(second.view()).toBe('ready');
  });

  it('a receipt place call that fails is not found', async () => {
    const { ports } = portsWith();
    ports.loadPlace = vi.fn(async () => {
      throw new Error('network');
    });
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('notFound'));
  });

  it('a label call that fails stops the printing with f-0011', async () => {
    const { ports, printed } = portsWith();
    ports.printLabel = vi.fn(async () => {
      throw new Error('network');
    });
    const machine = startMachine(stickeringMachine, { ports, id: '12' });
    await vi.waitFor(() => expect(machine.view()).toBe('ready'));
    expect(await machine.send({ type: 'PRINT_ALL' })).toBe('ready');
    expect(printed).toEqual([]);
    expect(ports.notifyError).toHaveBeenCalledWith('f-0011');
    expect(ports.notifyDone).not.toHaveBeenCalled();
  });

  it('the paths above visit every state node and fire every transition', () => {
    expect(coverage.unvisitedNodes()).toEqual([]);
    expect(coverage.unfiredTransitions()).toEqual([]);
  });
});
