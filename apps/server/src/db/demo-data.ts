import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';
import {
  CELL_ROWS,
  formatCellBarcode,
  formatCellName,
  formatZoneBarcode,
  type CellRow,
  type SortingMode,
  type UserRole,
  type ZoneType,
} from '@sorting/domain';

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
  isSinglePickingPerDevice: false,
  sortingCenterId: DEFAULT_SORTING_CENTER_ID,
  zones: [
    { number: 1, name: 'Сито', type: 'SITO', rowCount: 26, colCount: 12 },
    { number: 2, name: 'Экспедиция', type: 'EXPEDITION', rowCount: 6, colCount: 8 },
    { number: 3, name: 'Быстрая отгрузка', type: 'FAST', rowCount: 4, colCount: 6 },
    { number: 4, name: 'Транзит', type: 'TRANSIT', rowCount: 3, colCount: 5 },
    { number: 5, name: 'Рекомендуемые ячейки', type: 'SUGGESTED', rowCount: 8, colCount: 10 },
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

export type DemoEntryKind = 'user' | 'warehouse' | 'zone' | 'cell';

/** One scannable demo object for docs and tests. */
export interface DemoEntry {
  kind: DemoEntryKind;
  barcode: string;
  description: string;
}

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
    warehouse.zones.map(
      (zone) =>
        `${warehouse.number}/${zone.number} ${zone.type}: rows a–${CELL_ROWS[zone.rowCount - 1]} × cols 01–${String(zone.colCount).padStart(2, '0')}`,
    ),
  );
  lines.push(
    `| cell | \`=<warehouse>-<zone>-<row>-<col>\` | ${countDemoCells()} cells in all: ${zoneSummaries.join('; ')} |`,
  );
  return `${lines.join('\n')}\n`;
}
