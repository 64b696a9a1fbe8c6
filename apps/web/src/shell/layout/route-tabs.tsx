import { LocaleLink } from '../i18n';
import styles from './route-tabs.module.css';
import { PAGES } from '../../lib/page-paths';

/**
 * Tabs that are routes (part 2 §2: /inbound | /shipment): the tab is the address, so a reload
 * or a link keeps it. Each page passes its own labels.
 */
export function RouteTabs(props: {
  label: string;
  current: string;
  tabs: readonly { path: string; label: string; testId: string }[];
}) {
  return (
    <nav className={styles.tabs} aria-label={props.label}>
      {props.tabs.map((tab) => (
        <LocaleLink
          key={tab.path}
          to={tab.path}
          className={tab.path === props.current ? styles.current : styles.tab}
          aria-current={tab.path === props.current ? 'page' : undefined}
          data-testid={tab.testId}
        >
          {tab.label}
        </LocaleLink>
      ))}
    </nav>
  );
}

/**
 * The documents section's two tabs (part 2 §2: /inbound | /shipment), shown by both pages with
 * the keys each page's catalogue has for them.
 */
export function DocumentsTabs(props: {
  current: typeof PAGES.inbound | typeof PAGES.shipment;
  translate: (key: 'tabs' | 'tabSupplies' | 'tabShipments') => string;
}) {
  const { translate } = props;
  return (
    <RouteTabs
      label={translate('tabs')}
      current={props.current}
      tabs={[
        { path: PAGES.inbound, label: translate('tabSupplies'), testId: 'tab-inbound' },
        { path: PAGES.shipment, label: translate('tabShipments'), testId: 'tab-shipment' },
      ]}
    />
  );
}
