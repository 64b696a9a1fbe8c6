import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../i18n';
import { useSessionUser } from '../shell-services';
import { LocaleSwitch } from './locale-switch';
import styles from './header.module.css';

// Lazy: the user's name and sign-out show only once someone is signed in, never on the
// sign-in first screen (its 150 kB budget, docs/DECISIONS.md "Web shell").
const UserMenu = lazy(() => import('./user-menu'));

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
      <div
        className={styles.devices}
        data-testid="header-devices"
        role="group"
        aria-label={t('header.devices')}
      >
        {props.devices}
      </div>
      {isSignedIn ? (
        <Suspense fallback={null}>
          <UserMenu />
        </Suspense>
      ) : null}
      <LocaleSwitch />
    </header>
  );
}
