// The server's texts of picking goods by SKU (docs/DECISIONS.md "Picking goods by SKU"), spread
// into messages.ts's catalogues: ru here, en beside it, same keys.

export const SKU_PICKING_RU = {
  workflowExpectSku: 'этикетка товара',
  workflowSkuNotInTask: 'Товар не найден в задании',
  workflowSkuChoose: 'Под «{text}» несколько товаров: выберите нужный',
  workflowSkuAttention: 'Внимание, {item}: {message}',
  workflowSkuNotOffered: 'Товар {item} не из предложенных',
  workflowSkuCountTooMany: 'Осталось взять {remaining}, а не {count}',
  workflowSkuTaken: 'Взят {item}: {done} из {total}',
} as const;

export const SKU_PICKING_EN: Record<keyof typeof SKU_PICKING_RU, string> = {
  workflowExpectSku: 'a goods label',
  workflowSkuNotInTask: 'Goods not found in the task',
  workflowSkuChoose: 'Several goods match «{text}»: choose one',
  workflowSkuAttention: 'Attention, {item}: {message}',
  workflowSkuNotOffered: 'Goods {item} are not among those offered',
  workflowSkuCountTooMany: '{remaining} left to take, not {count}',
  workflowSkuTaken: 'Taken {item}: {done} of {total}',
};
