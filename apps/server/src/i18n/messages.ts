import type { FastifyRequest } from 'fastify';
import type { MessageParam, MessageParams } from '@sorting/contracts';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, pluralizeRu, type Locale } from '@sorting/domain';
import { SKU_PICKING_EN, SKU_PICKING_RU } from './messages-sku-picking.js';
import { TRANSIT_PICKING_EN, TRANSIT_PICKING_RU } from './messages-transit-picking.js';
import { PACKING_EN, PACKING_RU } from './messages-packing.js';
import { RECEIPT_EN, RECEIPT_RU } from './messages-receipt.js';

/**
 * The server's own user-facing messages (spec part 1 §1: ru by default, en). The web app
 * chooses what to show by ErrorCode, never by matching these texts (conventions §7); they are
 * for the envelope's Message, which the sign-in page shows as is (part 1 §8).
 */
const RU = {
  badCredentials: 'Неверный бейдж или пароль',
  notSignedIn: 'Вы не вошли в систему',
  sessionExpired: 'Сессия истекла, войдите снова',
  tooManyAttempts: 'Слишком много попыток, подождите {wait}',
  forbiddenRequest: 'Запрос отклонён: нет заголовка X-Requested-With или чужой источник',
  warehouseForbidden: 'Нет доступа к складу {number}',
  zoneForbidden: 'Нет доступа к складу этой зоны',
  zoneNotFoundByBarcode: 'Зона {barcode} не найдена',
  zoneNotFoundByNumber: 'Зона с номером {number} не найдена',
  zoneNotFoundById: 'Зона не найдена на этом складе',
  parcelNotFound: 'Посылка {barcode} не найдена',
  boxNotFound: 'Короб {barcode} не найден',
  cellNotFound: 'Ячейка {barcode} не найдена',
  cellOfOtherWarehouse: 'Ячейка {barcode} относится к другому складу',
  parcelMovedMeanwhile: 'Посылку {barcode} уже переместил другой сотрудник, отсканируйте её снова',
  boxChangedMeanwhile: 'Короб {barcode} уже переместили, отсканируйте его снова',
  boxClosed: 'Короб {barcode} закрыт, возьмите новый короб',
  boxOtherKey: 'Короб {barcode} собирает направление {sortingKey}',
  parcelNeedsMeasureAndWeight: 'Посылку {barcode} сначала нужно измерить и взвесить',
  parcelNeedsMeasure: 'Посылку {barcode} сначала нужно измерить',
  parcelNeedsWeight: 'Посылку {barcode} сначала нужно взвесить',
  cellHoldsOpenBox: 'В ячейке {cell} уже стоит открытый короб {box}',
  notSuggestedCell: 'Ячейка {cell} не из рекомендованных для этой посылки',
  invalidWeight: 'Вес должен быть больше 0',
  invalidMeasure: 'Размеры должны быть больше 0 и не больше 10000 см',
  dimensionNotFound: 'Типоразмер {barcode} не найден',
  inboundNotFound: 'Поставка с актом {barcode} не найдена',
  containerNotFound: 'Оборотная тара {barcode} не найдена',
  unitNotFound: 'Объект {barcode} не найден',
  consolidationNotFound: 'Консолидация {barcode} не найдена',
  consolidationBoxName: 'Короб {number}',
  pickingWarehouseUnknown: 'У вас не выбран склад по умолчанию',
  pickingClientNotFound: 'Получатель {code} не найден',
  pickingNotFound: 'Выдача {id} не найдена',
  pickingHeldBy: 'Выдачу получателю {client} уже ведёт {user}',
  pickingNothingInCells: 'У получателя {code} нет посылок в ячейках',
  pickingClosed: 'Выдача {id} уже завершена или отменена',
  pickingParcelNotInPicking: 'Посылки {barcode} нет в этой выдаче',
  pickingParcelOtherRecipient: 'Посылка {barcode} — не этого получателя',
  pickingParcelNoRecipient: 'Посылка {barcode} не ждёт выдачи получателю',
  pickingNotAParcelBox: '{barcode} — это короб, а не посылка',
  pickingNotAParcelClient: '{barcode} — это код получателя, а не посылка',
  pickingBarcodeUnknown: 'Посылка {barcode} не найдена',
  pickingCellRequired: 'Сначала сканируйте ячейку посылки {barcode}',
  pickingUserIdNotCaller: 'UserId {userId} — не пользователь, вошедший на этом устройстве',
  pickingWrongCell: 'Посылка {barcode} лежит в ячейке {cell} ({cellBarcode}), а не в {scanned}',
  pickingItemNotWaiting: 'Посылка {barcode} не ожидает выдачи',
  pickingParcelNotInCell: 'Посылка {barcode} не лежит в ячейке',
  pickingNothingPicked: 'Не собрано ни одной посылки',
  pickingPaymentRequired: 'Сначала нужна оплата наложенного платежа: {amount} ₽',
  pickingBalanceShort:
    'Недостаточно средств на балансе получателя {code}: не хватает {shortfall} ₽',
  pickingDeviceBusy:
    'На этом устройстве уже идёт выдача получателю {client}: завершите или отмените её',
  pickingGateCellOnly: 'Положите посылку в ячейку выдачи: {cells}, а не {scanned}',
  pickingLostItemNotFound: 'Позиция выдачи {id} не найдена',
  pickingLostWrongBarcode: 'Посылка {barcode} не та, что в этой позиции выдачи ({expected})',
  pickingLostNotWaiting: 'Посылка {barcode} не ожидает выдачи: отметить ненайденной нельзя',
  // docs/DECISIONS.md "Picking payment".
  pickingPaymentProviderType: 'Способ оплаты {provider} не принимает оплату типа {type}',
  pickingNothingToPay: 'Нечего оплачивать: у собранных посылок нет наложенного платежа',
  pickingPaymentNotFound: 'У подбора {id} нет оплаты',
  pickingPaymentLive: 'По подбору {id} идёт оплата: сначала отмените её',
  pickingPaymentCancelled: 'Оплата подбора {id} отменена: начните новую',
  pickingPaymentNotApproved: 'Терминал ещё не подтвердил оплату подбора {id}',
  pickingCancelPaid: 'Подбор {id} оплачен или оплачивается: сначала отмените оплату',
  pickingReturnItemNotFound: 'Позиция подбора {id} не найдена',
  pickingReturnNotAllowed: 'Посылку {barcode} вернуть нельзя: она уже возвращена или не найдена',
  pickingValidationKind: 'Получатель подтверждает выдачу так: {expected}, а прислано: {kind}',
  pickingAttorneyDateFuture: 'Дата доверенности {date} ещё не наступила',
  pickingAttorneyDateOld: 'Доверенность от {date} старше 3 лет',
  pickingAttorneyDateBad: 'Дата доверенности {date} не существует',
  pickingPincodeWrong: 'Неверный код получения, осталось попыток: {attempts}',
  pickingPincodeLocked: 'Выдача заблокирована после 5 неверных кодов, подождите {wait}',
  parcelPickedForRecipient: 'Посылка {barcode} собрана для выдачи получателю, её нельзя перемещать',
  parcelHandedOut: 'Посылка {barcode} уже выдана получателю',
  auditSessionNotFound: 'Сессия инвентаризации {sessionId} не найдена',
  auditSessionFinished: 'Сессия инвентаризации {sessionId} уже завершена',
  auditCellOpenByOther: 'Ячейку {cell} сейчас проверяет {user}',
  auditCellNotOpened: 'Ячейка {cellId} не открыта в этой сессии',
  auditCellFinished: 'Ячейка {cell} уже закрыта, отсканируйте её, чтобы открыть снова',
  supplyNotFound: 'Поставка {id} не найдена',
  inboundNotArrived: 'Поставка {code} ещё не поступила',
  inboundDetailNotFound: 'Деталь поставки {id} не найдена',
  inboundDetailCancelled: 'Деталь {barcode} отменена: этикетку не печатают',
  inboundArchivedStickered: 'Поставка {code} в архиве: её детали не стикеруют',
  receiptPlaceNotFound: 'Место приёмки поставки не найдено',
  outboundNotFound: 'Отгрузка {id} не найдена',
  warehouseNotFound: 'Склад не найден',
  operationOfOtherUser: 'Идентификатор операции уже использован другим пользователем',
  operationIdOtherRoute: 'Идентификатор операции уже использован для другого действия ({route})',
  operationIdOtherRequest:
    'Идентификатор операции уже использован для этого действия с другими данными',
  databaseUnavailable: 'База данных недоступна, повторите через несколько секунд',
  inputControlCharacters: 'Поле {field} содержит недопустимые управляющие символы',
  inputInvalidId: 'Поле {field} должно быть целым числом от 1 до 2147483647',

  printerNotServed: 'Принтер недоступен: приложение печати {appId} не подключено',
  printJobInvalid: 'Неверное задание печати: {details}',
  printJobNotFound: 'Задание печати {jobId} не найдено',
  hubAgentOnly: 'Метод {method} доступен только агенту печати',
  hubUserOnly: 'Метод {method} доступен только пользователю',
  hubForeignAppId: 'Агент {own} не может подключить приложение {appId}',
  hubUnknownMethod: 'Неизвестный метод {method}',

  sortingCenterForbidden: 'Нет доступа к сортировочному центру {code}',
  roleForbidden: 'Вашей роли это действие недоступно',
  apiKeyMissing: 'Нужен ключ API: заголовок Authorization: Bearer <ключ>',
  apiKeyInvalid: 'Ключ API не найден или отозван',
  apiKeyScopeMissing: 'У ключа API нет права {scope}',
  apiKeyRateLimited: 'Слишком много запросов по этому ключу, повторите через {seconds} с',
  apiKeyNotFound: 'Ключ API {apiKeyId} не найден',
  apiKeyWarehouseNotFound: 'Склад {number} не найден в этом сортировочном центре',
  idempotencyKeyMissing: 'Нужен заголовок Idempotency-Key: 1–100 латинских букв, цифр и -_.:',
  idempotencyKeyReused: 'Ключ идемпотентности {key} уже использован с другим телом запроса',
  idempotencyKeyBusy: 'Пакет с ключом идемпотентности {key} ещё выполняется, повторите позже',
  sortingCenterMismatch: 'sortingCenterId {sortingCenterId} не совпадает с центром {code} в адресе',
  userNotFound: 'Пользователь {userId} не найден в этом сортировочном центре',
  cannotDeleteSelf: 'Нельзя удалить самого себя',
  userRoleAbove: 'У пользователя {name} роль выше вашей: это может сделать только администратор',
  workplaceNotFound: 'Рабочее место {barcode} не найдено',
  badgeNotFound: 'Бейдж не найден или больше не действует',
  userOfOtherSortingCenter: 'Сотрудник {name} из другого сортировочного центра',
  notAtWorkplace: 'Сотрудник {userId} не находится на рабочем месте {barcode}',
  reportUserId: 'Код сотрудника',
  reportFullName: 'Сотрудник',
  reportCellBarcode: 'Штрихкод рабочего места',
  reportWorkplaceName: 'Рабочее место',
  reportMinutes: 'Минуты',
  reportIntervals: 'Интервалы',

  returnReason_another_reason: 'Другая причина',
  returnReason_damage_item: 'Повреждение товара',
  returnReason_oversort: 'Пересорт',
  returnReason_fake: 'Подделка',
  returnReason_manufacturing_defects: 'Заводской брак',
  returnReason_damaged: 'Повреждённая упаковка',
  returnParcelNotFound: 'Отправление {barcode} не найдено',
  returnItemNotFound: 'Товара {code} нет в отправлении {barcode}',
  returnQuantityExceeded:
    'Товар {code}: можно вернуть не больше {available} шт., указано {quantity}',
  returnReasonDisabled: 'Причину «{reason}» нельзя выбрать для товара {code}',
  returnPhotosMissing: 'Для причины «{reason}» нужно фото: {required}, приложено {given}',
  returnPhotoUnknown: 'Фото {id} не найдено',
  returnPhotoOfOtherParcel: 'Фото {id} приложено к другому отправлению',
  returnPhotoAccepted: 'Фото {id} уже в принятом возврате',
  returnPhotoRepeated: 'Фото {id} указано дважды',
  photoNotImage: 'Файл {fileName} не фотография: нужен JPEG, PNG, WebP или HEIC',
  photoTooLarge: 'Фото больше {megabytes} МБ',
  tooManyPhotos: 'К отправлению {barcode} уже приложено {max} фото',

  documentNotFound: 'Документ {documentId} не найден',
  documentOutgoing: 'Документ {number} исходящий: его подписывает получатель',
  documentNoInnerContragent: 'В документе {number} нет нашей организации, подписывать не за кого',
  documentAlreadySigned: 'Документ {number} уже подписан',
  documentNotAwaitingSignature: 'Документ {number} в состоянии {state} не ждёт подписи',
  documentNotAwaitingValidation:
    'Документ {number} в состоянии {state} не ждёт подтверждения получения подписи',
  documentEnded: 'Документооборот по документу {number} уже завершён',

  dimensionNoWarehouse: 'У вас не выбран склад по умолчанию: типоразмер не к чему привязать',
  dimensionCommonNotCreated: 'Общие типоразмеры здесь не создаются',
  dimensionBarcodeNotParcelType:
    'Штрихкод {barcode} читается как ячейка, короб, бейдж или размер: выберите другой',
  dimensionBarcodeTaken: 'Штрихкод {barcode} уже занят другим типоразмером',
  dimensionTypeNotFound: 'Типоразмер {id} не найден',
  dimensionCommonReadOnly: 'Типоразмер «{name}» общий: его нельзя изменить или удалить',
  dimensionOfOtherWarehouse: 'Типоразмер «{name}» относится к другому складу',
  deliverySelfClient: 'Получатель {code} забирает посылки сам: доставка не оформляется',
  deliveryWarehousesDiffer: 'Склады {from} → {to} не совпадают со складами получателя {code}',
  deliveryNoTariff: 'Нет тарифа доставки {from} → {to}',
  deliveryNotFound: 'Доставка {id} не найдена',
  deliveryItemNotFound: 'Места {id} нет в доставке {deliveryId}',
  deliveryInvalidMeasure:
    'Размеры должны быть больше 0 и не больше 10000 см, вес — целое число граммов от 1 до 1000000',
  deliveryFinished: 'Доставка {id} уже завершена: размеры мест не меняются',
  deliveryUnmeasured: 'Не измерены места: {positions}',
  deliveryNotFinished: 'Доставка {id} не завершена: завершите её или пропустите',
  deliveryAlreadyFinished: 'Доставка {id} уже завершена: её нельзя пропустить',
  workflowUnknown: 'Процесс {name} недоступен',
  workflowRunOfOtherUser: 'Этот процесс ведёт другой сотрудник',
  workflowStateChanged: 'Состояние изменилось на другом устройстве — экран обновлён',
  workflowActionNotExpected: 'Это действие здесь недоступно',
  workflowScanNotExpected: 'Ожидается: {expected}',
  workflowScanUnknown: 'Штрихкод {barcode} не найден',
  workflowNoWarehouse: 'У вас не выбран склад по умолчанию: войдите по бейджу',
  workflowExpectBoxOrContainer: 'короб или оборотная тара',
  workflowExpectCell: 'ячейка',
  workflowExpectParcel: 'посылка',
  workflowExpectParcelOrRecipient: 'посылка или код получателя',
  workflowRecipientNotFound: 'Получатель {barcode} не найден',
  workflowExpectDimension: 'типоразмер',
  workflowExpectBox: 'пустой короб',
  workflowExpectCellOrBox: 'ячейка или короб консолидации',
  workflowExpectAction: 'действие на экране',
  workflowBoxesCreated: 'Созданы короба {from}–{to}',
  workflowBoxCreated: 'Создан короб {from}',
  workflowBoxPlaced: 'Короб {box} помещён в ячейку {cell}',
  workflowContainerPlaced: 'Тара {container} помещена в ячейку {cell}',
  workflowCellHoldsBox: 'В ячейке {cell} уже стоит короб {box}: нужна пустая ячейка',
  workflowBoxNotEmpty: 'Короб {box} не пуст или стоит в ячейке: нужен пустой короб',
  workflowConsolidationOpened: 'Консолидация «{destination}» открыта в ячейке {cell}',
  workflowParcelConsolidated: '{done} из {total} собрано',
  workflowWrongConsolidationPlace: 'Не то место: посылку — в ячейку {cell}, короб {box}',
  workflowConsolidationCompleted: 'Консолидация «{destination}» завершена, посылок: {count}',
  workflowNoConsolidation: 'Нет открытой консолидации, чтобы её завершить',
  workflowParcelInConsolidation: 'Посылка {barcode} уже в коробе консолидации',
  topologyZoneExists: 'Зона {number} на этом складе уже есть',
  topologyOtherCentre:
    'Менять зоны и ячейки склада {number} могут только руководители его сортировочного центра',
  workflowParcelNotRecipients: 'Посылка {barcode} не ждёт получателя: её размещают не здесь',
  workflowParcelAlreadyInCell: 'Уже в {cell}',
  workflowCellNotPickUp: 'Ячейка {cell} не для выдачи: нужна ячейка зоны быстрой отгрузки',
  workflowCellOfOtherRecipient: 'В ячейке {cell} посылки другого получателя',
  workflowParcelPlaced: 'Посылка {parcel} размещена в {cell}',
  workflowParcelNotForStorage: 'Посылка {barcode} не из прибывшей поставки клиента',
  workflowParcelAlreadyStored: 'Посылка {barcode} уже лежит в {cell}',
  workflowCellOfOtherClient: 'В ячейке {cell} товар другого клиента',
  workflowPrintStickerFirst: 'Сначала напечатайте стикер',
  workflowCountOutOfRange: 'Количество — от {min} до {max}',
  workflowTaskNotFound: 'Задание {task} не найдено',
  workflowTaskHeld: 'Задание {task} уже ведёт {user}',
  workflowTaskTakenOver: 'Задание {task} перехвачено у {user}: он не работал с ним 30 минут',
  workflowWrongCell: 'Не та ячейка: ожидается {cell}',
  workflowParcelNotInCell: 'Посылки {parcel} нет среди посылок задания в ячейке {cell}',
  workflowParcelTaken: 'Посылка {parcel}: уже взята, взял {user}',
  workflowItemNotFound: 'Позиция {item} не найдена в задании',
  workflowItemNotPicked: 'Позиция {item} не собрана: возвращать нечего',
  workflowReasonUnknown: 'Неизвестная причина {reason}',
  workflowShipmentPicked: 'Отгрузка {shipment} собрана: {picked} из {total}',
  ...TRANSIT_PICKING_RU,
  ...SKU_PICKING_RU,
  ...RECEIPT_RU,
  ...PACKING_RU,
  workflowExpectPallet: 'паллета (оборотная тара)',
  workflowExpectBoxOrPallet: 'короб отгрузки или другая паллета',
  workflowBoxNotInShipment: 'Короба {box} нет в отгрузке {shipment}',
  workflowBoxStillInCell: 'Короб {box} ещё в ячейке {cell}: его не отобрали',
  workflowBoxAlreadyLoaded: 'Короб {box} уже погружен',
  workflowBoxAlreadyOnPallet: 'Короб {box} уже на паллете {pallet}',
  workflowBoxLoadedMeanwhile: 'Короб {box} уже погрузил другой сотрудник',
  workflowItemNotLoaded: 'Короб {item} не погружен: снимать нечего',
  workflowPalletOfOtherShipment: 'Паллета {pallet} уже загружается в отгрузку {shipment}',
  workflowPalletEmpty: 'На паллете {pallet} нет коробов',
  workflowCompletePalletFirst: 'Сначала завершите паллету {pallet}',
  workflowPalletCompletedOne: 'Паллета {pallet}: {count} короб',
  workflowPalletCompletedFew: 'Паллета {pallet}: {count} короба',
  workflowPalletCompletedMany: 'Паллета {pallet}: {count} коробов',
  workflowShipmentLoaded: 'Отгрузка {shipment} отгружена: погружено {loaded} из {total}',
} as const;

export type MessageKey = keyof typeof RU;

const EN: Record<MessageKey, string> = {
  badCredentials: 'Wrong badge or password',
  notSignedIn: 'You are not signed in',
  sessionExpired: 'Your session has expired, please sign in again',
  tooManyAttempts: 'Too many attempts, wait {wait}',
  forbiddenRequest: 'Request refused: no X-Requested-With header or a foreign origin',
  warehouseForbidden: 'No access to warehouse {number}',
  zoneForbidden: "No access to this zone's warehouse",
  zoneNotFoundByBarcode: 'Zone {barcode} not found',
  zoneNotFoundByNumber: 'Zone number {number} not found',
  zoneNotFoundById: 'Zone not found in this warehouse',
  parcelNotFound: 'Parcel {barcode} not found',
  boxNotFound: 'Box {barcode} not found',
  cellNotFound: 'Cell {barcode} not found',
  cellOfOtherWarehouse: 'Cell {barcode} belongs to another warehouse',
  parcelMovedMeanwhile: 'Parcel {barcode} was moved by another worker meanwhile, scan it again',
  boxChangedMeanwhile: 'Box {barcode} was moved meanwhile, scan it again',
  boxClosed: 'Box {barcode} is closed, take a new box',
  boxOtherKey: 'Box {barcode} collects destination {sortingKey}',
  parcelNeedsMeasureAndWeight: 'Parcel {barcode} must be measured and weighed first',
  parcelNeedsMeasure: 'Parcel {barcode} must be measured first',
  parcelNeedsWeight: 'Parcel {barcode} must be weighed first',
  cellHoldsOpenBox: 'Cell {cell} already holds the open box {box}',
  notSuggestedCell: 'Cell {cell} is not one of the suggested cells for this parcel',
  invalidWeight: 'Weight must be greater than 0',
  invalidMeasure: 'Dimensions must be greater than 0 and at most 10000 cm',
  dimensionNotFound: 'Dimension type {barcode} not found',
  inboundNotFound: 'No supply with acceptance report {barcode}',
  containerNotFound: 'Returnable box {barcode} not found',
  unitNotFound: 'Unit {barcode} not found',
  consolidationNotFound: 'No consolidation at {barcode}',
  consolidationBoxName: 'Box {number}',
  pickingWarehouseUnknown: 'You have no default warehouse',
  pickingClientNotFound: 'Recipient {code} not found',
  pickingNotFound: 'Picking {id} not found',
  pickingHeldBy: 'The picking for {client} is already run by {user}',
  pickingNothingInCells: 'Recipient {code} has no parcels in cells',
  pickingClosed: 'Picking {id} is already ended or cancelled',
  pickingParcelNotInPicking: 'Parcel {barcode} is not in this picking',
  pickingParcelOtherRecipient: 'Parcel {barcode} is not this recipient’s',
  pickingParcelNoRecipient: 'Parcel {barcode} is not waiting for a recipient',
  pickingNotAParcelBox: '{barcode} is a box, not a parcel',
  pickingNotAParcelClient: '{barcode} is a recipient code, not a parcel',
  pickingBarcodeUnknown: 'Parcel {barcode} not found',
  pickingCellRequired: 'Scan the cell of parcel {barcode} first',
  pickingUserIdNotCaller: 'UserId {userId} is not the user signed in on this device',
  pickingWrongCell: 'Parcel {barcode} lies in cell {cell} ({cellBarcode}), not in {scanned}',
  pickingItemNotWaiting: 'Parcel {barcode} is not waiting to be handed out',
  pickingParcelNotInCell: 'Parcel {barcode} does not lie in a cell',
  pickingNothingPicked: 'No parcel has been picked',
  pickingPaymentRequired: 'Cash on delivery must be paid first: {amount} ₽',
  pickingBalanceShort: 'The balance of recipient {code} is short by {shortfall} ₽',
  pickingDeviceBusy:
    'This device is already running the picking for {client}: end or cancel it first',
  pickingGateCellOnly: 'Put the parcel into a gate cell: {cells}, not {scanned}',
  pickingLostItemNotFound: 'Picking item {id} not found',
  pickingLostWrongBarcode: 'Parcel {barcode} is not the parcel of this picking item ({expected})',
  pickingLostNotWaiting: 'Parcel {barcode} is not waiting: it cannot be marked not found',
  pickingPaymentProviderType: 'Payment provider {provider} does not take {type} payments',
  pickingNothingToPay: 'Nothing to pay: the picked parcels carry no cash on delivery',
  pickingPaymentNotFound: 'Picking {id} has no payment',
  pickingPaymentLive: 'Picking {id} is being paid: cancel the payment first',
  pickingPaymentCancelled: 'The payment of picking {id} was cancelled: start a new one',
  pickingPaymentNotApproved: 'The terminal has not approved the payment of picking {id} yet',
  pickingCancelPaid: 'Picking {id} is paid or being paid: cancel the payment first',
  pickingReturnItemNotFound: 'Picking item {id} not found',
  pickingReturnNotAllowed: 'Parcel {barcode} cannot be returned: it is already returned or lost',
  pickingValidationKind: 'The recipient confirms with {expected}, not with {kind}',
  pickingAttorneyDateFuture: 'The power of attorney date {date} is in the future',
  pickingAttorneyDateOld: 'The power of attorney of {date} is older than 3 years',
  pickingAttorneyDateBad: 'The power of attorney date {date} does not exist',
  pickingPincodeWrong: 'Wrong pick-up code, attempts left: {attempts}',
  pickingPincodeLocked: 'The picking is locked after 5 wrong codes, wait {wait}',
  parcelPickedForRecipient: 'Parcel {barcode} is picked for a recipient and cannot be moved',
  parcelHandedOut: 'Parcel {barcode} has been handed out to its recipient',
  auditSessionNotFound: 'Audit session {sessionId} not found',
  auditSessionFinished: 'Audit session {sessionId} is already finished',
  auditCellOpenByOther: 'Cell {cell} is being audited by {user}',
  auditCellNotOpened: 'Cell {cellId} is not open in this session',
  auditCellFinished: 'Cell {cell} is closed; scan it to open it again',
  supplyNotFound: 'Supply {id} not found',
  inboundNotArrived: 'Supply {code} has not arrived yet',
  inboundDetailNotFound: 'Supply detail {id} not found',
  inboundDetailCancelled: 'Detail {barcode} is cancelled: no label is printed for it',
  inboundArchivedStickered: 'Supply {code} is archived: its details are not stickered',
  receiptPlaceNotFound: 'No receipt place found for the supply',
  outboundNotFound: 'Shipment {id} not found',
  warehouseNotFound: 'Warehouse not found',
  operationOfOtherUser: 'The operation id was already used by another user',
  operationIdOtherRoute: 'The operation id was already used for another call ({route})',
  operationIdOtherRequest: 'The operation id was already used for this call with other data',
  databaseUnavailable: 'The database is unavailable, retry in a few seconds',
  inputControlCharacters: 'Field {field} contains control characters, which are not allowed',
  inputInvalidId: 'Field {field} must be a whole number from 1 to 2147483647',

  printerNotServed: 'printer not served: {appId}',
  printJobInvalid: 'Invalid print job: {details}',
  printJobNotFound: 'Print job {jobId} not found',
  hubAgentOnly: 'Only a printing agent may call {method}',
  hubUserOnly: 'Only a signed-in user may call {method}',
  hubForeignAppId: 'Agent {own} may not register app {appId}',
  hubUnknownMethod: 'Unknown method {method}',

  sortingCenterForbidden: 'No access to sorting centre {code}',
  roleForbidden: 'Your role does not allow this action',
  apiKeyMissing: 'An API key is required: the header Authorization: Bearer <key>',
  apiKeyInvalid: 'The API key is unknown or revoked',
  apiKeyScopeMissing: 'The API key lacks the scope {scope}',
  apiKeyRateLimited: 'Too many calls with this key, retry in {seconds} s',
  apiKeyNotFound: 'API key {apiKeyId} not found',
  apiKeyWarehouseNotFound: 'Warehouse {number} is not one of this sorting centre',
  idempotencyKeyMissing:
    'The header Idempotency-Key is required: 1–100 latin letters, digits and -_.:',
  idempotencyKeyReused: 'The idempotency key {key} was already used with another body',
  idempotencyKeyBusy: 'The batch with idempotency key {key} is still running, retry later',
  sortingCenterMismatch: 'sortingCenterId {sortingCenterId} differs from centre {code} in the path',
  userNotFound: 'User {userId} not found in this sorting centre',
  cannotDeleteSelf: 'You cannot delete yourself',
  userRoleAbove: "{name}'s role is above yours: only an administrator may do this",
  workplaceNotFound: 'Workplace {barcode} not found',
  badgeNotFound: 'Badge not found or no longer valid',
  userOfOtherSortingCenter: '{name} belongs to another sorting centre',
  notAtWorkplace: 'User {userId} is not at workplace {barcode}',
  reportUserId: 'User id',
  reportFullName: 'Employee',
  reportCellBarcode: 'Workplace barcode',
  reportWorkplaceName: 'Workplace',
  reportMinutes: 'Minutes',
  reportIntervals: 'Intervals',

  returnReason_another_reason: 'Another reason',
  returnReason_damage_item: 'Damaged item',
  returnReason_oversort: 'Wrong item',
  returnReason_fake: 'Fake',
  returnReason_manufacturing_defects: 'Manufacturing defect',
  returnReason_damaged: 'Damaged package',
  returnParcelNotFound: 'Parcel {barcode} not found',
  returnItemNotFound: 'Parcel {barcode} has no item {code}',
  returnQuantityExceeded: 'Item {code}: at most {available} can be returned, {quantity} given',
  returnReasonDisabled: 'Reason «{reason}» cannot be chosen for item {code}',
  returnPhotosMissing: 'Reason «{reason}» needs {required} photos, {given} attached',
  returnPhotoUnknown: 'Photo {id} not found',
  returnPhotoOfOtherParcel: 'Photo {id} belongs to another parcel',
  returnPhotoAccepted: 'Photo {id} is already in an accepted return',
  returnPhotoRepeated: 'Photo {id} is listed twice',
  photoNotImage: 'File {fileName} is not a photo: JPEG, PNG, WebP or HEIC needed',
  photoTooLarge: 'The photo is larger than {megabytes} MB',
  tooManyPhotos: 'Parcel {barcode} already has {max} photos',

  documentNotFound: 'Document {documentId} not found',
  documentOutgoing: 'Document {number} is outgoing: its recipient signs it',
  documentNoInnerContragent: 'Document {number} does not name our organisation, nobody to sign for',
  documentAlreadySigned: 'Document {number} is already signed',
  documentNotAwaitingSignature: 'Document {number} in state {state} does not await a signature',
  documentNotAwaitingValidation:
    'Document {number} in state {state} does not await confirmation of receipt of its signature',
  documentEnded: 'The document flow of document {number} has already ended',

  dimensionNoWarehouse: 'You have no default warehouse: the dimension type has nowhere to belong',
  dimensionCommonNotCreated: 'Common dimension types are not created here',
  dimensionBarcodeNotParcelType:
    'Barcode {barcode} reads as a cell, box, badge or measure: choose another',
  dimensionBarcodeTaken: 'Barcode {barcode} is already taken by another dimension type',
  dimensionTypeNotFound: 'Dimension type {id} not found',
  dimensionCommonReadOnly: 'Dimension type «{name}» is common: it cannot be changed or deleted',
  dimensionOfOtherWarehouse: 'Dimension type «{name}» belongs to another warehouse',
  deliverySelfClient: 'Recipient {code} collects the parcels: no delivery is arranged',
  deliveryWarehousesDiffer: "Warehouses {from} → {to} are not the recipient {code}'s",
  deliveryNoTariff: 'No delivery tariff {from} → {to}',
  deliveryNotFound: 'Delivery {id} not found',
  deliveryItemNotFound: 'Package {id} is not in delivery {deliveryId}',
  deliveryInvalidMeasure:
    'Dimensions must be greater than 0 and at most 10000 cm, weight whole grams from 1 to 1000000',
  deliveryFinished: 'Delivery {id} is finished: package measures no longer change',
  deliveryUnmeasured: 'Packages not measured: {positions}',
  deliveryNotFinished: 'Delivery {id} is not finished: finish or skip it',
  deliveryAlreadyFinished: 'Delivery {id} is finished: it cannot be skipped',
  workflowUnknown: 'Workflow {name} is not available',
  workflowRunOfOtherUser: 'Another worker runs this workflow',
  workflowStateChanged: 'The state changed on another device — the screen is updated',
  workflowActionNotExpected: 'This action is not available here',
  workflowScanNotExpected: 'Expected: {expected}',
  workflowScanUnknown: 'Barcode {barcode} not found',
  workflowNoWarehouse: 'You have no default warehouse: sign in with your badge',
  workflowExpectBoxOrContainer: 'a box or a returnable box',
  workflowExpectCell: 'a cell',
  workflowExpectParcel: 'a parcel',
  workflowExpectParcelOrRecipient: "a parcel or a recipient's code",
  workflowRecipientNotFound: 'Recipient {barcode} not found',
  workflowExpectDimension: 'a dimension type',
  workflowExpectBox: 'an empty box',
  workflowExpectCellOrBox: "the consolidation's cell or box",
  workflowExpectAction: 'an action on the screen',
  workflowBoxesCreated: 'Boxes {from}–{to} created',
  workflowBoxCreated: 'Box {from} created',
  workflowBoxPlaced: 'Box {box} placed in cell {cell}',
  workflowContainerPlaced: 'Returnable box {container} placed in cell {cell}',
  workflowCellHoldsBox: 'Cell {cell} already holds box {box}: an empty cell is needed',
  workflowBoxNotEmpty: 'Box {box} is not empty or stands in a cell: an empty box is needed',
  workflowConsolidationOpened: 'Consolidation «{destination}» opened in cell {cell}',
  workflowParcelConsolidated: '{done} of {total} gathered',
  workflowWrongConsolidationPlace: 'Wrong place: the parcel goes into cell {cell}, box {box}',
  workflowConsolidationCompleted: 'Consolidation «{destination}» completed, parcels: {count}',
  workflowNoConsolidation: 'No open consolidation to complete',
  workflowParcelInConsolidation: 'Parcel {barcode} is already in the consolidation box',
  topologyZoneExists: 'Zone {number} already exists in this warehouse',
  topologyOtherCentre:
    'Only the managers of its sorting centre may change the zones and cells of warehouse {number}',
  workflowParcelNotRecipients:
    'Parcel {barcode} does not wait for a recipient: it is placed elsewhere',
  workflowParcelAlreadyInCell: 'Already in {cell}',
  workflowCellNotPickUp:
    'Cell {cell} is not a pick-up cell: a cell of a fast shipping zone is needed',
  workflowCellOfOtherRecipient: "Cell {cell} holds another recipient's parcels",
  workflowParcelPlaced: 'Parcel {parcel} placed in {cell}',
  workflowParcelNotForStorage: "Parcel {barcode} is not of a client's arrived supply",
  workflowParcelAlreadyStored: 'Parcel {barcode} already lies in {cell}',
  workflowCellOfOtherClient: "Cell {cell} holds another client's goods",
  workflowPrintStickerFirst: 'Print the sticker first',
  workflowCountOutOfRange: 'The count is {min} to {max}',
  workflowTaskNotFound: 'Task {task} not found',
  workflowTaskHeld: '{user} already runs task {task}',
  workflowTaskTakenOver: 'Task {task} taken over from {user}, idle for 30 minutes',
  workflowWrongCell: 'Wrong cell: {cell} is expected',
  workflowParcelNotInCell: "Parcel {parcel} is not among the task's parcels in cell {cell}",
  workflowParcelTaken: 'Parcel {parcel} is already taken by {user}',
  workflowItemNotFound: 'Item {item} not found in the task',
  workflowItemNotPicked: 'Item {item} is not picked: nothing to put back',
  workflowReasonUnknown: 'Unknown reason {reason}',
  workflowShipmentPicked: 'Shipment {shipment} picked: {picked} of {total}',
  ...TRANSIT_PICKING_EN,
  ...SKU_PICKING_EN,
  ...RECEIPT_EN,
  ...PACKING_EN,
  workflowExpectPallet: 'a pallet (a returnable box)',
  workflowExpectBoxOrPallet: 'a box of the shipment or another pallet',
  workflowBoxNotInShipment: 'Box {box} is not in shipment {shipment}',
  workflowBoxStillInCell: 'Box {box} is still in cell {cell}: it was not picked',
  workflowBoxAlreadyLoaded: 'Box {box} is loaded already',
  workflowBoxAlreadyOnPallet: 'Box {box} is on pallet {pallet} already',
  workflowBoxLoadedMeanwhile: 'Another worker has loaded box {box} already',
  workflowItemNotLoaded: 'Box {item} is not loaded: nothing to take off',
  workflowPalletOfOtherShipment: 'Pallet {pallet} is being loaded for shipment {shipment}',
  workflowPalletEmpty: 'Pallet {pallet} holds no box',
  workflowCompletePalletFirst: 'Complete pallet {pallet} first',
  workflowPalletCompletedOne: 'Pallet {pallet} complete, boxes: {count}',
  workflowPalletCompletedFew: 'Pallet {pallet} complete, boxes: {count}',
  workflowPalletCompletedMany: 'Pallet {pallet} complete, boxes: {count}',
  workflowShipmentLoaded: 'Shipment {shipment} shipped: {loaded} of {total} loaded',
};

const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { ru: RU, en: EN };

/** The primary language of an Accept-Language header's first tag ("en-US,en;q=0.9" → "en"). */
function headerLanguage(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',', 1)[0]?.split(';', 1)[0]?.trim().split('-', 1)[0]?.toLowerCase();
}

/**
 * The locale of a request: the language the web app sends with every call (Accept-Language:
 * the page's language, which an /en/… page has without any cookie), else the NEXT_LOCALE
 * cookie (part 1 §2), else ru.
 */
export function localeOf(request: FastifyRequest): Locale {
  const fromHeader = headerLanguage(request.headers['accept-language']);
  if (isLocale(fromHeader)) return fromHeader;
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** True when the text is a key of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return key in RU;
}

function wordParam(locale: Locale, value: MessageParam): string {
  if (typeof value !== 'object') return String(value);
  if ('waitSeconds' in value) return formatWait(locale, value.waitSeconds);
  return isMessageKey(value.key) ? CATALOGUES[locale][value.key] : value.key;
}

/** A message of the catalogue with `{name}` placeholders filled in. */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  return CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : wordParam(locale, value);
  });
}

/** The message in the request's locale. */
export function messageFor(
  request: FastifyRequest,
  key: MessageKey,
  params?: MessageParams,
): string {
  return translate(localeOf(request), key, params);
}

/**
 * Catalogue texts by name in the request's language: the labels a route (the edge) words for
 * a formatter or a service, which then know no language (a CSV header).
 */
export function wordsFor<K extends string>(
  request: FastifyRequest,
  keys: Readonly<Record<K, MessageKey>>,
): Record<K, string> {
  const locale = localeOf(request);
  const entries = Object.entries(keys) as Array<[K, MessageKey]>;
  return Object.fromEntries(entries.map(([name, key]) => [name, translate(locale, key)])) as Record<
    K,
    string
  >;
}

/** "5 минут" / "1 minute": Russian forms for 1, 2-4 and 5+ with 11-19 plural (part 1 §5). */
export function formatMinutes(locale: Locale, count: number): string {
  if (locale === 'en') return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
  return `${count} ${pluralizeRu(count, ['минуту', 'минуты', 'минут'])}`;
}

/** "5 секунд" / "1 second" (part 1 §5 plural forms). */
export function formatSeconds(locale: Locale, count: number): string {
  if (locale === 'en') return `${count} ${count === 1 ? 'second' : 'seconds'}`;
  return `${count} ${pluralizeRu(count, ['секунду', 'секунды', 'секунд'])}`;
}

/** A wait: in seconds under a minute, else in whole minutes rounded up. */
export function formatWait(locale: Locale, seconds: number): string {
  return seconds < 60
    ? formatSeconds(locale, seconds)
    : formatMinutes(locale, Math.ceil(seconds / 60));
}
