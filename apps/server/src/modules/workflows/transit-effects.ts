import { refusal } from '../../lib/refusal.js';
import type { EffectPorts } from './workflow-ports.js';

// The effects of the transit picking steps on a shipment's boxes (docs/DECISIONS.md "Guided
// workflows", step tables 7–8): the unit claimed in one conditional statement (of two devices
// on one box only the first wins, the other hears «Уже взят {{user}}»), the box taken out of
// its cell or put back by sorting's door, and an event naming the box and the shipment.

export type TransitPickingEffect =
  | {
      kind: 'pickShipmentBox';
      unitId: number;
      boxId: number;
      boxBarcode: string;
      /** The cell it stands in, null when it stands in none (taken out before). */
      cellId: number | null;
      cellBarcode: string | null;
      /** The unit's state before: `waiting`, or `short` for a box found after all (v2). */
      from: 'waiting' | 'short';
      shipmentCode: string;
    }
  | {
      kind: 'revertShipmentBox';
      unitId: number;
      boxId: number;
      boxBarcode: string;
      from: 'picked' | 'short';
      /** v1: the cell to put it back into; v2: null, it stays out of its cell. */
      backToCellId: number | null;
      shipmentCode: string;
    };

const KINDS: ReadonlySet<string> = new Set(['pickShipmentBox', 'revertShipmentBox']);

export function isTransitPickingEffect(effect: { kind: string }): effect is TransitPickingEffect {
  return KINDS.has(effect.kind);
}

/** «Уже взят {{user}}»: the unit changed by another step meanwhile. */
async function alreadyTaken(ports: EffectPorts, unitId: number, box: string): Promise<never> {
  const user = (await ports.repository.shipments.unitChangedBy(unitId)) ?? '—';
  throw refusal('refused', 'workflowBoxAlreadyTaken', { box, user });
}

export async function runTransitPickingEffect(
  ports: EffectPorts,
  effect: TransitPickingEffect,
): Promise<void> {
  const { repository, userId, now: at } = ports;
  const origin = { userId, warehouseId: ports.warehouseId, at };
  if (effect.kind === 'pickShipmentBox') {
    const claimed = await repository.shipments.setUnit(effect.unitId, {
      from: effect.from,
      state: 'picked',
      reason: null,
      ...(effect.cellId !== null ? { fromCellId: effect.cellId } : {}),
      userId,
      at,
    });
    if (!claimed) await alreadyTaken(ports, effect.unitId, effect.boxBarcode);
    if (effect.cellId !== null) await ports.door.takeBoxOut(effect.boxId);
    await repository.events.record(
      origin,
      'shipment.unitPicked',
      { unitId: effect.unitId, boxId: effect.boxId, fromCellId: effect.cellId },
      [effect.boxBarcode, effect.shipmentCode, effect.cellBarcode],
    );
    return;
  }
  const claimed = await repository.shipments.setUnit(effect.unitId, {
    from: effect.from,
    state: 'waiting',
    reason: null,
    ...(effect.backToCellId !== null ? { fromCellId: null } : {}),
    userId,
    at,
  });
  if (!claimed) await alreadyTaken(ports, effect.unitId, effect.boxBarcode);
  if (effect.backToCellId !== null) {
    await ports.door.move({ boxId: effect.boxId, cellId: effect.backToCellId });
  }
  await repository.events.record(
    origin,
    'shipment.unitReverted',
    { unitId: effect.unitId, boxId: effect.boxId, cellId: effect.backToCellId },
    [effect.boxBarcode, effect.shipmentCode],
  );
}
