import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellServices } from '../shell-services';
import styles from './main-loader.module.css';

/** The label box of the main loader. */
export function MainLoaderView(props: { label: string }) {
  return (
    <div data-testid="main-loader" role="status" aria-live="polite" className={styles.loader}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{props.label}</span>
    </div>
  );
}

/**
 * The main loader (spec part 2 §2): shown once pending work (router navigation, queries
 * including the runtime settings, mutations) has lasted 250 ms; see createMainLoaderStore.
 */
export function MainLoader(props: { label?: string }) {
  const { t } = useTranslation('common');
  const { mainLoader } = useShellServices();
  const isVisible = useSyncExternalStore(mainLoader.subscribe, mainLoader.getSnapshot);
  return isVisible ? <MainLoaderView label={props.label ?? t('loading')} /> : null;
}
