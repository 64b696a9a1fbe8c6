import { refusal } from '../../lib/refusal.js';
import type { EffectPorts } from './workflow-ports.js';

// The effects of the transit loading steps (docs/DECISIONS.md "Guided workflows", boxes transit
// loading): a box loaded onto a pallet (or into the vehicle) or taken off again, and a pallet
// completed: located at the shipment through `ContainerAccounting/move` (sorting's door), with
// an event naming the pallet, its boxes and the shipment, so /vision shows each with the code
// (as the event's place).

export type LoadingEffect =
  | {
      kind: 'loadShipmentBox';
      unitId: number;
      boxId: number;
      boxBarcode: string;
      palletBarcode: string | null;
      shipmentCode: string;
    }
  | {
      kind: 'unloadShipmentBox';
      unitId: number;
      boxId: number;
      boxBarcode: string;
      palletBarcode: string | null;
      shipmentCode: string;
    }
  | {
      kind: 'completePallet';
      palletBarcode: string;
      shipmentCode: string;
      boxBarcodes: string[];
    };

const KINDS: ReadonlySet<string> = new Set([
  'loadShipmentBox',
  'unloadShipmentBox',
  'completePallet',
]);

export function isLoadingEffect(effect: { kind: string }): effect is LoadingEffect {
  return KINDS.has(effect.kind);
}

type BoxEffect = Extract<LoadingEffect, { kind: 'loadShipmentBox' | 'unloadShipmentBox' }>;

/** A box's load or unload, under the box, its pallet and the shipment. */
async function recordBoxEvent(ports: EffectPorts, kind: string, effect: BoxEffect): Promise<void> {
  const { kind: _kind, ...fact } = effect;
  await ports.repository.events.record(
    { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
    kind,
    // /vision shows the shipment as the event's place (its `locationName`).
    { ...fact, locationName: effect.shipmentCode },
    [effect.boxBarcode, effect.palletBarcode, effect.shipmentCode],
  );
}

export async function runLoadingEffect(ports: EffectPorts, effect: LoadingEffect): Promise<void> {
  const { repository, userId, now: at } = ports;
  const origin = { userId, warehouseId: ports.warehouseId, at };
  switch (effect.kind) {
    case 'loadShipmentBox': {
      const loaded = await repository.loading.setLoaded(effect.unitId, {
        palletBarcode: effect.palletBarcode,
        userId,
        at,
      });
      // Loaded meanwhile by another device: refused, that step stands.
      if (!loaded) {
        throw refusal('refused', 'workflowBoxLoadedMeanwhile', { box: effect.boxBarcode });
      }
      await recordBoxEvent(ports, 'shipment.unitLoaded', effect);
      return;
    }
    case 'unloadShipmentBox': {
      const unloaded = await repository.loading.setUnloaded(effect.unitId, { userId, at });
      if (!unloaded) throw refusal('stateChanged', 'workflowStateChanged');
      await recordBoxEvent(ports, 'shipment.unitUnloaded', effect);
      return;
    }
    case 'completePallet':
      // `ContainerAccounting/move` with the shipment's code as LocationCode (and so as its
      // LocationName): no cell has it, so the pallet is located at the shipment.
      await ports.door.moveContainer(effect.palletBarcode, effect.shipmentCode);
      await repository.events.record(
        origin,
        'shipment.palletCompleted',
        {
          palletBarcode: effect.palletBarcode,
          shipmentCode: effect.shipmentCode,
          boxBarcodes: effect.boxBarcodes,
          count: effect.boxBarcodes.length,
          locationName: effect.shipmentCode,
        },
        [effect.palletBarcode, effect.shipmentCode],
      );
  }
}
