import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@sorting/domain';
import { getLocalStorage } from '../../lib/storage';
import { newOperationId } from '../../lib/operation-id';
import { browserScheduler, type Scheduler } from '../../lib/scheduler';
import { useLocalizedPath, useNotify, useSoundPlayer } from '../../shell';
import { LAST_PICKING_RECIPIENT_KEY, type PickingError, type PickingPorts } from './picking.model';
import type { PickingCalls } from './picking.service';

/** The text of a picking error: its f-code's text, then the server's message when given. */
export function usePickingErrorText(): (error: PickingError) => string {
  const { t } = useTranslation('picking');
  return (error) => {
    const text = t(error.code, { barcode: error.barcode ?? '' });
    return error.message ? t('withReason', { text, reason: error.message }) : text;
  };
}

/**
 * The ports of the picking machine on a page: the calls, LAST_PICKING_RECIPIENT in local
 * storage, sounds, toasts and the router; its effects use the latest translation.
 */
export function usePickingPorts(
  calls: PickingCalls,
  scheduler: Scheduler = browserScheduler,
): PickingPorts {
  const { t } = useTranslation('picking');
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const errorText = usePickingErrorText();
  const effects = useRef({ t, notify, sounds, navigate, localize, errorText });
  useEffect(() => {
    effects.current = { t, notify, sounds, navigate, localize, errorText };
  }, [t, notify, sounds, navigate, localize, errorText]);

  const [ports] = useState<PickingPorts>(() => ({
    findClients: (search) => calls.findClients(search),
    info: (clientCode) => calls.info(clientCode),
    begin: (input) => calls.begin(input),
    search: (pickingId) => calls.search(pickingId),
    pickup: (input) => calls.pickup(input),
    end: (input) => calls.end(input),
    cancel: (input) => calls.cancel(input),
    balance: (clientCode) => calls.balance(clientCode),
    lost: (input) => calls.lost(input),
    restorablePath: () => calls.restorablePath(),
    pay: (input) => calls.pay(input),
    payState: (pickingId) => calls.payState(pickingId),
    setPayState: (input) => calls.setPayState(input),
    returnReasons: (itemId) => calls.returnReasons(itemId),
    returnItem: (input) => calls.returnItem(input),
    wait: (ms) =>
      new Promise<void>((resolve) => {
        scheduler.setTimeout(resolve, ms);
      }),
    createOperationId: newOperationId,
    rememberRecipient: (clientCode) =>
      getLocalStorage()?.setItem(LAST_PICKING_RECIPIENT_KEY, clientCode),
    forgetRecipient: () => getLocalStorage()?.removeItem(LAST_PICKING_RECIPIENT_KEY),
    navigate: (path) => {
      const { navigate: go, localize: at } = effects.current;
      void go(at(path));
    },
    play: (sound) => effects.current.sounds.play(sound),
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    notifyReturned: ({ barcode, reason }) => {
      const { t: translate } = effects.current;
      const content = translate('return.done', {
        barcode,
        reason: translate(`return.reason.${reason}`, { defaultValue: reason }),
      });
      effects.current.notify({ status: 'ok', content });
    },
    notifyPaymentCancelled: ({ amount }) => {
      const { t: translate } = effects.current;
      const content = translate('payment.cancelled', { amount: formatMoney(amount) });
      effects.current.notify({ status: 'ok', content });
    },
    notifyDone: (done) => {
      const { t: translate } = effects.current;
      const content =
        done.kind === 'ended'
          ? translate('ended', { count: done.result.handedOut.length })
          : translate('cancelled', { count: done.result.putBack.length });
      effects.current.notify({ status: 'ok', content });
    },
  }));
  return ports;
}
