import { DEFAULT_SORTING_CENTER_ID, type TPickingDeliveryType } from '@sorting/contracts';
import type { CellRow } from '@sorting/domain';

// The demo recipients of recipient picking (docs/DECISIONS.md "Recipient picking"):
// parcels P400001… in closed boxes _34717-121… standing in zone 8 «Выдача» of the sorting
// centre, and one recipient of warehouse 1201. demo-data.ts makes the boxes and parcels,
// seed.ts the recipients, their parcels and the picking held by the second demo worker.

const SC = DEFAULT_SORTING_CENTER_ID;
const REGULAR = 1201;

/** Zone 8 of the sorting centre: SITO rows a–c × 01–06, where parcels wait for recipients. */
export const DEMO_PICKING_ZONE = {
  number: 8,
  name: 'Выдача',
  type: 'SITO',
  rowCount: 3,
  colCount: 6,
} as const;

/** A closed box of recipients' parcels standing in a cell. */
export interface DemoPickingBox {
  warehouseNumber: number;
  boxNumber: number;
  zoneNumber: number;
  row: CellRow;
  col: number;
}

export const DEMO_PICKING_BOXES: readonly DemoPickingBox[] = [
  { warehouseNumber: SC, boxNumber: 121, zoneNumber: 8, row: 'a', col: 1 },
  { warehouseNumber: SC, boxNumber: 122, zoneNumber: 8, row: 'b', col: 3 },
  { warehouseNumber: SC, boxNumber: 123, zoneNumber: 8, row: 'a', col: 2 },
  { warehouseNumber: SC, boxNumber: 124, zoneNumber: 8, row: 'c', col: 1 },
  { warehouseNumber: SC, boxNumber: 125, zoneNumber: 8, row: 'a', col: 3 },
  { warehouseNumber: SC, boxNumber: 126, zoneNumber: 8, row: 'a', col: 4 },
  { warehouseNumber: SC, boxNumber: 127, zoneNumber: 8, row: 'a', col: 5 },
  { warehouseNumber: SC, boxNumber: 128, zoneNumber: 8, row: 'b', col: 1 },
  { warehouseNumber: SC, boxNumber: 129, zoneNumber: 8, row: 'b', col: 2 },
  // The delivery recipients' boxes (R-1012…R-1014).
  { warehouseNumber: SC, boxNumber: 141, zoneNumber: 8, row: 'c', col: 4 },
  { warehouseNumber: SC, boxNumber: 142, zoneNumber: 8, row: 'c', col: 5 },
  { warehouseNumber: SC, boxNumber: 143, zoneNumber: 8, row: 'c', col: 6 },
  // Warehouse 1201: zone 2 (Экспедиция), its last cell.
  { warehouseNumber: REGULAR, boxNumber: 121, zoneNumber: 2, row: 'd', col: 6 },
  // The recipients with a pincode, a power of attorney, gate mode, a balance check.
  { warehouseNumber: SC, boxNumber: 130, zoneNumber: 8, row: 'a', col: 6 },
  { warehouseNumber: SC, boxNumber: 131, zoneNumber: 8, row: 'b', col: 4 },
  { warehouseNumber: SC, boxNumber: 132, zoneNumber: 8, row: 'b', col: 5 },
  { warehouseNumber: SC, boxNumber: 133, zoneNumber: 8, row: 'b', col: 6 },
  { warehouseNumber: SC, boxNumber: 134, zoneNumber: 8, row: 'c', col: 2 },
  // The recipients who pay cash on delivery (cash, declined and silent terminal).
  { warehouseNumber: SC, boxNumber: 150, zoneNumber: 8, row: 'c', col: 4 },
  { warehouseNumber: SC, boxNumber: 151, zoneNumber: 8, row: 'c', col: 5 },
  { warehouseNumber: SC, boxNumber: 152, zoneNumber: 8, row: 'c', col: 6 },
];

/** A recipient's parcel: in a demo box, or in the returns area (box null). */
export interface DemoPickingParcel {
  number: string;
  name: string;
  makeName: string;
  detailNumber: string;
  boxNumber: number | null;
  cashOnDeliveryKopecks: number;
  /** yyyy-mm-dd. */
  storageDeadline: string;
}

/** Spec part 1 §3 "Picking client" as the demo seeds it. */
export interface DemoPickingClient {
  warehouseNumber: number;
  code: string;
  name: string;
  deliveryType: TPickingDeliveryType;
  warehouseCodeFrom: string;
  warehouseCodeTo: string;
  addressFrom: string;
  addressTo: string;
  parcels: readonly DemoPickingParcel[];
  /** The demo user (by number) whose open picking holds this recipient, if any. */
  heldByUserNumber: number | null;
  note: string;
  /** The validation fields of a client (part 1 §3); the defaults when absent. */
  rules?: DemoPickingRules;
}

/** Spec part 1 §3 validationType, pickingMode, allowedGateCells, balance fields; a pincode. */
export interface DemoPickingRules {
  validationType?: number;
  /** The pick-up code the recipient tells (seeded as a salted hash, printed in DEMO.md). */
  pincode?: string;
  pickingMode?: 'normal' | 'with_cell';
  allowedGateCells?: string[];
  balanceKopecks?: number;
  balanceDebetKopecks?: number;
  isNeedBalanceCheck?: boolean;
}

/** A storage deadline far ahead, and one already passed (highlighted on the process screen). */
const DEADLINE = '2030-12-31';
const PASSED_DEADLINE = '2026-01-15';

function parcel(
  number: string,
  name: string,
  boxNumber: number | null,
  extra: Partial<DemoPickingParcel> = {},
): DemoPickingParcel {
  return {
    number,
    name,
    makeName: 'Bosch',
    detailNumber: `BO-${number.slice(-4)}`,
    boxNumber,
    cashOnDeliveryKopecks: 0,
    storageDeadline: DEADLINE,
    ...extra,
  };
}

const SC_CODE = 'MSK-SC1';
const SC_ADDRESS = 'Москва, ул. Складская, 1';

function client(
  code: string,
  name: string,
  parcels: readonly DemoPickingParcel[],
  note: string,
  extra: Partial<DemoPickingClient> = {},
): DemoPickingClient {
  return {
    warehouseNumber: SC,
    code,
    name,
    deliveryType: 'SELF',
    warehouseCodeFrom: SC_CODE,
    warehouseCodeTo: SC_CODE,
    addressFrom: SC_ADDRESS,
    addressTo: SC_ADDRESS,
    parcels,
    heldByUserNumber: null,
    note,
    ...extra,
  };
}

/** A courier delivery from the sorting centre to Podolsk (tariffs exist). */
const PODOLSK_DELIVERY = {
  warehouseCodeTo: 'PDL-WH2',
  addressTo: 'Подольск, ул. Садовая, 5, кв. 12',
} as const;

export const DEMO_PICKING_CLIENTS: readonly DemoPickingClient[] = [
  client(
    'R-1001',
    'Смирнов Алексей',
    [parcel('P400001', 'Щётка стеклоочистителя', 121), parcel('P400002', 'Лампа H7', 122)],
    '2 parcels in 8-a-01 and 8-b-03; no validation',
  ),
  client(
    'R-1002',
    'Кузнецова Ольга',
    [
      parcel('P400003', 'Фильтр воздушный', 123),
      parcel('P400004', 'Фильтр салонный', 123),
      parcel('P400005', 'Свеча зажигания', 124),
    ],
    '3 parcels in 8-a-02 (two) and 8-c-01; no validation',
  ),
  client('R-1003', 'ПВЗ «Лесная, 7»', [parcel('P400006', 'Датчик кислорода', 125)], 'a PVZ', {
    deliveryType: 'PVZ',
    addressTo: 'Москва, ул. Лесная, 7',
  }),
  client(
    'R-1004',
    'Морозов Игорь',
    [parcel('P400007', 'Ремень генератора', 126), parcel('P400008', 'Ролик натяжной', null)],
    'P400008 lies in the returns area (row «возврат»)',
  ),
  client(
    'R-1005',
    'Волкова Елена',
    [parcel('P400009', 'Колодки задние', 127, { storageDeadline: PASSED_DEADLINE })],
    `storage deadline ${PASSED_DEADLINE} passed`,
  ),
  client(
    'R-1006',
    'Новиков Сергей',
    [parcel('P400010', 'Стойка стабилизатора', 128)],
    'its picking is held by Сидорова Анна (1002)',
    { heldByUserNumber: 1002 },
  ),
  client(
    'R-1007',
    'Соколова Ирина',
    [
      parcel('P400011', 'Насос топливный', 129, { cashOnDeliveryKopecks: 125_000 }),
      parcel('P400012', 'Прокладка', 129),
    ],
    'cash on delivery 1 250,00 ₽: end is refused (402) until it is paid (card or terminal)',
  ),
  // docs/DECISIONS.md "Delivery to a recipient": COURIER recipients, two with
  // tariffs MSK-SC1 → PDL-WH2 (demo-delivery-data.ts) and one without (MSK-SC1 → MSK-SC1).
  client(
    'R-1012',
    'Фёдоров Дмитрий',
    [
      parcel('P400101', 'Диск тормозной', 141),
      parcel('P400102', 'Суппорт', 141),
      parcel('P400103', 'Шланг тормозной', 141),
    ],
    'COURIER with tariffs MSK-SC1 → PDL-WH2: delivery offered, 3 parcels in 8-c-04',
    { deliveryType: 'COURIER', ...PODOLSK_DELIVERY },
  ),
  client(
    'R-1013',
    'Орлова Марина',
    [parcel('P400104', 'Радиатор', 142), parcel('P400105', 'Термостат', 142)],
    'COURIER with tariffs MSK-SC1 → PDL-WH2: delivery offered, 2 parcels in 8-c-05',
    { deliveryType: 'COURIER', ...PODOLSK_DELIVERY },
  ),
  client(
    'R-1014',
    'Зайцев Роман',
    [parcel('P400106', 'Ступица', 143)],
    'COURIER without a tariff (MSK-SC1 → MSK-SC1): no delivery offer',
    { deliveryType: 'COURIER', addressTo: 'Москва, ул. Мира, 12' },
  ),
  client(
    'R-2001',
    'Лебедев Павел',
    [parcel('P400013', 'Амортизатор', 121)],
    'of warehouse 1201: a worker of the sorting centre never sees it',
    {
      warehouseNumber: REGULAR,
      warehouseCodeFrom: 'PDL-WH2',
      warehouseCodeTo: 'PDL-WH2',
      addressFrom: 'Подольск, ул. Заводская, 3',
      addressTo: 'Подольск, ул. Заводская, 3',
    },
  ),
  // docs/DECISIONS.md "Picking validation".
  client(
    'R-1008',
    'Павлова Марина',
    [
      parcel('P400014', 'Колодки передние', 130),
      parcel('P400015', 'Диск тормозной', 131),
      parcel('P400016', 'Датчик ABS', 131),
    ],
    "3 parcels in 8-a-06 and 8-b-04 (two); ends with the recipient's pick-up code",
    { rules: { validationType: 1, pincode: '4821' } },
  ),
  client(
    'R-1009',
    'ООО «Автосервис Орлов»',
    [parcel('P400017', 'Масло моторное 5W-30', 132), parcel('P400018', 'Фильтр масляный', 132)],
    '2 parcels in 8-b-05; a power of attorney at the end',
    { rules: { validationType: 2 } },
  ),
  client(
    'R-1010',
    'Фёдоров Николай',
    [parcel('P400019', 'Рычаг подвески', 133), parcel('P400020', 'Сайлентблок', 134)],
    'gate mode: 2 parcels (8-b-06, 8-c-02) go into gate cell =34717-2-f-07 or =34717-2-f-08',
    {
      rules: { pickingMode: 'with_cell', allowedGateCells: ['=34717-2-f-07', '=34717-2-f-08'] },
    },
  ),
  client(
    'R-1011',
    'Зайцева Татьяна',
    [parcel('P400021', 'Генератор', 134, { cashOnDeliveryKopecks: 120_000 })],
    'balance 500,00 ₽ against cash on delivery 1 200,00 ₽: Begin is refused',
    { rules: { isNeedBalanceCheck: true, balanceKopecks: 50_000, balanceDebetKopecks: 0 } },
  ),
  // docs/DECISIONS.md "Picking payment": cash on delivery paid at the pick-up. The
  // simulated terminal declines an amount ending in ,13 ₽ and never answers one ending in ,14 ₽.
  client(
    'R-1020',
    'Белова Ксения',
    [
      parcel('P400201', 'Аккумулятор 60 А·ч', 150, { cashOnDeliveryKopecks: 60_000 }),
      parcel('P400202', 'Щётки стеклоочистителя', 150, { cashOnDeliveryKopecks: 43_450 }),
      parcel('P400203', 'Коврики салона', 150, { cashOnDeliveryKopecks: 20_000 }),
    ],
    'cash on delivery 1 234,50 ₽ in 8-c-04, pick-up code 1357; return the mats (200,00 ₽) ' +
      'with a reason and pay 1 034,50 ₽',
    { rules: { validationType: 1, pincode: '1357' } },
  ),
  client(
    'R-1021',
    'Гусев Артём',
    [parcel('P400204', 'Фара передняя', 151, { cashOnDeliveryKopecks: 99_913 })],
    'cash on delivery 999,13 ₽ in 8-c-05: the simulated terminal declines it (kopecks 13)',
  ),
  client(
    'R-1022',
    'Тихонова Вера',
    [parcel('P400205', 'Стартер', 152, { cashOnDeliveryKopecks: 50_014 })],
    'cash on delivery 500,14 ₽ in 8-c-06: the simulated terminal never answers (kopecks 14), ' +
      'the payment is cancelled after the timeout',
  ),
];

/** The demo parcels of the recipients, each with its recipient. */
export function listDemoPickingParcels(): {
  client: DemoPickingClient;
  parcel: DemoPickingParcel;
}[] {
  return DEMO_PICKING_CLIENTS.flatMap((owner) =>
    owner.parcels.map((item) => ({ client: owner, parcel: item })),
  );
}
