import type { TWorkflowPrintJob } from '@sorting/contracts';
import { refusal } from '../../lib/refusal.js';
import type { EffectPorts } from './workflow-ports.js';

// The effects of packing (docs/DECISIONS.md "Packing"): a package opens as a sorting box of the
// chosen size numbered from the box sequence (`boxes/create`'s code path), an item goes into it or
// back out by sorting's door, and a weighed package is closed with its `box` label (68×60) and a
// `package.packed` event carrying the weight.

/** A package of the run: its sorting box and size. */
export interface PackageFact {
  boxId: number;
  number: number;
  barcode: string;
  sizeName: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export type PackingEffect =
  | {
      kind: 'openPackage';
      size: { name: string; lengthCm: number; widthCm: number; heightCm: number };
      /** The run's packages so far: the new one is appended to them. */
      packages: PackageFact[];
    }
  | { kind: 'packItem'; parcelId: number; parcelNumber: string; boxId: number }
  | { kind: 'unpackItem'; parcelId: number }
  | {
      kind: 'closePackage';
      package: PackageFact;
      orderNumber: string;
      weightGrams: number;
      /** «1/2»: its place among the order's packages. */
      index: number;
      total: number;
      parcelNumbers: string[];
    };

export function isPackingEffect(effect: { kind: string }): effect is PackingEffect {
  return ['openPackage', 'packItem', 'unpackItem', 'closePackage'].includes(effect.kind);
}

export interface PackingOutcome {
  print: TWorkflowPrintJob[];
  data: Record<string, unknown>;
}

function dims(pkg: PackageFact): string {
  return `${pkg.lengthCm}×${pkg.widthCm}×${pkg.heightCm}`;
}

export async function runPackingEffect(
  ports: EffectPorts,
  effect: PackingEffect,
): Promise<PackingOutcome> {
  switch (effect.kind) {
    case 'openPackage': {
      const { name, ...size } = effect.size;
      const [box] = await ports.door.createBoxes(1, size);
      if (!box) throw new Error('a package box not created');
      const opened: PackageFact = {
        boxId: box.id,
        number: box.number,
        barcode: box.barcode,
        sizeName: name,
        ...size,
      };
      return { print: [], data: { packages: [...effect.packages, opened] } };
    }
    case 'packItem': {
      // Packed by another run meanwhile (after this step read the order): never moved on from
      // that package into this one.
      const parcel = await ports.door.findParcel(effect.parcelNumber);
      if (parcel?.boxId !== null && parcel?.boxId !== effect.boxId) {
        throw refusal('stateChanged', 'packingItemAlreadyPacked', { item: effect.parcelNumber });
      }
      await ports.door.move({ parcelId: effect.parcelId, boxId: effect.boxId });
      return { print: [], data: {} };
    }
    case 'unpackItem':
      await ports.door.takeParcelOut(effect.parcelId);
      return { print: [], data: {} };
    case 'closePackage': {
      const pkg = effect.package;
      const box = await ports.door.findBoxById(pkg.boxId);
      if (!box || box.isClosed) {
        throw refusal('stateChanged', 'boxClosed', { barcode: pkg.barcode });
      }
      await ports.door.closeBox(pkg.boxId);
      const place = `${effect.index}/${effect.total}`;
      await ports.repository.events.record(
        { userId: ports.userId, warehouseId: ports.warehouseId, at: ports.now },
        'package.packed',
        {
          boxId: pkg.boxId,
          boxNumber: pkg.number,
          orderNumber: effect.orderNumber,
          place,
          weightGrams: effect.weightGrams,
          lengthCm: pkg.lengthCm,
          widthCm: pkg.widthCm,
          heightCm: pkg.heightCm,
          parcelNumbers: effect.parcelNumbers,
          isBoxClosed: true,
        },
        [pkg.barcode, ...effect.parcelNumbers],
      );
      return {
        print: [
          {
            barcodeName: 'box',
            barcodeData: [
              { name: 'barcode', value: pkg.barcode },
              { name: 'number', value: `${pkg.number} (${place})` },
              { name: 'client', value: `${effect.orderNumber} · ${place}` },
              { name: 'dims', value: dims(pkg) },
            ],
            copies: 1,
          },
        ],
        data: {},
      };
    }
  }
}
