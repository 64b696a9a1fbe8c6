import { DEFAULT_SORTING_CENTER_ID, type TReturnReasonCode } from '@sorting/contracts';

/** One item of a shipped demo parcel (docs/DEMO.md, "Returns"). */
export interface DemoShippedItem {
  code: string;
  name: string;
  article: string;
  brand: string;
  quantity: number;
  /** Unit price in kopecks. */
  unitPriceKopecks: number;
  /** The product picture, served by the web app from /demo/products/. */
  picture: string;
  disabledReasons: TReturnReasonCode[];
}

/** A shipped demo parcel customers return items of. */
export interface DemoShippedOrder {
  parcelBarcode: string;
  shipmentWarehouseNumber: number;
  /** Shipped this many days before the seed ran. */
  shippedDaysAgo: number;
  items: DemoShippedItem[];
  /** Seeded as returned in full already (its items have nothing left to return). */
  isFullyReturned: boolean;
  note: string;
}

/** The demo worker who accepted the seeded return of P300004. */
export const DEMO_RETURN_USER_NUMBER = 1001;

function order(
  parcelBarcode: string,
  items: Omit<DemoShippedItem, 'code' | 'disabledReasons'>[],
  note: string,
  options: { isFullyReturned?: boolean; disabled?: Record<number, TReturnReasonCode[]> } = {},
): DemoShippedOrder {
  const number = parcelBarcode.slice(1);
  return {
    parcelBarcode,
    shipmentWarehouseNumber: DEFAULT_SORTING_CENTER_ID,
    shippedDaysAgo: 3,
    isFullyReturned: options.isFullyReturned ?? false,
    note,
    items: items.map((item, index) => ({
      ...item,
      code: `ITM-${number}-${index + 1}`,
      disabledReasons: options.disabled?.[index] ?? [],
    })),
  };
}

const item = (
  name: string,
  article: string,
  brand: string,
  quantity: number,
  rubles: number,
  picture: string,
) => ({ name, article, brand, quantity, unitPriceKopecks: rubles * 100, picture });

/** Shipped parcels of warehouse 34717 for the /returns screen and its e2e tests. */
export const DEMO_SHIPPED_ORDERS: readonly DemoShippedOrder[] = [
  order('P300001', [item('Чайник электрический', 'A-1001', 'Acme', 1, 2490, 'kettle')], 'one item'),
  order(
    'P300002',
    [item('Кружка керамическая', 'A-1002', 'Lumo', 3, 590, 'mug')],
    'three of one item: the count is chosen first',
  ),
  order(
    'P300003',
    [
      item('Футболка хлопковая', 'A-1003', 'Nord', 1, 1290, 'tshirt'),
      item('Носки, 3 пары', 'A-1004', 'Nord', 2, 450, 'socks'),
    ],
    'two items; reason «fake» disabled for the T-shirt',
    { disabled: { 0: ['fake'] } },
  ),
  order(
    'P300004',
    [item('Лампа настольная', 'A-1005', 'Acme', 1, 1890, 'lamp')],
    'already returned in full: nothing left to return',
    { isFullyReturned: true },
  ),
  order(
    'P300005',
    [item('Наушники', 'A-1006', 'Sonic', 1, 3990, 'headphones')],
    'e2e: another_reason',
  ),
  order(
    'P300006',
    [item('Power bank', 'A-1007', 'Volt', 1, 1990, 'powerbank')],
    'e2e: damage_item',
  ),
  order('P300007', [item('Часы наручные', 'A-1008', 'Tik', 1, 5990, 'watch')], 'e2e: fake'),
  order('P300008', [item('Рюкзак', 'A-1009', 'Trail', 1, 2990, 'backpack')], 'e2e: oversort'),
  order(
    'P300009',
    [item('Фен', 'A-1010', 'Breeze', 1, 2590, 'dryer')],
    'e2e: manufacturing_defects (2 photos)',
  ),
  order(
    'P300010',
    [item('Ваза стеклянная', 'A-1011', 'Glass&Co', 1, 1490, 'vase')],
    'e2e: damaged (3 photos)',
  ),
  order('P300011', [item('Книга', 'A-1012', 'Read', 1, 690, 'book')], 'spare, for a manual try'),
  // Its own parcel: the photo step's hand-over to /capture-image (e2e capture-image.spec.ts).
  order(
    'P300012',
    [item('Кружка термо', 'A-1013', 'Lumo', 1, 890, 'mug')],
    'e2e: a photo through /capture-image',
  ),
];

/** The picture URL of a demo product. */
export function demoProductImage(picture: string): string {
  return `/demo/products/${picture}.svg`;
}
