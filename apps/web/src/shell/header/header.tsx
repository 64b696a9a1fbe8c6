import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../i18n';
import { useSessionUser } from '../shell-services';
import { LocaleSwitch } from './locale-switch';
import { UserMenu } from './user-menu';
import styles from './header.module.css';

/** The page header: title, a slot for device icons, the signed-in user and logout, locale switch. */
export function Header(props: { devices?: ReactNode }) {
  const { t } = useTranslation('common');
  const isSignedIn = useSessionUser() !== null;
  return (
    <header
      className={`${styles.header} ${isSignedIn ? styles.signedIn : ''}`}
      data-testid="header"
    >
      <LocaleLink to="/" className={styles.title} title={t('header.home')}>
        <img src="/favicon.svg" alt="" width="32" height="32" className={styles.logo} />
        <span className={styles.titleText}>{t('appTitle')}</span>
      </LocaleLink>
      <div className={styles.devices} data-testid="header-devices" aria-label={t('header.devices')}>
        {props.devices}
      </div>
      <UserMenu />
      <LocaleSwitch />
    </header>
  );
}
