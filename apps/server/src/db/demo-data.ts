import {
  DEMO_WORKFLOW_BOXES,
  DEMO_WORKFLOW_DESTINATION,
  DEMO_WORKFLOW_PARCELS,
  DEMO_WORKFLOW_RETURNABLE_BOX,
  DEMO_PLACING_RECIPIENTS,
  DEMO_STORAGE_SHIPMENT,
  clientKey,
  recipientKey,
} from './demo-workflows-data.js';
import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import { DEMO_LOADING_PALLETS } from './demo-transit-loading-data.js';
import {
  CELL_ROWS,
  formatBoxBarcode,
  formatCellBarcode,
  formatCellName,
  type CellRow,
  type SortingMode,
  type UserRole,
  type ZoneType,
} from '@sorting/domain';
import {
  DEMO_CONSOLIDATED_PARCELS,
  DEMO_CONSOLIDATIONS,
  DEMO_CONSOLIDATION_ZONE,
  type DemoConsolidatedParcel,
} from './demo-consolidation-data.js';
import {
  DEMO_PICKING_BOXES,
  DEMO_PICKING_ZONE,
  listDemoPickingParcels,
} from './demo-picking-data.js';
import {
  DEMO_AUDIT_BOXES,
  DEMO_AUDIT_PARCELS,
  DEMO_AUDIT_RETURNABLE_BOX,
  DEMO_AUDIT_ZONE,
} from './demo-audit-data.js';

/**
 * The demo data set: one source for the seed, the tests and the docs
 * (`npm run seed -- --table` prints it). Passwords and badge barcodes appear here in clear
 * because they are printed on demo badges; the database stores only their hashes.
 */

export interface DemoZone {
  number: number;
  name: string;
  type: ZoneType;
  /** Rows from 'a' on (spec part 1 §9: rows a–z). */
  rowCount: number;
  /** Columns 1..colCount. */
  colCount: number;
}

export interface DemoWarehouse {
  number: number;
  code: string;
  name: string;
  sortingMode: SortingMode;
  defaultZoneNumber: number | null;
  disableAutomove: boolean;
  isSinglePickingPerDevice: boolean;
  sortingCenterId: number | null;
  zones: DemoZone[];
}

export interface DemoUser {
  number: number;
  name: string;
  roles: UserRole[];
  /** Badge barcode as scanned; spec part 1 §4: a user barcode starts with '~'. */
  badge: string;
  login: string | null;
  password: string | null;
  defaultWarehouseNumber: number;
  sortingCenterId: number | null;
}

/** A device agent allowed on the printing hub; the key is in clear because it is a demo. */
export interface DemoPrinterAgent {
  appId: string;
  name: string;
  key: string;
}

/** docs/DEMO.md: the demo device agent connects to the printing hub with this key. */
export const DEMO_PRINTER_AGENTS: readonly DemoPrinterAgent[] = [
  { appId: 'DEMO-PC-1', name: 'Demo workstation', key: 'demo-agent-key' },
];

export interface DemoCell {
  number: number;
  name: string;
  row: CellRow;
  col: number;
  barcode: string;
}

export const DEMO_SORTING_CENTER: DemoWarehouse = {
  number: DEFAULT_SORTING_CENTER_ID,
  code: 'MSK-SC1',
  name: 'СЦ Москва — Север',
  sortingMode: 'SortingCenter',
  defaultZoneNumber: 1,
  disableAutomove: false,
  // A device runs one recipient's picking at a time.
  isSinglePickingPerDevice: true,
  sortingCenterId: DEFAULT_SORTING_CENTER_ID,
  zones: [
    { number: 1, name: 'Сито', type: 'SITO', rowCount: 26, colCount: 12 },
    { number: 2, name: 'Экспедиция', type: 'EXPEDITION', rowCount: 6, colCount: 8 },
    { number: 3, name: 'Быстрая отгрузка', type: 'FAST', rowCount: 4, colCount: 6 },
    { number: 4, name: 'Транзит', type: 'TRANSIT', rowCount: 3, colCount: 5 },
    { number: 5, name: 'Рекомендуемые ячейки', type: 'SUGGESTED', rowCount: 8, colCount: 10 },
    DEMO_AUDIT_ZONE,
    DEMO_CONSOLIDATION_ZONE,
    DEMO_PICKING_ZONE,
    // docs/DECISIONS.md "Topology": a zone without cells, to create them from /topology.
    { number: 9, name: 'Резерв', type: 'SITO', rowCount: 0, colCount: 0 },
  ],
};

export const DEMO_REGULAR_WAREHOUSE: DemoWarehouse = {
  number: 1201,
  code: 'PDL-WH2',
  name: 'Склад Подольск',
  sortingMode: 'Warehouse',
  defaultZoneNumber: 1,
  disableAutomove: true,
  isSinglePickingPerDevice: false,
  sortingCenterId: null,
  zones: [
    { number: 1, name: 'Сито', type: 'SITO', rowCount: 10, colCount: 10 },
    { number: 2, name: 'Экспедиция', type: 'EXPEDITION', rowCount: 4, colCount: 6 },
  ],
};

export const DEMO_WAREHOUSES: readonly DemoWarehouse[] = [
  DEMO_SORTING_CENTER,
  DEMO_REGULAR_WAREHOUSE,
];

const SC = DEMO_SORTING_CENTER.number;

export const DEMO_USERS: readonly DemoUser[] = [
  {
    number: 1001,
    name: 'Иванов Пётр',
    roles: ['worker'],
    badge: '~W1001-7KQ2',
    login: null,
    password: null,
    defaultWarehouseNumber: SC,
    sortingCenterId: SC,
  },
  {
    number: 1002,
    name: 'Сидорова Анна',
    roles: ['worker'],
    badge: '~W1002-3MX8',
    login: null,
    password: null,
    defaultWarehouseNumber: SC,
    sortingCenterId: SC,
  },
  {
    number: 2001,
    name: 'Петрова Мария',
    roles: ['supervisor'],
    badge: '~S2001-9TB4',
    login: 'petrova',
    password: 'demo-supervisor',
    defaultWarehouseNumber: SC,
    sortingCenterId: SC,
  },
  {
    number: 3001,
    name: 'Админов Олег',
    roles: ['administrator'],
    badge: '~A3001-5RZ6',
    login: 'admin',
    password: 'demo-admin',
    defaultWarehouseNumber: SC,
    sortingCenterId: SC,
  },
  {
    number: 1101,
    name: 'Козлов Дмитрий',
    roles: ['worker'],
    badge: '~W1101-2PL5',
    login: null,
    password: null,
    defaultWarehouseNumber: DEMO_REGULAR_WAREHOUSE.number,
    sortingCenterId: null,
  },
];

/** A time tracking workplace (spec part 1 §3 "Workplace"), chosen by its '=' barcode. */
export interface DemoWorkplace {
  cellBarcode: string;
  name: string;
  sortingCenterId: number;
}

/**
 * Workplaces of the demo sorting centre: `=<centre>-WP-<nn>`, a cell-type barcode of their own
 * (not a sorting cell), so scanning one on the time tracking screen selects it.
 */
export const DEMO_WORKPLACES: readonly DemoWorkplace[] = [
  { cellBarcode: `=${SC}-WP-01`, name: 'Приёмка, стол 1', sortingCenterId: SC },
  { cellBarcode: `=${SC}-WP-02`, name: 'Приёмка, стол 2', sortingCenterId: SC },
  { cellBarcode: `=${SC}-WP-03`, name: 'Сито, линия 1', sortingCenterId: SC },
  { cellBarcode: `=${SC}-WP-04`, name: 'Экспедиция', sortingCenterId: SC },
  { cellBarcode: `=${SC}-WP-05`, name: 'Упаковка возвратов', sortingCenterId: SC },
];

/** An inbound supply; its acceptance report barcode starts with `.69.` (spec part 1 §4). */
export interface DemoInbound {
  number: string;
  warehouseNumber: number;
  senderName: string;
  acceptanceBarcode: string;
}

/** A sorting box standing in a cell. */
export interface DemoBox {
  number: number;
  warehouseNumber: number;
  zoneNumber: number;
  row: CellRow;
  col: number;
  /** The sorting key the box collects; null for an empty open box. */
  sortingKey: string | null;
  isClosed: boolean;
}

/** A parcel to sort (spec part 1 §3 "Parcel (sorting)"). */
export interface DemoParcel {
  /** The barcode as printed and scanned. */
  number: string;
  warehouseNumber: number;
  name: string;
  sortingKey: string;
  sortingName: string;
  routeNumber: string | null;
  inboundNumber: string | null;
  /** The demo box it already lies in, or null. */
  boxNumber: number | null;
  needsMeasure: boolean;
  needsWeight: boolean;
  needsSticker: boolean;
  attentionMessage: string | null;
  clientName: string;
  makeName: string;
  detailNumber: string;
  detailName: string;
  quantity: number;
  /** What a newcomer can try with it (docs/DEMO.md). */
  note: string;
  /** Measures in cm and weight in grams; absent or null: not measured. */
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  weightGrams?: number | null;
}

/**
 * Spec part 2 §3 "Dimension type"; warehouseCode null: common to all warehouses. The row's
 * fields as the answer shows them, without the id the database gives.
 */
export interface DemoDimension {
  name: string;
  barcode: string;
  length: number;
  width: number;
  height: number;
  warehouseCode: string | null;
}

/** Spec part 1 §3 "Returnable box". */
export interface DemoReturnableBox {
  number: number;
  warehouseNumber: number;
  barcode: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  /** Where it was last put (ContainerAccounting/move): a cell barcode or a place code. */
  locationCode?: string;
  locationName?: string;
}

/** The destinations parcels are sorted by (sorting key → name). */
export const DEMO_DESTINATIONS = {
  'SPB-01': 'Санкт-Петербург',
  'MSK-YUG': 'Москва — Юг',
  'EKB-03': 'Екатеринбург',
  'KZN-02': 'Казань',
  'NSK-04': 'Новосибирск',
  [DEMO_WORKFLOW_DESTINATION.key]: DEMO_WORKFLOW_DESTINATION.name,
} as const;
type DemoDestination = keyof typeof DEMO_DESTINATIONS;

export const DEMO_INBOUNDS: readonly DemoInbound[] = [
  {
    number: 'IN-0001',
    warehouseNumber: SC,
    senderName: 'ООО «Автодеталь»',
    acceptanceBarcode: '.69.IN-0001',
  },
  {
    number: 'IN-0002',
    warehouseNumber: DEMO_REGULAR_WAREHOUSE.number,
    senderName: 'ИП Смирнов',
    acceptanceBarcode: '.69.IN-0002',
  },
];

export const DEMO_BOXES: readonly DemoBox[] = [
  // SITO: a box already collecting SPB-01, an empty open box, a tied-up (closed) box.
  {
    number: 1,
    warehouseNumber: SC,
    zoneNumber: 1,
    row: 'a',
    col: 1,
    sortingKey: 'SPB-01',
    isClosed: false,
  },
  {
    number: 2,
    warehouseNumber: SC,
    zoneNumber: 1,
    row: 'a',
    col: 2,
    sortingKey: null,
    isClosed: false,
  },
  {
    number: 3,
    warehouseNumber: SC,
    zoneNumber: 1,
    row: 'a',
    col: 3,
    sortingKey: 'KZN-02',
    isClosed: true,
  },
  // EXPEDITION: the box collecting MSK-YUG, the automove target.
  {
    number: 4,
    warehouseNumber: SC,
    zoneNumber: 2,
    row: 'a',
    col: 1,
    sortingKey: 'MSK-YUG',
    isClosed: false,
  },
  // TRANSIT: the box collecting route R-101.
  {
    number: 5,
    warehouseNumber: SC,
    zoneNumber: 4,
    row: 'a',
    col: 1,
    sortingKey: 'route:R-101',
    isClosed: false,
  },
  {
    number: 1,
    warehouseNumber: DEMO_REGULAR_WAREHOUSE.number,
    zoneNumber: 1,
    row: 'a',
    col: 1,
    sortingKey: 'SPB-01',
    isClosed: false,
  },
  // The consolidated boxes stand closed in their cells with the destination's key.
  ...DEMO_CONSOLIDATIONS.map((c) => ({
    number: c.boxNumber,
    warehouseNumber: c.warehouseNumber,
    zoneNumber: c.zoneNumber,
    row: c.row,
    col: c.col,
    sortingKey: c.destinationKey,
    isClosed: true,
  })),
  // The recipients' parcels lie in closed boxes in zone 8 «Выдача».
  ...DEMO_PICKING_BOXES.map((box) => ({
    number: box.boxNumber,
    warehouseNumber: box.warehouseNumber,
    zoneNumber: box.zoneNumber,
    row: box.row,
    col: box.col,
    sortingKey: 'MSK-YUG',
    isClosed: true,
  })),
  // The boxes of the audit zone 6.
  ...DEMO_AUDIT_BOXES.map((box) => ({ ...box, warehouseNumber: SC, zoneNumber: 6 })),
  // The guided workflows' destination OMS-05 in zone 1 (demo-workflows-data.ts).
  ...DEMO_WORKFLOW_BOXES.map((box) => ({
    ...box,
    warehouseNumber: SC,
    zoneNumber: 1,
    sortingKey: DEMO_WORKFLOW_DESTINATION.key,
    isClosed: false,
  })),
  // The storage picking's shipment OUT-0101 in the FAST zone 3 (demo-workflows-data.ts).
  ...DEMO_STORAGE_SHIPMENT.boxes.map((box) => ({
    ...box,
    warehouseNumber: SC,
    zoneNumber: 3,
    sortingKey: clientKey(DEMO_STORAGE_SHIPMENT.clientName),
    isClosed: false,
  })),
];

function demoParcel(
  number: string,
  destination: DemoDestination,
  note: string,
  extra: Partial<DemoParcel> = {},
): DemoParcel {
  return {
    number,
    warehouseNumber: SC,
    name: 'Колодки тормозные передние',
    sortingKey: destination,
    sortingName: DEMO_DESTINATIONS[destination],
    routeNumber: null,
    inboundNumber: 'IN-0001',
    boxNumber: null,
    needsMeasure: false,
    needsWeight: false,
    needsSticker: false,
    attentionMessage: null,
    clientName: 'ООО «Север-Авто»',
    makeName: 'Febest',
    detailNumber: '0187-ACV40F',
    detailName: 'Колодки тормозные',
    quantity: 1,
    note,
    ...extra,
  };
}

/** A parcel of a consolidated box (demo-consolidation-data.ts), sorted to its box's key. */
function consolidatedParcel(parcel: DemoConsolidatedParcel): DemoParcel {
  const { boxNumber, warehouseNumber, name } = parcel;
  const consolidation = DEMO_CONSOLIDATIONS.find(
    (c) => c.boxNumber === boxNumber && c.warehouseNumber === warehouseNumber,
  );
  if (!consolidation) throw new Error(`demo parcel ${parcel.number}: no consolidation`);
  return demoParcel(
    parcel.number,
    consolidation.destinationKey,
    `consolidated in box ${boxNumber} (/deconsolidation)`,
    {
      warehouseNumber,
      boxNumber,
      name,
      detailName: name,
      inboundNumber: null,
      lengthCm: parcel.lengthCm,
      widthCm: parcel.widthCm,
      heightCm: parcel.heightCm,
      weightGrams: parcel.weightGrams,
    },
  );
}

/** A parcel lying in a box of the audit zone 6 (demo-audit-data.ts), sorted to its box's key. */
function auditParcel({ number, boxNumber, name }: (typeof DEMO_AUDIT_PARCELS)[number]): DemoParcel {
  const box = DEMO_AUDIT_BOXES.find((candidate) => candidate.number === boxNumber);
  if (!box) throw new Error(`demo parcel ${number}: no audit box`);
  const cell = formatCellName({ ...box, zoneNumber: 6 });
  return demoParcel(number, box.sortingKey, `in box ${boxNumber} of cell ${cell} (/audit)`, {
    boxNumber,
    name,
    detailName: name,
    inboundNumber: null,
  });
}

export const DEMO_PARCELS: readonly DemoParcel[] = [
  demoParcel('P100001', 'SPB-01', 'SPB-01: goes to the box in 1-a-01 (sito) with its route'),
  demoParcel('P100002', 'SPB-01', 'SPB-01: a second one for the same box', {
    name: 'Фильтр масляный',
    makeName: 'Daimler AG',
    detailNumber: 'A2711800410',
    detailName: 'Фильтр масляный',
  }),
  demoParcel('P100003', 'MSK-YUG', 'MSK-YUG: in zone 2 the automove puts it into 2-a-01', {
    routeNumber: 'R-202',
    name: 'Фара левая',
    makeName: 'Depo',
    detailNumber: '212-11P3L-LD-EM',
    detailName: 'Фара',
  }),
  demoParcel('P100004', 'EKB-03', 'EKB-03: needs measure and weight first', {
    needsMeasure: true,
    needsWeight: true,
    name: 'Бампер передний',
    makeName: 'Peugeot / Citroen',
    detailNumber: '7401HE',
    detailName: 'Бампер',
  }),
  demoParcel('P100005', 'KZN-02', 'KZN-02: needs its sticker printed; its box 3 is closed', {
    needsSticker: true,
    routeNumber: 'R-101',
  }),
  demoParcel('P100006', 'NSK-04', 'NSK-04: carries an attention message (damage check)', {
    attentionMessage: 'Упаковка вскрыта, проверьте содержимое',
    name: 'Стекло зеркала',
    makeName: 'Suzuki',
    detailNumber: '84702-64J00',
    detailName: 'Зеркало',
  }),
  demoParcel('P100007', 'KZN-02', 'route R-101: in zone 4 (transit) goes to 4-a-01', {
    routeNumber: 'R-101',
  }),
  demoParcel(
    'P100008',
    'SPB-01',
    'SPB-01: already in box 1 (1-a-01); its cell answers "already here"',
    {
      boxNumber: 1,
      inboundNumber: null,
    },
  ),
  demoParcel('P100009', 'SPB-01', 'SPB-01: already in box 1 (1-a-01)', {
    boxNumber: 1,
    inboundNumber: null,
  }),
  demoParcel('P100010', 'EKB-03', 'EKB-03: needs weight only; its sizes are known, 40x30x20 cm', {
    needsWeight: true,
    lengthCm: 40,
    widthCm: 30,
    heightCm: 20,
  }),
  demoParcel('P100011', 'MSK-YUG', 'MSK-YUG: plain', { inboundNumber: null }),
  demoParcel('P100012', 'NSK-04', 'NSK-04: a new destination, takes an empty box or cell', {
    inboundNumber: null,
  }),
  demoParcel('P120001', 'SPB-01', 'a parcel of warehouse 1201 (not of the sorting centre)', {
    warehouseNumber: DEMO_REGULAR_WAREHOUSE.number,
    inboundNumber: 'IN-0002',
  }),
  // Its printed number read from its label (/extract-text, the scan panel's «Прочитать текст»).
  demoParcel('P470001', 'SPB-01', 'SPB-01: plain, sorted by its number read from the label', {
    inboundNumber: null,
    name: 'Фара левая Hella',
    detailName: 'Фара',
  }),
  ...DEMO_CONSOLIDATED_PARCELS.map(consolidatedParcel),
  ...DEMO_WORKFLOW_PARCELS.map(({ number, boxNumber, name }) =>
    demoParcel(number, DEMO_WORKFLOW_DESTINATION.key, `/consolidation: in box ${boxNumber}`, {
      boxNumber,
      name,
      detailName: name,
      inboundNumber: null,
    }),
  ),
  ...DEMO_PLACING_RECIPIENTS.flatMap((recipient) =>
    recipient.parcels.map(({ number, name }) =>
      demoParcel(number, 'MSK-YUG', `recipient ${recipient.code}: in no cell (/parcels-placing)`, {
        sortingKey: recipientKey(recipient.code),
        sortingName: recipient.name,
        inboundNumber: null,
        name,
        detailName: name,
        clientName: recipient.name,
      }),
    ),
  ),
  ...DEMO_STORAGE_SHIPMENT.parcels.map(({ number, name, boxNumber }) =>
    demoParcel(
      number,
      'MSK-YUG',
      `shipment ${DEMO_STORAGE_SHIPMENT.code}: in box ${boxNumber} (/parcel-picking-in-storage)`,
      {
        sortingKey: clientKey(DEMO_STORAGE_SHIPMENT.clientName),
        sortingName: DEMO_STORAGE_SHIPMENT.clientName,
        boxNumber,
        inboundNumber: null,
        name,
        detailName: name,
        clientName: DEMO_STORAGE_SHIPMENT.clientName,
      },
    ),
  ),
  ...listDemoPickingParcels().map(({ client, parcel }) =>
    demoParcel(parcel.number, 'MSK-YUG', `for recipient ${client.code} (/picking)`, {
      warehouseNumber: client.warehouseNumber,
      boxNumber: parcel.boxNumber,
      inboundNumber: null,
      name: parcel.name,
      detailName: parcel.name,
      makeName: parcel.makeName,
      detailNumber: parcel.detailNumber,
      clientName: client.name,
    }),
  ),
  ...DEMO_AUDIT_PARCELS.map(auditParcel),
];

export const DEMO_DIMENSIONS: readonly DemoDimension[] = [
  { name: 'Короб S', barcode: 'DIM-S', length: 30, width: 20, height: 15, warehouseCode: null },
  { name: 'Короб M', barcode: 'DIM-M', length: 40, width: 30, height: 25, warehouseCode: null },
  {
    name: 'Паллета',
    barcode: 'DIM-PAL',
    length: 120,
    width: 80,
    height: 100,
    warehouseCode: DEMO_SORTING_CENTER.code,
  },
  {
    name: 'Короб XL',
    barcode: 'DIM-XL',
    length: 80,
    width: 60,
    height: 50,
    warehouseCode: DEMO_SORTING_CENTER.code,
  },
];

export const DEMO_RETURNABLE_BOXES: readonly DemoReturnableBox[] = [
  { number: 1, warehouseNumber: SC, barcode: '_R34717-1', lengthCm: 60, widthCm: 40, heightCm: 30 },
  { number: 2, warehouseNumber: SC, barcode: '_R34717-2', lengthCm: 60, widthCm: 40, heightCm: 30 },
  {
    number: 3,
    warehouseNumber: SC,
    barcode: '_R34717-3',
    lengthCm: 60,
    widthCm: 40,
    heightCm: 30,
    locationCode: '=34717-1-a-05',
    locationName: '1-a-05',
  },
  {
    number: 4,
    warehouseNumber: SC,
    barcode: '_R34717-4',
    lengthCm: 40,
    widthCm: 30,
    heightCm: 20,
    locationCode: 'GATE-1',
    locationName: 'Ворота 1',
  },
  {
    number: 5,
    warehouseNumber: SC,
    barcode: '_R34717-5',
    lengthCm: 40,
    widthCm: 30,
    heightCm: 20,
    locationCode: '=34717-2-a-03',
    locationName: '2-a-03',
  },
  { number: 6, warehouseNumber: SC, barcode: '_R34717-6', lengthCm: 80, widthCm: 60, heightCm: 40 },
  {
    number: 1,
    warehouseNumber: DEMO_REGULAR_WAREHOUSE.number,
    barcode: '_R1201-1',
    lengthCm: 60,
    widthCm: 40,
    heightCm: 30,
    locationCode: '=1201-1-a-02',
    locationName: '1-a-02',
  },
  DEMO_AUDIT_RETURNABLE_BOX,
  DEMO_WORKFLOW_RETURNABLE_BOX,
  ...DEMO_LOADING_PALLETS,
];

/** A demo box's barcode, in the one box barcode format of @sorting/domain. */
export function demoBoxBarcode(box: Pick<DemoBox, 'warehouseNumber' | 'number'>): string {
  return formatBoxBarcode(box.warehouseNumber, box.number);
}

/** The cells of a zone, row by row: a-01, a-02, ..., then b-01, ... */
export function listDemoCells(warehouse: DemoWarehouse, zone: DemoZone): DemoCell[] {
  const cells: DemoCell[] = [];
  for (const row of CELL_ROWS.slice(0, zone.rowCount)) {
    for (let col = 1; col <= zone.colCount; col += 1) {
      const address = { warehouseNumber: warehouse.number, zoneNumber: zone.number, row, col };
      cells.push({
        number: cells.length + 1,
        name: formatCellName(address),
        row,
        col,
        barcode: formatCellBarcode(address),
      });
    }
  }
  return cells;
}

/** Number of demo cells in all warehouses. */
export function countDemoCells(): number {
  return DEMO_WAREHOUSES.flatMap((w) => w.zones).reduce(
    (sum, zone) => sum + zone.rowCount * zone.colCount,
    0,
  );
}
