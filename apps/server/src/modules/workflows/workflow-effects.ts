import type { TWorkflowPrintJob } from '@sorting/contracts';
import type { Accepted, WorkflowEffect } from './workflow-definition.js';
import type { EffectPorts } from './workflow-ports.js';
import { isShipmentEffect, runShipmentEffect } from './shipment-effects.js';
import { isTransitPickingEffect, runTransitPickingEffect } from './transit-effects.js';
import { isLoadingEffect, runLoadingEffect } from './loading-effects.js';
import { isReceiptEffect, runReceiptEffect } from './receipt-effects.js';
import { isPackingEffect, runPackingEffect } from './packing-effects.js';

// The effects of an accepted step (docs/DECISIONS.md "Guided workflows"), in the step's
// transaction: each through the owning module's face (sorting's door: the move, `boxes/create`,
// `ContainerAccounting/move`), never repeating its rules; a refusal there refuses the step.

/** What an effect adds to the step: labels, a notification, data for the next state. */
export interface EffectOutcome {
  print: TWorkflowPrintJob[];
  notification: Accepted<unknown>['notification'];
  data: Record<string, unknown>;
}

export type { EffectPorts } from './workflow-ports.js';

const NOTHING: EffectOutcome = { print: [], notification: null, data: {} };

/** `box` labels of created boxes and «Созданы короба 35–39». */
async function createBoxes(
  ports: EffectPorts,
  effect: Extract<WorkflowEffect, { kind: 'createBoxes' }>,
): Promise<EffectOutcome> {
  const boxes = await ports.door.createBoxes(effect.count, effect.size);
  const first = boxes[0]?.number ?? 0;
  const last = boxes.at(-1)?.number ?? first;
  return {
    print: boxes.map((box) => ({
      barcodeName: 'box' as const,
      barcodeData: [
        { name: 'barcode', value: box.barcode },
        { name: 'number', value: String(box.number) },
      ],
      copies: 1,
    })),
    notification: {
      status: 'success',
      key: boxes.length === 1 ? 'workflowBoxCreated' : 'workflowBoxesCreated',
      params: { from: first, to: last },
    },
    data: {},
  };
}

/** The box placed in its cell by sorting's move, and the consolidation recorded. */
async function openConsolidation(
  ports: EffectPorts,
  effect: Extract<WorkflowEffect, { kind: 'openConsolidation' }>,
): Promise<EffectOutcome> {
  await ports.door.move({ boxId: effect.boxId, cellId: effect.cellId });
  const id = await ports.repository.insertConsolidation({
    warehouseId: ports.warehouseId,
    cellId: effect.cellId,
    boxId: effect.boxId,
    destinationKey: effect.destinationKey,
    destinationName: effect.destinationName,
    createdBy: ports.userId,
    at: ports.now,
  });
  await ports.repository.events.record(
    { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
    'consolidation.opened',
    {
      consolidationId: id,
      boxId: effect.boxId,
      boxBarcode: effect.boxBarcode,
      cellId: effect.cellId,
      cellName: effect.cellName,
      destinationKey: effect.destinationKey,
      destinationName: effect.destinationName,
    },
    [effect.boxBarcode, effect.cellBarcode],
  );
  const { kind: _kind, ...fact } = effect;
  return { ...NOTHING, data: { consolidation: { id, ...fact } } };
}

/** The consolidation completed: its box closed, `completed_at` set. */
async function completeConsolidation(
  ports: EffectPorts,
  effect: Extract<WorkflowEffect, { kind: 'completeConsolidation' }>,
): Promise<EffectOutcome> {
  const box = await ports.door.findBoxById(effect.boxId);
  await ports.door.closeBox(effect.boxId);
  await ports.repository.completeConsolidation(effect.consolidationId, ports.now);
  await ports.repository.events.record(
    { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
    'consolidation.completed',
    {
      consolidationId: effect.consolidationId,
      boxId: effect.boxId,
      boxBarcode: box?.barcode ?? null,
      boxNumber: box?.number ?? null,
      isBoxClosed: true,
    },
    [box?.barcode],
  );
  return NOTHING;
}

async function runEffect(ports: EffectPorts, effect: WorkflowEffect): Promise<EffectOutcome> {
  if (isShipmentEffect(effect)) {
    await runShipmentEffect(ports, effect);
    return NOTHING;
  }
  if (isTransitPickingEffect(effect)) {
    await runTransitPickingEffect(ports, effect);
    return NOTHING;
  }
  if (isReceiptEffect(effect)) return { ...NOTHING, print: await runReceiptEffect(ports, effect) };
  if (isPackingEffect(effect)) return { ...NOTHING, ...(await runPackingEffect(ports, effect)) };
  if (isLoadingEffect(effect)) {
    await runLoadingEffect(ports, effect);
    return NOTHING;
  }
  switch (effect.kind) {
    case 'createBoxes':
      return createBoxes(ports, effect);
    case 'moveBox':
      await ports.door.move({ boxId: effect.boxId, cellId: effect.cellId });
      return NOTHING;
    case 'moveContainer':
      await ports.door.moveContainer(effect.containerBarcode, effect.cellBarcode);
      return NOTHING;
    case 'moveParcel':
      await ports.door.move({ parcelId: effect.parcelId, boxId: effect.boxId });
      return NOTHING;
    case 'moveParcelToCell':
      await ports.door.moveParcelToCell(effect.parcelId, effect.cellId);
      return NOTHING;
    case 'printParcelSticker': {
      const sticker = await ports.door.parcelSticker(effect.parcelId);
      // The parcel named: the web marks its sticker printed once the printer reports it.
      return {
        ...NOTHING,
        print: [{ ...sticker, copies: effect.copies, parcelId: effect.parcelId }],
      };
    }
    case 'openConsolidation':
      return openConsolidation(ports, effect);
    case 'completeConsolidation':
      return completeConsolidation(ports, effect);
  }
}

/** The effects in order; their labels, the last notification given, their data merged. */
export async function runEffects(
  ports: EffectPorts,
  effects: readonly WorkflowEffect[],
): Promise<EffectOutcome> {
  const total: EffectOutcome = { print: [], notification: null, data: {} };
  for (const effect of effects) {
    const outcome = await runEffect(ports, effect);
    total.print.push(...outcome.print);
    total.notification = outcome.notification ?? total.notification;
    Object.assign(total.data, outcome.data);
  }
  return total;
}
