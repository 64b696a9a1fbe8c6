// The server's texts of the receipt of cargo (docs/DECISIONS.md "Receipt of cargo"), spread into
// messages.ts's catalogues: ru here, en beside it, same keys.

export const RECEIPT_RU = {
  receiptExpectWorkplace: 'рабочее место',
  receiptExpectSupply: 'поставка или её место',
  receiptExpectPlace: 'место поставки',
  receiptExpectGoods: 'этикетка товара',
  receiptWorkplaceUnknown: 'Рабочее место {barcode} не найдено',
  receiptScanPlace: 'Отсканируйте место поставки',
  receiptPlaceOfOtherSupply: 'Место {place} — не из этой поставки',
  receiptPlaceAlreadyReceived: 'Место {place} уже принято',
  receiptPlaceReceived: 'Место {place} принято: {count} дет.',
  receiptReasonUnknown: 'Неизвестная причина расхождения {reason}',
  receiptMeasuresMissing: 'Размеры места — положительные числа до 1000 см',
  receiptWeightNotPositive: 'Вес должен быть больше нуля и не больше 1000 кг',
  receiptGoodsNotFound: 'Товар не найден в задании',
  receiptGoodsStickered: 'Товар уже стикерован',
  receiptStickerCountOver: 'Не больше {max} стикеров',
  receiptLabelPrinted: 'Печать стикера {number} · {maker}',
  receiptClosed: 'Приёмка {task} закрыта',
} as const;

export const RECEIPT_EN: Record<keyof typeof RECEIPT_RU, string> = {
  receiptExpectWorkplace: 'a workplace',
  receiptExpectSupply: 'a supply or one of its places',
  receiptExpectPlace: 'a place of the supply',
  receiptExpectGoods: "a goods' label",
  receiptWorkplaceUnknown: 'Workplace {barcode} not found',
  receiptScanPlace: 'Scan a place of the supply',
  receiptPlaceOfOtherSupply: 'Place {place} is not of this supply',
  receiptPlaceAlreadyReceived: 'Place {place} is already received',
  receiptPlaceReceived: 'Place {place} received: {count} items',
  receiptReasonUnknown: 'Unknown discrepancy reason {reason}',
  receiptMeasuresMissing: "A place's sides are positive numbers up to 1000 cm",
  receiptWeightNotPositive: 'The weight must be above zero and at most 1000 kg',
  receiptGoodsNotFound: 'Goods not found in the task',
  receiptGoodsStickered: 'The goods are stickered already',
  receiptStickerCountOver: 'At most {max} stickers',
  receiptLabelPrinted: 'Printing the sticker of {number} · {maker}',
  receiptClosed: 'Receipt of {task} closed',
};
