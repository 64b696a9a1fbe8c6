import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPickingInfo, TTariff } from '@sorting/contracts';
import { formatMoney } from '@sorting/domain';
import { newOperationId } from '../../lib/operation-id';
import { getLocalStorage } from '../../lib/storage';
import { useLocalizedPath, useNotify } from '../../shell';
import { ActionButton } from '../../ui';
import { PromptError } from '../../ui/prompt/prompt-error';
import { deliveryPage } from '../../lib/page-paths';
import { LAST_PICKING_RECIPIENT_KEY } from './picking.model';
import type { DeliveryCalls } from './delivery.service';

/** Why the tariff check failed: refused (f-0017) or no answer (f-0018). */
class TariffFailure extends Error {
  constructor(
    readonly code: 'f-0017' | 'f-0018',
    readonly reason: string | null,
  ) {
    super(code);
  }
}

/**
 * Spec part 2 §4 tariff rule on the pick-up's info: a SELF recipient makes no call
 * (tariff availability false, the NONE option); otherwise GET tariff for its warehouse pair,
 * and a non-empty list offers «Оформить доставку», which begins the picking when needed and
 * opens `/picking/delivery/{pickingId}`. A refusal is f-0017, no answer f-0018.
 */
export function DeliveryOffer(props: {
  calls: DeliveryCalls;
  info: TPickingInfo;
  /** This device's open picking of the recipient, if begun. */
  pickingId: number | null;
}) {
  const { t } = useTranslation('picking');
  const notify = useNotify();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [isOpening, setOpening] = useState(false);
  const { info } = props;
  const from = info.WarehouseCodeFrom;
  const to = info.WarehouseCodeTo;
  const isChecked = info.DeliveryType !== 'SELF' && from !== null && to !== null;

  const tariffs = useQuery<TTariff[], TariffFailure>({
    queryKey: ['delivery', 'tariff', from, to],
    enabled: isChecked,
    retry: false,
    queryFn: async () => {
      const answer = await props.calls
        .tariff({ fromAddress: from ?? '', toAddress: to ?? '' })
        .catch(() => {
          throw new TariffFailure('f-0018', null);
        });
      if (!answer.isSuccess || answer.operationObject === null) {
        throw new TariffFailure('f-0017', answer.message);
      }
      return answer.operationObject;
    },
  });
  const failure = tariffs.error;
  const failureText = failure
    ? failure.reason
      ? t('withReason', { text: t(failure.code), reason: failure.reason })
      : t(failure.code)
    : null;

  async function open(): Promise<void> {
    const state = { recipient: info.ClientCode };
    if (props.pickingId !== null) {
      void navigate(localize(deliveryPage(props.pickingId)), { state });
      return;
    }
    setOpening(true);
    const begun = await props.calls
      .begin({ PickingClientCode: info.ClientCode, operationId: newOperationId() })
      .catch(() => null);
    setOpening(false);
    const pickingId = begun?.isSuccess ? (begun.operationObject?.pickingId ?? null) : null;
    if (pickingId === null) {
      const text = t(begun ? 'f-0006' : 'f-0007');
      notify({ status: 'error', content: begun?.message ? t('withReason', { text, reason: begun.message }) : text });
      return;
    }
    // Begun: this device's open picking (docs/DECISIONS.md "Recipient picking", the device pointer).
    getLocalStorage()?.setItem(LAST_PICKING_RECIPIENT_KEY, info.ClientCode);
    void navigate(localize(deliveryPage(pickingId)), { state });
  } // prettier-ignore

  if (!isChecked) return null;
  if (failureText && failure) {
    return <PromptError text={failureText} code={failure.code} />;
  }
  const list = tariffs.data ?? [];
  if (list.length === 0) return null;
  return (
    <section data-testid="delivery-offer" aria-label={t('deliveryOffer')}>
      <p data-testid="delivery-tariffs">
        {t('deliveryTariffs', {
          tariffs: list.map((tariff) => `${tariff.name} ${formatMoney(tariff.price)}`).join(', '),
        })}
      </p>
      <ActionButton
        testId="delivery-offer-open"
        label={t(props.pickingId !== null && info.DeliveryId !== null ? 'deliveryOpen' : 'deliveryOffer')}
        disabled={isOpening}
        onClick={() => void open()}
      />
    </section>
  ); // prettier-ignore
}
