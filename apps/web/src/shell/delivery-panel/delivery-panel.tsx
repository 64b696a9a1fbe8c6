import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERY_ROUTES, PICKING_ROUTES } from '@sorting/contracts';
import { splitLocalePath } from '@sorting/domain';
import { api } from '../../lib/api';
import { getLocalStorage } from '../../lib/storage';
import { LocaleLink } from '../i18n';
import {
  DELIVERY_CHANGED_EVENT,
  deliveryPagePickingId,
  shownDelivery,
  subscribeShownDelivery,
  type OpenDelivery,
} from './delivery-changed';
import styles from './delivery-panel.module.css';
import { deliveryPage } from '../../lib/page-paths';

/**
 * Spec part 1 §9: the recipient chosen on this device (the picking feature's
 * LAST_PICKING_RECIPIENT_KEY; the shell reads the same key and never imports the feature).
 */
const LAST_PICKING_RECIPIENT = 'LAST_PICKING_RECIPIENT';

/** This device's open picking of the stored recipient with a delivery, or null. */
async function openDelivery(): Promise<OpenDelivery | null> {
  const recipient = getLocalStorage()?.getItem(LAST_PICKING_RECIPIENT) ?? null;
  if (!recipient) return null;
  const info = await api.call(PICKING_ROUTES.info, { body: { PickingClientCode: recipient } });
  const client = info.isSuccess ? info.operationObject : null;
  const entry = client?.Pickings[0];
  if (!client?.IsOwnPicking || !entry || entry.DeliveryId === null) return null;
  const items = await api.call(DELIVERY_ROUTES.items, { params: { deliveryId: entry.DeliveryId } });
  if (!items.isSuccess || !items.operationObject) return null;
  return {
    pickingId: entry.PickingId,
    recipientName: client.ClientName,
    packagesCount: items.operationObject.length,
  };
}

/**
 * The delivery header panel (spec part 1 §2): while this device has an open
 * picking with a delivery, «Доставка · {recipient} · {n} мест» linking to its page; nothing
 * otherwise. A lazy chunk of the signed-in shell, checked again on every navigation.
 */
export default function DeliveryPanel() {
  const { pathname } = useLocation();
  // On the delivery page the page's own reads are shown (delivery-changed.ts).
  const pagePickingId = deliveryPagePickingId(splitLocalePath(pathname).path);
  const shown = useSyncExternalStore(subscribeShownDelivery, shownDelivery);
  const [delivery, setDelivery] = useState<OpenDelivery | null>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const changed = () => setChanges((count) => count + 1);
    window.addEventListener(DELIVERY_CHANGED_EVENT, changed);
    return () => window.removeEventListener(DELIVERY_CHANGED_EVENT, changed);
  }, []);
  useEffect(() => {
    if (pagePickingId !== null) return;
    let isCurrent = true;
    openDelivery().then(
      (found) => {
        if (isCurrent) setDelivery(found);
      },
      () => {
        if (isCurrent) setDelivery(null);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [pathname, changes, pagePickingId]);
  if (pagePickingId !== null) {
    const onPage = shown?.pickingId === pagePickingId ? shown.delivery : null;
    return onPage ? <DeliveryPanelLink delivery={onPage} /> : null;
  }
  return delivery ? <DeliveryPanelLink delivery={delivery} /> : null;
}

/** The link; its text is the picking catalogue's (loaded only when there is a delivery). */
function DeliveryPanelLink(props: { delivery: OpenDelivery }) {
  const { t } = useTranslation('picking');
  const { delivery } = props;
  return (
    <nav
      className={styles.panel}
      data-testid="delivery-header-panel"
      aria-label={t('deliveryOffer')}
    >
      <LocaleLink className={styles.link} to={deliveryPage(delivery.pickingId)}>
        {t('delivery.header', { name: delivery.recipientName, count: delivery.packagesCount })}
      </LocaleLink>
    </nav>
  );
}
