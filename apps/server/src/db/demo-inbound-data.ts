// Demo inbound supplies and outbound shipments (spec part 2 §3, §4; docs/DEMO.md): supplies of
// 34717 in each state 1–5, one archived 30 days ago, one needing stickering with its receipt
// place document, one with stickering disabled, details in states 1–4; shipments with and
// without an integration code. IN-0001 (demo-data.ts) stays expected until its `.69.` scan;
// IN-0002 is the supply of 1201.

/** A demo detail (a parcel of the supply): P43xxxx. */
export interface DemoSupplyDetail {
  number: string;
  name: string;
  detailName: string;
  makeName: string;
  detailNumber: string;
  orderNumber: string;
  quantity: number;
  /** Part 2 §4 detail state: 1 waiting, 2 received, 3 stickered, 4 cancelled. */
  state: 1 | 2 | 3 | 4;
}

export interface DemoSupply {
  code: string;
  warehouseNumber: number;
  senderName: string;
  documentNumber: string;
  /** Stored state (2 comes from a received detail of an arrived supply). */
  state: 1 | 2 | 3 | 4 | 5;
  createdDaysAgo: number;
  /** Days ago it arrived; null while expected. */
  arrivedDaysAgo: number | null;
  needsStickering: boolean;
  isStickeringDisabled: boolean;
  /** Its papers (`properties.documents`). */
  papers: { kind: string; number: string }[];
  details: DemoSupplyDetail[];
  note: string;
}

export interface DemoShipment {
  code: string;
  warehouseNumber: number;
  name: string;
  clientName: string;
  state: 1 | 2 | 3;
  syncKey: string | null;
  createdDaysAgo: number;
  details: { orderNumber: string; name: string; boxName: string | null; quantity: number }[];
  note: string;
}

const SC = 34717;

function detail(
  number: string,
  state: DemoSupplyDetail['state'],
  name: string,
  makeName: string,
  detailNumber: string,
  orderNumber: string,
  quantity = 1,
): DemoSupplyDetail {
  return { number, name, detailName: name, makeName, detailNumber, orderNumber, quantity, state };
}

export const DEMO_SUPPLIES: readonly DemoSupply[] = [
  {
    code: 'IN-0003',
    warehouseNumber: SC,
    senderName: 'ООО «ТехноПарт»',
    documentNumber: 'ТН-2026-0311',
    state: 5,
    createdDaysAgo: 2,
    arrivedDaysAgo: 1,
    needsStickering: true,
    isStickeringDisabled: false,
    papers: [{ kind: 'waybill', number: 'ТН-2026-0311' }],
    details: [
      detail('P430001', 1, 'Свеча зажигания', 'NGK', 'BKR6E', 'ORD-7001', 4),
      detail('P430002', 1, 'Ремень ГРМ', 'Gates', '5578XS', 'ORD-7002'),
      detail('P430003', 1, 'Помпа водяная', 'Hepu', 'P557', 'ORD-7003'),
    ],
    note: 'arrived (5), needs stickering: «Стикеровать» opens its receipt place',
  },
  {
    code: 'IN-0004',
    warehouseNumber: SC,
    senderName: 'ИП Кузнецов',
    documentNumber: 'ТН-2026-0298',
    state: 5,
    createdDaysAgo: 3,
    arrivedDaysAgo: 2,
    needsStickering: true,
    isStickeringDisabled: true,
    papers: [
      { kind: 'waybill', number: 'ТН-2026-0298' },
      { kind: 'invoice', number: 'СФ-118' },
    ],
    details: [
      detail('P430004', 2, 'Амортизатор задний', 'Kayaba', '343253', 'ORD-7004'),
      detail('P430005', 1, 'Опора амортизатора', 'Lemförder', '31486', 'ORD-7005'),
      detail('P430006', 4, 'Пыльник амортизатора', 'Sachs', '900073', 'ORD-7006'),
    ],
    note: 'sorting (2): a detail received; stickering disabled; a cancelled detail',
  },
  {
    code: 'IN-0005',
    warehouseNumber: SC,
    senderName: 'ООО «Автодеталь»',
    documentNumber: 'ТН-2026-0287',
    state: 4,
    createdDaysAgo: 4,
    arrivedDaysAgo: 3,
    needsStickering: true,
    isStickeringDisabled: false,
    papers: [{ kind: 'waybill', number: 'ТН-2026-0287' }],
    details: [
      detail('P430007', 3, 'Диск тормозной', 'Brembo', '09.A820.11', 'ORD-7007', 2),
      detail('P430008', 2, 'Датчик ABS', 'Bosch', '0265007896', 'ORD-7008'),
      detail('P430009', 1, 'Трос ручника', 'Cofle', '10.6880', 'ORD-7009'),
    ],
    note: 'stickering (4): a detail stickered, one received, one waiting',
  },
  {
    code: 'IN-0006',
    warehouseNumber: SC,
    senderName: 'ООО «Север-Авто»',
    documentNumber: 'ТН-2026-0254',
    state: 3,
    createdDaysAgo: 3,
    arrivedDaysAgo: 3,
    needsStickering: false,
    isStickeringDisabled: false,
    papers: [],
    details: [detail('P430010', 2, 'Фильтр салона', 'Mann', 'CU 2939', 'ORD-7010')],
    note: 'accepted (3) two days ago: in Архив',
  },
  {
    code: 'IN-0007',
    warehouseNumber: SC,
    senderName: 'ИП Смирнов',
    documentNumber: 'ТН-2026-0101',
    state: 3,
    createdDaysAgo: 30,
    arrivedDaysAgo: 29,
    needsStickering: false,
    isStickeringDisabled: false,
    papers: [],
    details: [detail('P430011', 2, 'Лампа H7', 'Osram', '64210', 'ORD-7011', 10)],
    note: 'accepted 30 days ago: in Архив only with a wider date range',
  },
  {
    code: 'IN-0008',
    warehouseNumber: SC,
    senderName: 'ООО «ТехноПарт»',
    documentNumber: 'ТН-2026-0320',
    state: 1,
    createdDaysAgo: 1,
    arrivedDaysAgo: null,
    needsStickering: true,
    isStickeringDisabled: false,
    papers: [],
    details: [detail('P430012', 1, 'Радиатор', 'Nissens', '63022A', 'ORD-7012')],
    note: 'expected (1), needs stickering but has no receipt place yet: f-0012',
  },
];

export const DEMO_SHIPMENTS: readonly DemoShipment[] = [
  {
    code: 'OUT-0001',
    warehouseNumber: SC,
    name: 'Рейс SPB-01',
    clientName: 'ООО «Север-Авто»',
    state: 2,
    syncKey: 'SYNC-7781',
    createdDaysAgo: 1,
    details: [
      { orderNumber: 'ORD-8001', name: 'Колодки тормозные', boxName: '_34717-1', quantity: 2 },
      { orderNumber: 'ORD-8002', name: 'Фильтр масляный', boxName: '_34717-1', quantity: 1 },
    ],
    note: 'ready, with an integration code to clear',
  },
  {
    code: 'OUT-0002',
    warehouseNumber: SC,
    name: 'Рейс KZN-02',
    clientName: 'ИП Кузнецов',
    state: 3,
    syncKey: null,
    createdDaysAgo: 2,
    details: [{ orderNumber: 'ORD-8003', name: 'Фара левая', boxName: null, quantity: 1 }],
    note: 'shipped, no integration code',
  },
  {
    code: 'OUT-0003',
    warehouseNumber: SC,
    name: 'Рейс EKB-03',
    clientName: 'ООО «Автодеталь»',
    state: 1,
    syncKey: 'SYNC-7790',
    createdDaysAgo: 3,
    details: [
      { orderNumber: 'ORD-8004', name: 'Бампер передний', boxName: '_34717-2', quantity: 1 },
    ],
    note: 'being formed, with an integration code',
  },
  {
    code: 'OUT-0004',
    warehouseNumber: 1201,
    name: 'Рейс PDL-1',
    clientName: 'ИП Смирнов',
    state: 2,
    syncKey: 'SYNC-1201',
    createdDaysAgo: 1,
    details: [{ orderNumber: 'ORD-8101', name: 'Лампа H7', boxName: null, quantity: 4 }],
    note: 'a shipment of warehouse 1201 (not shown to the centre)',
  },
];

/** The `.69.` barcode of a demo supply's acceptance report. */
export function demoSupplyAcceptanceBarcode(supply: DemoSupply): string {
  return `.69.${supply.code}`;
}
