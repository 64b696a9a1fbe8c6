import { CELL_ROWS, formatCellBarcode, formatCellName, formatZoneBarcode } from '@sorting/domain';
import { DEMO_AUDIT_SESSION } from './demo-audit-data.js';
import { DEMO_CONSOLIDATED_PARCELS, DEMO_CONSOLIDATIONS } from './demo-consolidation-data.js';
import {
  DEMO_BOXES,
  DEMO_DIMENSIONS,
  DEMO_INBOUNDS,
  DEMO_PARCELS,
  DEMO_RETURNABLE_BOXES,
  DEMO_SORTING_CENTER,
  DEMO_USERS,
  DEMO_WAREHOUSES,
  DEMO_WORKPLACES,
  countDemoCells,
  demoBoxBarcode,
  listDemoCells,
  type DemoUser,
  type DemoWarehouse,
} from './demo-data.js';
import { DEMO_DOCUMENTS } from './demo-documents-data.js';
import { listDemoReceiptEntries } from './demo-receipt-data.js';
import { DEMO_SHIPMENTS, DEMO_SUPPLIES, demoSupplyAcceptanceBarcode } from './demo-inbound-data.js';
import { DEMO_PICKING_CLIENTS } from './demo-picking-data.js';
import {
  DEMO_PLACING_RECIPIENTS,
  DEMO_STORAGE_SHIPMENT,
  DEMO_STORAGE_SUPPLY,
} from './demo-workflows-data.js';
import { DEMO_LOOSE_BOXES } from './demo-workflows-data.js';
import { listDemoTransitPickingEntries } from './demo-transit-picking-data.js';
import { DEMO_SHIPPED_ORDERS } from './demo-returns-data.js';
import { DEMO_LOADING_BOX_KEY, DEMO_LOADING_SHIPMENTS } from './demo-transit-loading-data.js';

// The demo data as a list of scannable objects (demo-data.ts): the docs/DEMO.md table
// (`npm run seed -- --table`), the demo sheet and the tests read it.

const SC = DEMO_SORTING_CENTER.number;

export type { DemoEntry, DemoEntryKind } from './demo-entry.js';
import { listDemoPackingEntries } from './demo-packing-data.js';
import { listDemoSkuPickingEntries } from './demo-sku-picking-data.js';
import type { DemoEntry } from './demo-entry.js';

function describeUser(user: DemoUser): string {
  const warehouse = DEMO_WAREHOUSES.find((w) => w.number === user.defaultWarehouseNumber);
  const parts = [user.name, user.roles.join(', ')];
  if (user.login) parts.push(`login ${user.login}, password ${user.password ?? '—'}`);
  if (warehouse) parts.push(`${warehouse.name} (${warehouse.number})`);
  return parts.join('; ');
}

function describeWarehouse(warehouse: DemoWarehouse): string {
  const mode =
    warehouse.sortingMode === 'SortingCenter' ? 'sorting centre' : 'warehouse, automove off';
  return `${warehouse.name}, code ${warehouse.code}, ${mode}; scanned as its number`;
}

/**
 * The demo objects to scan: users, warehouses, zones and a few example cells per zone
 * (first and last). `allCells` lists every cell instead.
 */
export function listDemoEntries(options: { allCells?: boolean } = {}): DemoEntry[] {
  const entries: DemoEntry[] = DEMO_USERS.map((user) => ({
    kind: 'user' as const,
    barcode: user.badge,
    description: describeUser(user),
  }));
  for (const warehouse of DEMO_WAREHOUSES) {
    entries.push({
      kind: 'warehouse',
      barcode: String(warehouse.number),
      description: describeWarehouse(warehouse),
    });
  }
  for (const warehouse of DEMO_WAREHOUSES) {
    for (const zone of warehouse.zones) {
      entries.push({
        kind: 'zone',
        barcode: formatZoneBarcode(warehouse.number, zone.number),
        description: `${zone.type} zone ${zone.number} «${zone.name}», ${warehouse.name}`,
      });
    }
  }
  for (const warehouse of DEMO_WAREHOUSES) {
    for (const zone of warehouse.zones) {
      const cells = listDemoCells(warehouse, zone);
      const shown = options.allCells ? cells : [cells[0], cells.at(-1)];
      for (const cell of shown) {
        if (!cell) continue;
        entries.push({
          kind: 'cell',
          barcode: cell.barcode,
          description: `cell ${cell.name}, ${zone.type} zone ${zone.number}, ${warehouse.name}`,
        });
      }
    }
  }
  for (const parcel of DEMO_PARCELS) {
    entries.push({
      kind: 'parcel',
      barcode: parcel.number,
      description: `${parcel.name}, ${parcel.sortingName}; ${parcel.note}; warehouse ${parcel.warehouseNumber}`,
    });
  }
  for (const box of DEMO_BOXES) {
    const cell = formatCellName(box);
    const state = box.isClosed ? 'closed' : box.sortingKey ? 'open' : 'open, empty';
    entries.push({
      kind: 'box',
      barcode: demoBoxBarcode(box),
      description: `box ${box.number} in cell ${cell}, ${state}${box.sortingKey ? `, collects ${box.sortingKey}` : ''}; warehouse ${box.warehouseNumber}`,
    });
  }
  for (const box of DEMO_LOOSE_BOXES) {
    entries.push({
      kind: 'box',
      barcode: demoBoxBarcode(box),
      description: `box ${box.number} in no cell, open, empty; ${box.note}; warehouse ${box.warehouseNumber}`,
    });
  }
  for (const inbound of DEMO_INBOUNDS) {
    entries.push({
      kind: 'acceptance-report',
      barcode: inbound.acceptanceBarcode,
      description: `supply ${inbound.number} from ${inbound.senderName}; warehouse ${inbound.warehouseNumber}`,
    });
  }
  for (const dimension of DEMO_DIMENSIONS) {
    entries.push({
      kind: 'dimension',
      barcode: dimension.barcode,
      description: `${dimension.name} ${dimension.length}×${dimension.width}×${dimension.height} cm; ${dimension.warehouseCode ?? 'all warehouses'}`,
    });
  }
  for (const box of DEMO_RETURNABLE_BOXES) {
    entries.push({
      kind: 'returnable-box',
      barcode: box.barcode,
      description: `returnable box ${box.number}, ${box.lengthCm}×${box.widthCm}×${box.heightCm} cm${box.locationName ? `, at ${box.locationName}` : ''}; warehouse ${box.warehouseNumber}`,
    });
  }
  for (const workplace of DEMO_WORKPLACES) {
    entries.push({
      kind: 'workplace',
      barcode: workplace.cellBarcode,
      description: `time tracking workplace «${workplace.name}»; sorting centre ${workplace.sortingCenterId}`,
    });
  }
  for (const order of DEMO_SHIPPED_ORDERS) {
    const items = order.items
      .map(
        (item) =>
          `${item.code} ${item.name} ×${item.quantity} at ${item.unitPriceKopecks / 100} ₽${item.disabledReasons.length ? ` (disabled: ${item.disabledReasons.join(', ')})` : ''}`,
      )
      .join('; ');
    entries.push({
      kind: 'return-parcel',
      barcode: order.parcelBarcode,
      description: `/returns: ${items}; ${order.note}; shipped from ${order.shipmentWarehouseNumber}`,
    });
  }
  for (const consolidation of DEMO_CONSOLIDATIONS) {
    const cell = `${consolidation.zoneNumber}-${consolidation.row}-${String(consolidation.col).padStart(2, '0')}`;
    const count = DEMO_CONSOLIDATED_PARCELS.filter(
      (parcel) =>
        parcel.warehouseNumber === consolidation.warehouseNumber &&
        parcel.boxNumber === consolidation.boxNumber,
    ).length;
    entries.push({
      kind: 'consolidation',
      barcode: demoBoxBarcode({
        warehouseNumber: consolidation.warehouseNumber,
        number: consolidation.boxNumber,
      }),
      description: `/deconsolidation: box in cell ${cell} (=${consolidation.warehouseNumber}-${cell}) for ${consolidation.destinationKey} ${consolidation.destinationName}, ${count} parcel${count === 1 ? '' : 's'}; ${consolidation.note}; warehouse ${consolidation.warehouseNumber}`,
    });
  }
  for (const document of DEMO_DOCUMENTS) {
    const names = document.contragents.map((contragent) => contragent.name).join(' / ');
    entries.push({
      kind: 'document',
      barcode: document.number,
      description: `/documents-flow: ${document.direction === 'in' ? 'incoming' : 'outgoing'} «${document.typeName}», state ${document.state}, ${document.daysAgo} day${document.daysAgo === 1 ? '' : 's'} ago, ${names}; ${document.note}; sorting centre ${document.sortingCenterId}`,
    });
  }
  for (const client of DEMO_PICKING_CLIENTS) {
    const count = client.parcels.length;
    entries.push({
      kind: 'recipient',
      barcode: client.code,
      description: `/picking: ${client.name}, ${client.deliveryType}, ${count} parcel${count === 1 ? '' : 's'} (${client.parcels.map((item) => item.number).join(', ')}); ${client.note}; warehouse ${client.warehouseNumber}`,
    });
  }
  for (const recipient of DEMO_PLACING_RECIPIENTS) {
    const numbers = recipient.parcels.map((item) => item.number).join(', ');
    entries.push({
      kind: 'recipient',
      barcode: recipient.code,
      description: `/parcels-placing: ${recipient.name}, parcels in no cell yet (${numbers}); warehouse ${SC}`,
    });
  }
  const storage = DEMO_STORAGE_SUPPLY;
  for (const parcel of storage.parcels) {
    entries.push({
      kind: 'parcel',
      barcode: parcel.number,
      description: `${parcel.name}, ${storage.clientName}; supply ${storage.code} arrived, in no cell (/place-to-storage)${parcel.needsSticker ? '; needs its sticker' : ''}; warehouse ${SC}`,
    });
  }
  entries.push({
    kind: 'supply',
    barcode: storage.code,
    description: `/place-to-storage: arrived (5), ${storage.clientName}, ${storage.parcels.length} parcels in no cell; warehouse ${SC}`,
  });
  entries.push({
    kind: 'shipment',
    barcode: DEMO_STORAGE_SHIPMENT.code,
    description: `/parcel-picking-in-storage: forming (1), parcels, ${DEMO_STORAGE_SHIPMENT.clientName}, ${DEMO_STORAGE_SHIPMENT.parcels.map((p) => p.number).join(', ')} in 3-c-01…3-c-03; warehouse ${SC}`,
  });
  entries.push(...listDemoTransitPickingEntries());
  entries.push({
    kind: 'audit-session',
    barcode: formatCellBarcode({ warehouseNumber: SC, zoneNumber: 6, ...DEMO_AUDIT_SESSION.cell }),
    description: `/audit: session ${DEMO_AUDIT_SESSION.note}; warehouse ${SC}`,
  });
  entries.push(...listDemoInboundEntries());
  entries.push(...listTransitLoadingEntries());
  entries.push(...listDemoSkuPickingEntries());
  entries.push(...listDemoPackingEntries());
  entries.push(...listDemoReceiptEntries());
  return entries;
}

/** The transit shipments to load and their picked boxes (demo-transit-loading-data.ts). */
function listTransitLoadingEntries(): DemoEntry[] {
  return DEMO_LOADING_SHIPMENTS.flatMap((shipment) => {
    const barcodes = shipment.boxNumbers.map((number) =>
      demoBoxBarcode({ warehouseNumber: SC, number }),
    );
    return [
      {
        kind: 'shipment' as const,
        barcode: shipment.code,
        description: `${shipment.note}: ready (2), transit to ${shipment.clientName}, boxes ${barcodes.join(', ')} picked; warehouse ${SC}`,
      },
      ...barcodes.map((barcode) => ({
        kind: 'box' as const,
        barcode,
        description: `closed box in no cell, picked for ${shipment.code}, collects ${DEMO_LOADING_BOX_KEY} (/loading, /loading-v2); warehouse ${SC}`,
      })),
    ];
  });
}

const SUPPLY_STATE_NAMES = ['', 'expected', 'sorting', 'accepted', 'stickering', 'arrived'];

/** The demo supplies, their details and the shipments (demo-inbound-data.ts). */
function listDemoInboundEntries(): DemoEntry[] {
  const entries: DemoEntry[] = [];
  for (const supply of DEMO_SUPPLIES) {
    entries.push({
      kind: 'supply',
      barcode: demoSupplyAcceptanceBarcode(supply),
      description: `/inbound: supply ${supply.code} (${supply.documentNumber}) from ${supply.senderName}, ${SUPPLY_STATE_NAMES[supply.state]}; ${supply.note}; warehouse ${supply.warehouseNumber}`,
    });
    for (const detail of supply.details) {
      entries.push({
        kind: 'supply-detail',
        barcode: detail.number,
        description: `${detail.name} ${detail.makeName} ${detail.detailNumber} ×${detail.quantity}, detail state ${detail.state} of ${supply.code}`,
      });
    }
  }
  for (const shipment of DEMO_SHIPMENTS) {
    entries.push({
      kind: 'shipment',
      barcode: shipment.code,
      description: `/shipment: ${shipment.name} for ${shipment.clientName}, ${shipment.details.length} detail${shipment.details.length === 1 ? '' : 's'}${shipment.syncKey ? `, integration code ${shipment.syncKey}` : ''}; ${shipment.note}; warehouse ${shipment.warehouseNumber}`,
    });
  }
  return entries;
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** The demo objects as a markdown table `| kind | barcode | description |`. */
export function renderDemoTable(): string {
  const lines = ['| kind | barcode | description |', '| --- | --- | --- |'];
  for (const entry of listDemoEntries()) {
    lines.push(
      `| ${entry.kind} | \`${escapeCell(entry.barcode)}\` | ${escapeCell(entry.description)} |`,
    );
  }
  const zoneSummaries = DEMO_WAREHOUSES.flatMap((warehouse) =>
    warehouse.zones.map((zone) =>
      zone.rowCount === 0
        ? `${warehouse.number}/${zone.number} ${zone.type}: no cells yet`
        : `${warehouse.number}/${zone.number} ${zone.type}: rows a–${CELL_ROWS[zone.rowCount - 1]} × cols 01–${String(zone.colCount).padStart(2, '0')}`,
    ),
  );
  lines.push(
    `| cell | \`=<warehouse>-<zone>-<row>-<col>\` | ${countDemoCells()} cells in all: ${zoneSummaries.join('; ')} |`,
  );
  return `${lines.join('\n')}\n`;
}
