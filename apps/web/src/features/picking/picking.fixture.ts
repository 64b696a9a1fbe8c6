import type { TPickingClient, TPickingInfo, TPickingItem } from '@sorting/contracts';

// The recipients, items and info the picking tests share (the machine test and the page test),
// shaped as apps/server's picking-api answers them for the demo recipients.

/** A recipient without validation, payment or an open picking; `extra` overrides. */
export function pickingClient(
  code: string,
  name: string,
  extra: Partial<TPickingClient> = {},
): TPickingClient {
  return {
    clientCode: code,
    clientName: name,
    parcelsCount: 2,
    barcodes: [],
    warehouseCodeFrom: 'MSK-SC1',
    warehouseCodeTo: 'MSK-SC1',
    addressFrom: 'Москва',
    addressTo: 'Москва, ул. Складская, 1',
    deliveryType: 'SELF',
    validationType: 0,
    pickingId: null,
    pickingBeginDateUtc: null,
    pickingUserName: null,
    deliveryId: null,
    allowedGateCells: [],
    pickingMode: 'normal',
    cashOnDelivery: 0,
    balance: null,
    balanceDebet: null,
    isNeedBalanceCheck: false,
    parcelsForReturnCount: 0,
    ...extra,
  };
}

/** A WAITING item; without cell fields it lies in the returns area (row `return`). */
export function pickingItem(
  itemId: number,
  barcode: string,
  cell: Partial<TPickingItem['cell']>,
  extra: Partial<TPickingItem> = {},
): TPickingItem {
  return {
    itemId,
    cell: {
      barcode: null,
      order: null,
      name: null,
      zoneNumber: null,
      row: 'return',
      col: null,
      zoneType: null,
      ...cell,
    },
    boxName: '_34717-121',
    barcode,
    name: `Деталь ${barcode}`,
    cashOnDelivery: 0,
    make: 'Bosch',
    article: 'BO-1',
    quantity: 1,
    state: 'WAITING',
    storageDeadlineDate: '2030-12-31',
    ...extra,
  };
}

/** A cell of zone 8 by its name (`8-a-01`) and its place in the walk. */
export function zone8Cell(name: string, order: number): Partial<TPickingItem['cell']> {
  const [, row = 'a', col = '1'] = name.split('-');
  return {
    barcode: `=34717-${name}`,
    order,
    name,
    zoneNumber: 8,
    row,
    col: Number(col),
    zoneType: 'SITO',
  };
}

/** The info of a recipient (part 2 §3, PascalCase) from its client fields. */
export function pickingInfo(
  client: TPickingClient,
  extra: Partial<TPickingInfo> = {},
): TPickingInfo {
  return {
    ClientCode: client.clientCode,
    ClientName: client.clientName,
    WarehouseCodeFrom: client.warehouseCodeFrom,
    WarehouseCodeTo: client.warehouseCodeTo,
    AddressFrom: client.addressFrom,
    AddressTo: client.addressTo,
    Pickings: client.pickingId === null ? [] : [{ PickingId: client.pickingId, DeliveryId: null }],
    ParcelsCount: client.parcelsCount,
    Barcodes: client.barcodes,
    DeliveryType: client.deliveryType,
    ValidationType: client.validationType,
    PickingId: client.pickingId,
    PickingBeginDateUtc: client.pickingBeginDateUtc,
    PickingUserName: client.pickingUserName,
    DeliveryId: client.deliveryId,
    AllowedGateCells: client.allowedGateCells,
    PickingMode: client.pickingMode,
    CashOnDelivery: client.cashOnDelivery,
    Balance: client.balance,
    BalanceDebet: client.balanceDebet,
    IsNeedBalanceCheck: client.isNeedBalanceCheck,
    ParcelsForReturnCount: client.parcelsForReturnCount,
    IsOwnPicking: false,
    ...extra,
  };
}
