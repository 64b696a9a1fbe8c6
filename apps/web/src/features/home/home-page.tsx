import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areaPage } from '../../lib/page-paths';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { LocaleLink, useSessionUser } from '../../shell';
import { Page } from '../../ui';
import { canOpen, HOME_MENU } from './home-menu';
import styles from './home.module.css';

/**
 * `/`: the app title and the tiles of the areas this user can open (a worker
 * saw Users and got f-007, and tiles of areas not built yet).
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation('common');
  const user = useSessionUser();
  const settings = useQuery(runtimeSettingsQuery);
  const centreCode =
    settings.data?.sortingCenterId === undefined ? null : String(settings.data.sortingCenterId);
  const groups = HOME_MENU.map(({ group, areas }) => ({
    group,
    areas: areas.filter(({ access }) => canOpen(access, user, centreCode)).map(({ area }) => area),
  })).filter(({ areas }) => areas.length > 0);
  return (
    <Page title={tCommon('appTitle')} testId="home">
      <nav aria-label={t('menuLabel')} className={styles.menu}>
        {groups.map(({ group, areas }) => (
          <section key={group} className={styles.group}>
            <h2 className={styles.groupTitle}>{t(`groups.${group}`)}</h2>
            <ul className={styles.list}>
              {areas.map((area) => (
                <li key={area}>
                  <LocaleLink
                    to={areaPage(area)}
                    className={styles.link}
                    data-testid={`menu-${area}`}
                  >
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
