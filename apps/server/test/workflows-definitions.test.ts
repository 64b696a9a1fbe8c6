import { describe, expect, it } from 'vitest';
import { WORKFLOW_ACTION_CODES, WORKFLOW_STATE_CODES } from '@sorting/contracts';
import {
  consolidatingWorkflow,
  type ConsolidatingFacts,
  type ConsolidationFact,
} from '../src/modules/workflows/definitions/consolidating.workflow.js';
import { placingWorkflow } from '../src/modules/workflows/definitions/placing.workflow.js';
import { printBoxStickerWorkflow } from '../src/modules/workflows/definitions/print-box-sticker.workflow.js';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import {
  isRefusal,
  type RunState,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../src/modules/workflows/workflow-definition.js';
import { actionOf } from './workflow-actions.js';

// The definitions as pure transitions (docs/DECISIONS.md "Guided workflows"): every (state,
// action) pair of the three, with every kind of scan, is accepted or refused, never thrown; an
// accepted step lands on a state of its own table.

const WAREHOUSE = 7;

const SCANS: ScanFact[] = [
  {
    kind: 'box',
    barcode: '_1-161',
    id: 161,
    number: 161,
    warehouseId: WAREHOUSE,
    cellId: null,
    isClosed: false,
    parcelsCount: 0,
  },
  {
    kind: 'box',
    barcode: '_1-164',
    id: 164,
    number: 164,
    warehouseId: WAREHOUSE,
    cellId: 9,
    isClosed: false,
    parcelsCount: 2,
  },
  {
    kind: 'box',
    barcode: '_2-1',
    id: 1,
    number: 1,
    warehouseId: 99,
    cellId: null,
    isClosed: false,
    parcelsCount: 0,
  },
  { kind: 'container', barcode: '_R1-12', id: 12, warehouseId: WAREHOUSE },
  {
    kind: 'cell',
    barcode: '=1-7-c-01',
    id: 71,
    name: '7-c-01',
    warehouseId: WAREHOUSE,
    boxBarcode: null,
  },
  {
    kind: 'cell',
    barcode: '=1-7-a-01',
    id: 70,
    name: '7-a-01',
    warehouseId: WAREHOUSE,
    boxBarcode: '_1-111',
  },
  {
    kind: 'parcel',
    barcode: 'P440001',
    id: 1,
    name: 'Радиатор',
    warehouseId: WAREHOUSE,
    sortingKey: 'OMS-05',
    sortingName: 'Омск',
    boxId: 164,
  },
  {
    kind: 'dt',
    barcode: 'DIM-S',
    id: 1,
    name: 'Короб S',
    warehouseCode: null,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 15,
  },
  {
    kind: 'dt',
    barcode: 'DIM-X',
    id: 2,
    name: 'Чужой',
    warehouseCode: 'OTHER',
    lengthCm: 1,
    widthCm: 1,
    heightCm: 1,
  },
];

const CONSOLIDATION: ConsolidationFact = {
  id: 5,
  cellId: 71,
  cellBarcode: '=1-7-c-01',
  cellName: '7-c-01',
  boxId: 161,
  boxBarcode: '_1-161',
  destinationKey: 'OMS-05',
  destinationName: 'Омск',
};

const OWN_FACTS: ConsolidatingFacts[] = [
  { consolidation: null, parcels: [] },
  {
    consolidation: CONSOLIDATION,
    parcels: [
      { id: 1, number: 'P440001', name: 'a', boxId: 164, cellName: '1-c-01' },
      { id: 2, number: 'P440002', name: 'b', boxId: 161, cellName: '7-c-01' },
    ],
  },
];

/** The data a state may hold: none, and what the run puts there on its way. */
const DATA: Record<string, unknown>[] = [
  {},
  { count: 3 },
  { unit: { kind: 'box', id: 163, barcode: '_1-163' } },
  { unit: { kind: 'container', barcode: '_R1-12' } },
  {
    parcel: { id: 1, barcode: 'P440001', sortingKey: 'OMS-05', sortingName: 'Омск' },
    cell: { id: 71, barcode: '=1-7-c-01', name: '7-c-01' },
    consolidation: CONSOLIDATION,
    lastConsolidationId: 5,
  },
];

function factsOf(scan: ScanFact | null, own: unknown): WorkflowFacts {
  return { scan, warehouseId: WAREHOUSE, warehouseCode: 'MSK-SC1', own };
}

const DEFINITIONS = [
  printBoxStickerWorkflow,
  placingWorkflow,
  consolidatingWorkflow,
] as unknown as WorkflowDefinition<Record<string, unknown>, unknown>[];

describe.each(DEFINITIONS.map((definition) => [definition.name, definition] as const))(
  '%s',
  (_name, definition) => {
    const declared = Object.keys(definition.states);

    it('accepts or refuses every (state, action) pair, never throws, lands on a declared state', () => {
      let accepted = 0;
      let refused = 0;
      for (const code of WORKFLOW_STATE_CODES) {
        for (const data of DATA) {
          const state: RunState<Record<string, unknown>> = { code, data };
          for (const actionCode of WORKFLOW_ACTION_CODES) {
            const scans = actionCode === 'BarcodeScanned' ? SCANS : [null];
            for (const scan of scans) {
              for (const own of OWN_FACTS) {
                const action = actionOf(actionCode, scan?.barcode);
                const transition = definition.transition(state, action, factsOf(scan, own));
                if (isRefusal(transition)) {
                  refused += 1;
                  continue;
                }
                accepted += 1;
                expect(declared, `${code} —${actionCode}→ ${transition.next.code}`).toContain(
                  transition.next.code,
                );
                expect(declared, `${code} accepted ${actionCode}`).toContain(code);
                expect(
                  definition.states[code]?.actions,
                  `${code} accepted ${actionCode}`,
                ).toContain(actionCode);
              }
              expect(() => definition.view(state, factsOf(scan, OWN_FACTS[1]))).not.toThrow();
            }
          }
        }
      }
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });

    it('starts in a declared state whose view has a prompt', () => {
      expect(declared).toContain(definition.start.code);
      const view = definition.view(definition.start, factsOf(null, OWN_FACTS[0]));
      expect(view.prompt.key).not.toBe('');
    });
  },
);

describe('the step tables', () => {
  const noFacts = (
    scan: ScanFact | null = null,
    own: ConsolidatingFacts = OWN_FACTS[0]!,
  ): WorkflowFacts<ConsolidatingFacts> => ({
    scan,
    warehouseId: WAREHOUSE,
    warehouseCode: 'MSK-SC1',
    own,
  });
  const scanOf = (barcode: string) => SCANS.find((scan) => scan.barcode === barcode)!;

  it('print-box-sticker: count, then a size or none creates the boxes', () => {
    const count = printBoxStickerWorkflow.transition(
      printBoxStickerWorkflow.start,
      { code: 'StickerCountSelected', count: 5 },
      noFacts(),
    );
    expect(count).toMatchObject({ next: { code: 'WaitSizeAndPrint', data: { count: 5 } } });
    const state = { code: 'WaitSizeAndPrint' as const, data: { count: 5 } };
    expect(
      printBoxStickerWorkflow.transition(
        state,
        { code: 'BarcodeScanned', barcode: 'DIM-S' },
        noFacts(scanOf('DIM-S')),
      ),
    ).toMatchObject({
      next: { code: 'WaitStickerCount' },
      effects: [
        { kind: 'createBoxes', count: 5, size: { lengthCm: 30, widthCm: 20, heightCm: 15 } },
      ],
      sounds: ['ok-new'],
    });
    expect(
      printBoxStickerWorkflow.transition(state, { code: 'SkipClick' }, noFacts()),
    ).toMatchObject({
      effects: [{ kind: 'createBoxes', count: 5, size: null }],
    });
    expect(
      printBoxStickerWorkflow.transition(
        state,
        { code: 'BarcodeScanned', barcode: 'DIM-X' },
        noFacts(scanOf('DIM-X')),
      ),
    ).toEqual({
      refused: { code: 'refused', key: 'dimensionOfOtherWarehouse', params: { name: 'Чужой' } },
    });
  });

  it('placing: a box then a cell moves it; another box replaces it; a foreign box is refused', () => {
    const box = placingWorkflow.transition(
      placingWorkflow.start,
      { code: 'BarcodeScanned', barcode: '_1-161' },
      noFacts(scanOf('_1-161')),
    );
    expect(box).toMatchObject({
      next: { code: 'WaitCell', data: { unit: { kind: 'box', id: 161 } } },
    });
    const waitCell = {
      code: 'WaitCell' as const,
      data: { unit: { kind: 'box' as const, id: 161, barcode: '_1-161' } },
    };
    expect(
      placingWorkflow.transition(
        waitCell,
        { code: 'BarcodeScanned', barcode: '=1-7-c-01' },
        noFacts(scanOf('=1-7-c-01')),
      ),
    ).toMatchObject({
      next: { code: 'WaitBox' },
      effects: [{ kind: 'moveBox', boxId: 161, cellId: 71 }],
    });
    expect(
      placingWorkflow.transition(
        waitCell,
        { code: 'BarcodeScanned', barcode: '_R1-12' },
        noFacts(scanOf('_R1-12')),
      ),
    ).toMatchObject({ next: { code: 'WaitCell', data: { unit: { kind: 'container' } } } });
    expect(
      placingWorkflow.transition(
        placingWorkflow.start,
        { code: 'BarcodeScanned', barcode: '_2-1' },
        noFacts(scanOf('_2-1')),
      ),
    ).toMatchObject({ refused: { code: 'objectNotFound', key: 'boxNotFound' } });
  });

  it('consolidating: a new consolidation, a wrong place refused, PlaceClick only after the same one', () => {
    const parcel = consolidatingWorkflow.transition(
      consolidatingWorkflow.start,
      { code: 'BarcodeScanned', barcode: 'P440001' },
      noFacts(scanOf('P440001')),
    );
    expect(parcel).toMatchObject({ next: { code: 'WaitCell' } });
    if (isRefusal(parcel)) throw new Error('refused');
    expect(
      consolidatingWorkflow.transition(
        parcel.next,
        { code: 'BarcodeScanned', barcode: '=1-7-a-01' },
        noFacts(scanOf('=1-7-a-01')),
      ),
    ).toMatchObject({ refused: { key: 'workflowCellHoldsBox' } });
    const where = {
      code: 'WaitWhere' as const,
      data: {
        parcel: { id: 1, barcode: 'P440001', sortingKey: 'OMS-05', sortingName: 'Омск' },
        consolidation: CONSOLIDATION,
      },
    };
    expect(
      consolidatingWorkflow.transition(
        where,
        { code: 'BarcodeScanned', barcode: '=1-7-a-01' },
        noFacts(scanOf('=1-7-a-01'), OWN_FACTS[1]),
      ),
    ).toMatchObject({
      refused: { key: 'workflowWrongConsolidationPlace', params: { cell: '7-c-01' } },
    });
    expect(
      consolidatingWorkflow.transition(where, { code: 'PlaceClick' }, noFacts(null, OWN_FACTS[1])),
    ).toMatchObject({
      refused: { key: 'workflowActionNotExpected' },
    });
    const placed = consolidatingWorkflow.transition(
      { ...where, data: { ...where.data, lastConsolidationId: 5 } },
      { code: 'PlaceClick' },
      noFacts(null, OWN_FACTS[1]),
    );
    expect(placed).toMatchObject({
      next: { code: 'WaitWhat', data: { lastConsolidationId: 5 } },
      effects: [{ kind: 'moveParcel', parcelId: 1, boxId: 161 }],
      notification: { key: 'workflowParcelConsolidated', params: { done: 2, total: 2 } },
    });
  });
});
