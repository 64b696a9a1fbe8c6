import { assign } from 'xstate';
import { isAuditCellScan, recognizeBarcode } from '@sorting/domain';
import { isCallOk } from '../../shell/machine/call-feedback';
import {
  auditSessionSetup,
  CORRECT,
  failure,
  isAlreadyCounted,
  spokenTail,
  unitsOf,
  withCell,
} from './audit-session.setup';
import { NOT_A_CELL_SCAN } from './audit.model';

// The audit session's cell step (spec part 2 §2 scan states startScan and scanProcess, §4):
// open a scanned cell, send its unit scans, close it with a `=` scan; composed in
// audit-session.machine.ts.

/** «Сканируйте ячейку»: a cell scan opens it; anything else is store.a-008. */
const startScanState = auditSessionSetup.createStateConfig({
  on: {
    SCANNED: [
      { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
      {
        guard: ({ event }) => isAuditCellScan(recognizeBarcode(event.text).raw),
        target: 'openingCell',
        actions: assign({
          nextCell: ({ event }) => recognizeBarcode(event.text).raw,
          error: null,
        }),
      },
      { actions: NOT_A_CELL_SCAN },
    ],
    FINISH: { target: 'confirmFinish', actions: assign({ error: null }) },
  },
});

/** POST …/cells with the cell scanned. */
const openingCellState = auditSessionSetup.createStateConfig({
  tags: ['busy'],
  entry: assign({ pending: ({ context }) => context.nextCell, nextCell: null }),
  invoke: {
    src: 'openCell',
    input: ({ context }) => ({ context }),
    onDone: [
      {
        guard: isCallOk,
        target: 'scanProcess',
        actions: assign(({ context, event }) => {
          const opened = event.output.operationObject!;
          return {
            cell: opened.cell,
            cells: withCell(context.cells, opened.cell, opened.items),
            pending: null,
            error: null,
          };
        }),
      },
      {
        target: 'startScan',
        actions: [
          {
            type: 'showError',
            params: ({ context, event }) =>
              failure('store.a-002', event.output, { barcode: context.pending ?? '' }),
          },
          assign({ pending: null }),
        ],
      },
    ],
    onError: {
      target: 'startScan',
      actions: [
        { type: 'showError', params: { code: '0', message: null } },
        assign({ pending: null }),
      ],
    },
  },
});

/**
 * «Сканируйте единицы ячейки {{cell}}»: a `=` scan closes the cell (and names the next one);
 * a unit already found or surplus plays `repeat` unsent; any other unit is sent.
 */
const scanProcessState = auditSessionSetup.createStateConfig({
  on: {
    SCANNED: [
      { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
      {
        guard: ({ event }) => isAuditCellScan(recognizeBarcode(event.text).raw),
        target: 'finishingCell',
        actions: assign({
          nextCell: ({ context, event }) => {
            const barcode = recognizeBarcode(event.text).raw;
            return barcode === context.cell?.barcode ? null : barcode;
          },
          error: null,
        }),
      },
      {
        guard: ({ context, event }) =>
          isAlreadyCounted(unitsOf(context), recognizeBarcode(event.text).raw),
        actions: ({ context }) => context.ports.play(['repeat']),
      },
      {
        target: 'scanning',
        actions: assign({ pending: ({ event }) => recognizeBarcode(event.text).raw }),
      },
    ],
    FINISH: { target: 'confirmFinish', actions: assign({ error: null }) },
  },
});

/** POST …/cells/{cellId}/scan: ok-new (found) or attention (surplus), then its last four. */
const scanningState = auditSessionSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'scanUnit',
    input: ({ context }) => ({ context }),
    onDone: [
      {
        guard: isCallOk,
        target: 'scanProcess',
        actions: [
          assign(({ context, event }) => {
            const { unit } = event.output.operationObject!;
            const units = unitsOf(context).filter((known) => known.barcode !== unit.barcode);
            return {
              cells: withCell(context.cells, context.cell!, [...units, unit]),
              pending: null,
              error: null,
            };
          }),
          ({ context, event }) => {
            const { unit } = event.output.operationObject!;
            const isRepeat = (event.output as { isRepeat?: boolean }).isRepeat === true;
            const sound = isRepeat ? 'repeat' : unit.state === CORRECT ? 'ok-new' : 'attention';
            context.ports.play([sound, ...spokenTail(unit.barcode)]);
          },
        ],
      },
      {
        target: 'scanProcess',
        actions: [
          {
            type: 'showError',
            params: ({ context, event }) =>
              failure('store.a-003', event.output, { barcode: context.pending ?? '' }),
          },
          assign({ pending: null }),
        ],
      },
    ],
    onError: {
      target: 'scanProcess',
      actions: [
        { type: 'showError', params: { code: '0', message: null } },
        assign({ pending: null }),
      ],
    },
  },
});

/** POST …/cells/finish: its units still expected become missing; then the next cell. */
const finishingCellState = auditSessionSetup.createStateConfig({
  tags: ['busy'],
  invoke: {
    src: 'finishCell',
    input: ({ context }) => ({ context }),
    onDone: [
      {
        guard: isCallOk,
        target: 'routing',
        actions: [
          assign(({ context, event }) => {
            const { cell } = event.output.operationObject!;
            const units = unitsOf(context).map((unit) =>
              unit.state === 0 ? { ...unit, state: 3 as const } : unit,
            );
            return { cells: withCell(context.cells, cell, units), cell: null };
          }),
          // The worker hears and reads that the cell is closed, with its result.
          ({ context, event }) => {
            const { cell } = event.output.operationObject!;
            const units = context.cells.find((entry) => entry.cell.id === cell.id)?.items ?? [];
            const countOf = (state: number) => units.filter((u) => u.state === state).length;
            context.ports.cellClosed({
              cell: cell.name,
              correct: countOf(CORRECT),
              surplus: countOf(2),
              missing: countOf(3),
            });
            context.ports.play(['success-small']);
          },
        ],
      },
      {
        target: 'scanProcess',
        actions: [
          {
            type: 'showError',
            params: ({ context, event }) =>
              failure('store.a-004', event.output, { cell: context.cell?.name ?? '' }),
          },
          assign({ nextCell: null }),
        ],
      },
    ],
    onError: {
      target: 'scanProcess',
      actions: [
        { type: 'showError', params: { code: '0', message: null } },
        assign({ nextCell: null }),
      ],
    },
  },
});

export const cellStates = {
  startScan: startScanState,
  openingCell: openingCellState,
  scanProcess: scanProcessState,
  scanning: scanningState,
  finishingCell: finishingCellState,
};
