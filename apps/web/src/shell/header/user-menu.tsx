import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../shell-services';
import { useLogout } from '../session/use-session';
import styles from './header.module.css';

/** The signed-in user's name and the logout button (icon, and its text on wide screens). */
export function UserMenu() {
  const user = useSessionUser();
  const logout = useLogout();
  const { t } = useTranslation('common');
  const [isBusy, setBusy] = useState(false);
  if (!user) return null;
  const onLogout = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.user}>
      <span className={styles.userName} data-testid="header-user-name" title={user.userName}>
        {user.userName}
      </span>
      <button
        type="button"
        className={styles.logout}
        onClick={() => void onLogout()}
        disabled={isBusy}
        aria-label={t('session.logout')}
        data-testid="header-logout"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 17v-3H3v-4h7V7l5 5-5 5Zm9 2H12v2h7a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2h-7v2h7v14Z"
          />
        </svg>
        <span className={styles.logoutText}>{t('session.logout')}</span>
      </button>
    </div>
  );
}
