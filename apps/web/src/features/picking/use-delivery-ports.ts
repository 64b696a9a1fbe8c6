import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getLocalStorage } from '../../lib/storage';
import { formDecimal, numberLocale } from '../../lib/number-format';
import { newOperationId } from '../../lib/operation-id';
import { useLocalizedPath, useNotify, usePrint, useReadStableWeight } from '../../shell';
import { announceDeliveryChanged } from '../../shell/delivery-panel/delivery-changed';
import type { CallResult } from '../../lib/api-client';
import type { DeliveryError, DeliveryPorts } from './delivery.model';
import type { DeliveryCalls } from './delivery.service';
import { LAST_PICKING_RECIPIENT_KEY } from './picking.model';

/** The text of a delivery error: `delivery.store.f-00NN`, then the server's message. */
export function useDeliveryErrorText(): (error: DeliveryError) => string {
  const { t } = useTranslation('picking');
  return (error) => {
    const text = t(`delivery.store.${error.code}`);
    return error.message ? t('withReason', { text, reason: error.message }) : text;
  };
}

/** A change of the delivery answered: the header panel checks again. */
function announced<T>(result: CallResult<T>): CallResult<T> {
  if (result.isSuccess) announceDeliveryChanged();
  return result;
}

/**
 * The ports of the delivery machine on a page: the calls, the printer and the scale of the
 * shell, LAST_PICKING_RECIPIENT, toasts and the router (the latest translation).
 */
export function useDeliveryPorts(calls: DeliveryCalls): DeliveryPorts {
  const { t, i18n } = useTranslation('picking');
  const notify = useNotify();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const print = usePrint();
  const readStableWeight = useReadStableWeight();
  const errorText = useDeliveryErrorText();
  const language = i18n.language;
  const effects = useRef({
    t,
    notify,
    navigate,
    localize,
    errorText,
    print,
    readStableWeight,
    language,
  });
  useEffect(() => {
    effects.current = {
      t,
      notify,
      navigate,
      localize,
      errorText,
      print,
      readStableWeight,
      language,
    };
  }, [t, notify, navigate, localize, errorText, print, readStableWeight, language]);

  const [ports] = useState<DeliveryPorts>(() => ({
    info: (code) => calls.info(code),
    items: (deliveryId) => calls.items(deliveryId),
    create: (input) => calls.create(input).then(announced),
    measure: (input) => calls.measure(input),
    finish: (input) => calls.finish(input).then(announced),
    end: (input) => calls.end(input).then(announced),
    dimension: (barcode) => calls.dimension(barcode),
    readWeight: () => effects.current.readStableWeight(),
    decimalText: (value) => formDecimal(value, numberLocale(effects.current.language)),
    print: (request) => effects.current.print(request),
    createOperationId: newOperationId,
    forgetRecipient: () => getLocalStorage()?.removeItem(LAST_PICKING_RECIPIENT_KEY),
    navigate: (path) => {
      const { navigate: go, localize: at } = effects.current;
      void go(at(path));
    },
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    notifyPrinted: (count) =>
      effects.current.notify({
        status: 'ok',
        content: effects.current.t('delivery.store.f-0014', { count }),
      }),
  }));
  return ports;
}
