import type {
  DELIVERY_ROUTES,
  PICKING_DELIVERY_ROUTES,
  TDeliveryCreated,
  TDeliveryItem,
  TDimension,
  TEndResult,
  TPickingDeliveryResult,
  TPickingInfo,
} from '@sorting/contracts';
import type { CallResult, FlatCallInput } from '../../lib/api-client';
import type { PickingPorts } from './picking.model';
import type { PrintOutcome, PrintRequest } from '../../shell';
import { PAGES } from '../../lib/page-paths';

// The delivery machine's types (delivery.machine.ts; spec part 2 §2 Delivery steps, §3
// "Delivery", "Delivery item", §4 Delivery flow, §5, §8 delivery.store;
// docs/DECISIONS.md "Delivery to a recipient").

/**
 * Spec part 2 §8 delivery.store (catalogue keys `delivery.store.f-00NN` of `picking`): f-0001
 * and f-0002 items, f-0003 no picking, f-0004 info, f-0005/f-0006 create, f-0007/f-0008 finish
 * (and skip), f-0009/f-0010 measure, f-0011/f-0012 end, f-0013 nothing printed, f-0014 printed
 * (ok), f-0015 print failure.
 */
export const DELIVERY_CODES = [
  'f-0001',
  'f-0002',
  'f-0003',
  'f-0004',
  'f-0005',
  'f-0006',
  'f-0007',
  'f-0008',
  'f-0009',
  'f-0010',
  'f-0011',
  'f-0012',
  'f-0013',
  'f-0014',
  'f-0015',
] as const;
export type DeliveryCode = (typeof DELIVERY_CODES)[number];

/** Where the delivery flow leaves to (spec part 2 §2, §4 Delivery flow). */
export const PICKING_LIST_PATH = PAGES.picking;

export interface DeliveryError {
  code: DeliveryCode;
  /** The server's or the printer's message; null without one. */
  message: string | null;
}

/** An inline error of the measure form (nothing is sent). */
export type MeasureProblem = 'count' | 'sides' | 'weight' | 'dimensionNotFound' | 'scale';

/** The measure form: what is typed or scanned, as text (cm, kg). */
export interface MeasureForm {
  itemId: number;
  length: string;
  width: string;
  height: string;
  weight: string;
}

export type MeasureField = 'length' | 'width' | 'height' | 'weight';

export interface DeliveryPorts {
  info(recipientCode: string): Promise<CallResult<TPickingInfo>>;
  items(deliveryId: number): Promise<CallResult<TDeliveryItem[]>>;
  create(
    input: FlatCallInput<typeof DELIVERY_ROUTES.create>,
  ): Promise<CallResult<TDeliveryCreated>>;
  measure(input: FlatCallInput<typeof DELIVERY_ROUTES.measure>): Promise<CallResult<TDeliveryItem>>;
  /** `picking/delivery`: finish with a delivery id, skip without one. */
  finish(
    input: FlatCallInput<typeof PICKING_DELIVERY_ROUTES.delivery>,
  ): Promise<CallResult<TPickingDeliveryResult>>;
  /** The pick-up's own end (no proof: the delivery takes the parcels). */
  end: PickingPorts['end'];
  dimension(barcode: string): Promise<CallResult<TDimension>>;
  /** A stable weight in kg from the scale; rejects without one. */
  readWeight(): Promise<number>;
  /**
   * A number as the form shows it, in the interface's decimals («1,25» in ru, "1.25" in en),
   * up to three decimals (grams of a weight in kg).
   */
  decimalText(value: number): string;
  print(request: PrintRequest): Promise<PrintOutcome>;
  createOperationId(): string;
  /** LAST_PICKING_RECIPIENT cleared (END, part 1 §9). */
  forgetRecipient(): void;
  navigate(path: string): void;
  /** An error toast (with the error sound). */
  notifyError(error: DeliveryError): void;
  /** f-0014: every sticker printed. */
  notifyPrinted(count: number): void;
}

export interface DeliveryInput {
  ports: DeliveryPorts;
  pickingId: number;
  /** The current recipient: the store's, else LAST_PICKING_RECIPIENT; null without one. */
  recipientCode: string | null;
}

export interface DeliveryContext {
  ports: DeliveryPorts;
  pickingId: number;
  recipientCode: string | null;
  info: TPickingInfo | null;
  deliveryId: number | null;
  /** yyyy-mm-dd when the delivery was created on this page (the sticker's date). */
  sendDate: string | null;
  items: TDeliveryItem[];
  /** START: how many packages, as typed. */
  packagesCount: string;
  /** The package a print run starts from (a failed run reprints from its failure). */
  printFrom: number;
  measure: MeasureForm | null;
  measureProblem: MeasureProblem | null;
  /** LIST «Завершить выдачу»: end after the finish. */
  thenEnd: boolean;
  ended: TEndResult | null;
  operationId: string | null;
  error: DeliveryError | null;
}

export type DeliveryEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'COUNT_CHANGED'; value: string }
  | { type: 'CREATE' }
  | { type: 'SKIP' }
  | { type: 'PRINT' }
  | { type: 'MEASURE'; itemId: number }
  | { type: 'FIELD_CHANGED'; field: MeasureField; value: string }
  | { type: 'READ_WEIGHT' }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'FINISH' }
  | { type: 'END_PICKING' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** A package has every measure (sides and weight). */
export function isMeasured(item: TDeliveryItem): boolean {
  const { height, width, length, weight } = item.measure;
  return height !== null && width !== null && length !== null && weight !== null;
}

/** Spec part 2 §4: STICKERING while no package has measures, LIST once one has. */
export function hasAnyMeasure(items: readonly TDeliveryItem[]): boolean {
  return items.some((item) => item.measure.length !== null || item.measure.weight !== null);
}

/** Spec part 2 §4: the measuring-complete action when every package has its three sides. */
export function isMeasuringComplete(items: readonly TDeliveryItem[]): boolean {
  return (
    items.length > 0 &&
    items.every(
      (item) =>
        item.measure.length !== null && item.measure.height !== null && item.measure.width !== null,
    )
  );
}

/** "1,5" or "1.5" → 1.5; blank → NaN. */
export function parseAmount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed.replace(',', '.'));
}

/** Sides in cm (> 0, ≤ 10,000) and grams (kg × 1000 rounded, 1…1,000,000), or the problem. */
export function measureOf(
  form: MeasureForm,
): { height: number; width: number; length: number; weight: number } | MeasureProblem {
  const sides = [form.length, form.width, form.height].map(parseAmount);
  if (sides.some((side) => !(side > 0) || side > 10_000)) return 'sides';
  const grams = Math.round(parseAmount(form.weight) * 1000);
  if (!(grams >= 1) || grams > 1_000_000) return 'weight';
  const [length = 0, width = 0, height = 0] = sides;
  return { length, width, height, weight: grams };
}

/** The form of a package: its measures when known (weight back in kg), in `decimal`'s way. */
export function formOf(
  item: TDeliveryItem,
  decimal: (value: number) => string = String,
): MeasureForm {
  const text = (value: number | null) => (value === null ? '' : decimal(value));
  return {
    itemId: item.deliveryItemId,
    length: text(item.measure.length),
    width: text(item.measure.width),
    height: text(item.measure.height),
    weight: item.measure.weight === null ? '' : decimal(item.measure.weight / 1000),
  };
}

/** The `delivery-package` sticker of a package. */
export function packageLabel(
  item: TDeliveryItem,
  count: number,
  delivery: {
    deliveryId: number;
    recipientName: string;
    addressTo: string | null;
    sendDate: string | null;
  },
): PrintRequest {
  const parameters = [
    { name: 'barcode', value: item.barcode },
    { name: 'place', value: `${item.positionNumber}/${count}` },
    { name: 'client', value: delivery.recipientName },
    { name: 'delivery', value: String(delivery.deliveryId) },
    ...(delivery.addressTo ? [{ name: 'destination', value: delivery.addressTo }] : []),
    ...(delivery.sendDate ? [{ name: 'date', value: delivery.sendDate }] : []),
  ];
  return { barcodeName: 'delivery-package', barcodeData: parameters };
}

/**
 * Spec part 2 §7 `create`: the delivery order of a picking, its route from the recipient's
 * info (the picking id is its external code; a missing address is sent empty).
 */
export function deliveryOrderOf(
  pickingId: number,
  info: TPickingInfo,
  itemsCount: number,
): Omit<FlatCallInput<typeof DELIVERY_ROUTES.create>, 'operationId'> {
  return {
    externalCode: pickingId,
    warehouseFrom: info.WarehouseCodeFrom ?? '',
    warehouseTo: info.WarehouseCodeTo ?? '',
    addressFrom: info.AddressFrom ?? '',
    addressTo: info.AddressTo ?? '',
    itemsCount,
  };
}
