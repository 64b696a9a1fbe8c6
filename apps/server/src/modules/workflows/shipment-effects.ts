import { refusal } from '../../lib/refusal.js';
import type { WorkflowEffect } from './workflow-definition.js';
import type { EffectPorts } from './workflow-ports.js';

// The effects of the picking and loading steps on a shipment's units (docs/DECISIONS.md
// "Guided workflows", shipment units): the parcel taken out of its box or put back by sorting's
// door, the unit's state with who and when, and an event naming the parcel and the shipment.

type ShipmentEffect = Extract<
  WorkflowEffect,
  {
    kind: 'pickShipmentParcel' | 'shortShipmentUnit' | 'revertShipmentParcel' | 'moveShipmentState';
  }
>;

export function isShipmentEffect(effect: WorkflowEffect): effect is ShipmentEffect {
  return (
    effect.kind === 'pickShipmentParcel' ||
    effect.kind === 'shortShipmentUnit' ||
    effect.kind === 'revertShipmentParcel' ||
    effect.kind === 'moveShipmentState'
  );
}

export async function runShipmentEffect(ports: EffectPorts, effect: ShipmentEffect): Promise<void> {
  const { repository, userId, now: at } = ports;
  const origin = { userId, warehouseId: ports.warehouseId, at };
  switch (effect.kind) {
    case 'pickShipmentParcel': {
      // The unit first, guarded by its state: two devices racing on one parcel (a task taken
      // over while its first run still scans) pick it once; the later one is refused naming
      // who took it (docs/DECISIONS.md "Guided workflows", task holding and takeover).
      const isPicked = await repository.shipments.setUnit(effect.unitId, {
        from: 'waiting',
        state: 'picked',
        fromBoxId: effect.boxId,
        fromCellId: effect.cellId,
        userId,
        at,
      });
      if (!isPicked) {
        const user = (await repository.shipments.unitChangedBy(effect.unitId)) ?? '';
        throw refusal('refused', 'workflowParcelTaken', { parcel: effect.parcelNumber, user });
      }
      await ports.door.takeParcelOut(effect.parcelId);
      await repository.events.record(
        origin,
        'shipment.unitPicked',
        { unitId: effect.unitId, parcelId: effect.parcelId, fromBoxId: effect.boxId },
        [effect.parcelNumber, effect.shipmentCode],
      );
      return;
    }
    case 'shortShipmentUnit':
      await repository.shipments.setUnit(effect.unitId, {
        state: 'short',
        reason: effect.reason,
        userId,
        at,
      });
      await repository.events.record(
        origin,
        'shipment.unitShort',
        { unitId: effect.unitId, reason: effect.reason },
        [effect.unitBarcode, effect.shipmentCode],
      );
      return;
    case 'revertShipmentParcel':
      await ports.door.move({ parcelId: effect.parcelId, boxId: effect.boxId });
      await repository.shipments.setUnit(effect.unitId, {
        state: 'waiting',
        reason: null,
        fromBoxId: null,
        fromCellId: null,
        userId,
        at,
      });
      await repository.events.record(
        origin,
        'shipment.unitReverted',
        { unitId: effect.unitId, parcelId: effect.parcelId, boxId: effect.boxId },
        [effect.parcelNumber, effect.shipmentCode],
      );
      return;
    case 'moveShipmentState': {
      const moved = await repository.shipments.moveShipmentState(
        effect.outboundId,
        effect.from,
        effect.to,
      );
      if (!moved) throw refusal('stateChanged', 'workflowStateChanged');
      await repository.events.record(
        origin,
        'shipment.stateChanged',
        { outboundId: effect.outboundId, from: effect.from, to: effect.to },
        [effect.code],
      );
    }
  }
}
