// The server's texts of packing (docs/DECISIONS.md "Packing"), spread into messages.ts's
// catalogues: ru here, en beside it, same keys.

export const PACKING_RU = {
  packingExpectOrder: 'посылка или товар заказа',
  packingExpectSize: 'типоразмер или тара',
  packingExpectItem: 'товар заказа или новый типоразмер',
  packingOrderNotReady: 'Заказ не готов к упаковке: {item}',
  packingItemOfOtherOrder: '{item} — из другого заказа',
  packingItemPacked: '{item}: упаковано {done} из {total}',
  packingItemAlreadyPacked: '{item} уже упакован',
  packingItemReverted: '{item} вынут из упаковки',
  packingPackageOpened: 'Упаковка {place}: {size}',
  packingOrderAmbiguous: 'Этот товар есть в нескольких заказах: отсканируйте посылку',
  packingPackageEmpty: 'В упаковке {number} ещё нет товаров',
  packingNothingPacked: 'Ещё ничего не упаковано',
  packingCountOver: 'Не больше {max}',
  packingWeightInvalid: 'Вес должен быть больше нуля и не больше 1000 кг',
  packingPackageClosed: 'Упаковка {place} закрыта, печать этикетки',
  packingOrderPacked: 'Заказ {order} упакован',
  packingContainerUnknown: 'Тара {barcode} не найдена',
} as const;

export const PACKING_EN: Record<keyof typeof PACKING_RU, string> = {
  packingExpectOrder: 'a parcel or goods of an order',
  packingExpectSize: 'a dimension type or a container',
  packingExpectItem: 'goods of the order or a new dimension type',
  packingOrderNotReady: 'The order is not ready to pack: {item}',
  packingItemOfOtherOrder: '{item} belongs to another order',
  packingItemPacked: '{item}: packed {done} of {total}',
  packingItemAlreadyPacked: '{item} is packed already',
  packingItemReverted: '{item} taken out of the package',
  packingPackageOpened: 'Package {place}: {size}',
  packingOrderAmbiguous: 'These goods are in several orders: scan the parcel',
  packingPackageEmpty: 'Package {number} holds nothing yet',
  packingNothingPacked: 'Nothing is packed yet',
  packingCountOver: 'At most {max}',
  packingWeightInvalid: 'The weight must be above zero and at most 1000 kg',
  packingPackageClosed: 'Package {place} closed, printing its label',
  packingOrderPacked: 'Order {order} packed',
  packingContainerUnknown: 'Container {barcode} not found',
};
