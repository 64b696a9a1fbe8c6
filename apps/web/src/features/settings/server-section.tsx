import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import styles from './settings.module.css';

/** «Сервер»: the runtime settings of `POST /local-settings-newsort`, read-only (part 2 §7). */
export function ServerSection() {
  const { t } = useTranslation('settings');
  const settings = useQuery(runtimeSettingsQuery);
  if (!settings.data) {
    return (
      <p className={styles.muted}>{t(settings.isError ? 'server.failed' : 'server.loading')}</p>
    );
  }
  const rows = [
    ['printerServiceUrl', settings.data.printerServiceUrl],
    ['printingHubUrl', settings.data.printingHubUrl],
    ['scaleServiceUrl', settings.data.scaleServiceUrl],
    ['sortingCenterId', String(settings.data.sortingCenterId)],
  ] as const;
  return (
    <dl className={styles.facts} data-testid="settings-server">
      {rows.map(([key, value]) => (
        <div key={key} className={styles.fact} data-testid={`settings-server-${key}`}>
          <dt>{t(`server.${key}`)}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
