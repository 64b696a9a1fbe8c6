import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { splitLocalePath } from '@sorting/domain';
import { LocaleLink } from '../i18n';
import { useRouterBusy, useSessionUser } from '../shell-services';
import { LocaleSwitch } from './locale-switch';
import styles from './header.module.css';
import { PAGES } from '../../lib/page-paths';

// Lazy: sign-out shows only once someone is signed in, never on the sign-in first screen (its
// 150 kB budget, docs/DECISIONS.md "Web shell"). Until it comes, UserSlot holds its place.
const UserMenu = lazy(() => import('./user-menu'));

/** The sign-in page, where nobody is signed in yet: no place is kept for a user there. */
const SIGN_IN_PATH = PAGES.signIn;

/**
 * The page header: title, a slot for device icons, the signed-in user and logout, locale switch.
 * While the first page's session lookup runs (no user yet, the router busy) the header already
 * has the signed-in layout with an empty place for the name and sign-out, so nothing moves
 * when the user arrives (docs/DECISIONS.md "Web shell", layout shift).
 */
export function Header(props: { devices?: ReactNode }) {
  const { t } = useTranslation('common');
  const user = useSessionUser();
  const isRouterBusy = useRouterBusy();
  const { pathname } = useLocation();
  const isUserPending =
    user === null && isRouterBusy && splitLocalePath(pathname).path !== SIGN_IN_PATH;
  const isSignedIn = user !== null || isUserPending;
  return (
    <header
      className={`${styles.header} ${isSignedIn ? styles.signedIn : ''}`}
      data-testid="header"
    >
      <LocaleLink to={PAGES.home} className={styles.title} title={t('header.home')}>
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
      {user !== null ? (
        <Suspense fallback={<UserSlot name={user.userName} />}>
          <UserMenu />
        </Suspense>
      ) : null}
      {isUserPending ? <UserSlot name={null} /> : null}
      <LocaleSwitch />
    </header>
  );
}

/**
 * The place of the user's name and sign-out, laid out as `UserMenu` lays them out: shown while
 * the session lookup runs (no name yet) and while the menu's code loads (the name already).
 */
function UserSlot(props: { name: string | null }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.user} data-testid="header-user-slot">
      <span className={styles.userNameButton}>
        <span className={styles.userName}>{props.name}</span>
      </span>
      <span className={`${styles.logout} ${styles.pending}`} aria-hidden="true">
        <span className={styles.logoutIcon} />
        <span className={styles.logoutText}>{t('session.logout')}</span>
      </span>
    </div>
  );
}
