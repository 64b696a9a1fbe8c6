import { useTranslation } from 'react-i18next';
import { LocaleLink, Page } from '../../shell';
import styles from './home.module.css';

/** The menu: every area of the app, grouped; each entry is the area's path. */
const MENU = [
  {
    group: 'operations',
    areas: [
      'sorting',
      'inbound',
      'shipment',
      'receipt-cargo',
      'place-to-storage',
      'placing',
      'parcels-placing',
      'parcels-picking',
      'parcel-picking-in-storage',
      'cargo-picking',
      'cargo-picking-v2',
      'loading',
      'loading-v2',
      'consolidation',
      'deconsolidation',
      'packing',
      'print-box-sticker',
      'picking',
      'returns',
      'audit',
      'vision',
    ],
  },
  {
    group: 'management',
    areas: ['dimensions', 'returnable-boxes', 'topology', 'time-tracking', 'users'],
  },
  {
    group: 'device',
    areas: ['user-auth', 'notifications', 'settings', 'nfc', 'capture-image', 'extract-text'],
  },
] as const;

/** `/`: the app title and the menu of its areas. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation('common');
  return (
    <Page title={tCommon('appTitle')} testId="home">
      <nav aria-label={t('menuLabel')} className={styles.menu}>
        {MENU.map(({ group, areas }) => (
          <section key={group} className={styles.group}>
            <h2 className={styles.groupTitle}>{t(`groups.${group}`)}</h2>
            <ul className={styles.list}>
              {areas.map((area) => (
                <li key={area}>
                  <LocaleLink to={`/${area}`} className={styles.link} data-testid={`menu-${area}`}>
                    {t(`areas.${area}`)}
                  </LocaleLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </Page>
  );
}
