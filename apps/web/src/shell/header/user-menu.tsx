import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../shell-services';
import { useLogout } from '../session/use-session';
import styles from './header.module.css';

/** The signed-in user's name and the logout button (icon, and its text on wide screens). */
export default function UserMenu() {
  const user = useSessionUser();
  const logout = useLogout();
  const { t } = useTranslation('common');
  const [isBusy, setBusy] = useState(false);
  const [isNameOpen, setNameOpen] = useState(false);
  const fullNameId = useId();
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
      {/* A handheld shows two lines of the name; a tap shows it whole (a very long one). */}
      <button
        type="button"
        className={styles.userNameButton}
        title={user.userName}
        aria-expanded={isNameOpen}
        aria-controls={isNameOpen ? fullNameId : undefined}
        onClick={() => setNameOpen((open) => !open)}
        onBlur={() => setNameOpen(false)}
      >
        <span className={styles.userName} data-testid="header-user-name">
          {user.userName}
        </span>
      </button>
      {isNameOpen ? (
        <p id={fullNameId} className={styles.fullName} data-testid="header-user-full-name">
          {user.userName}
        </p>
      ) : null}
      <button
        type="button"
        className={styles.logout}
        onClick={() => void onLogout()}
        disabled={isBusy}
        aria-label={t('session.logout')}
        data-testid="header-logout"
      >
        {/* Sign-out: a door frame with an arrow leaving it (Material "logout"). */}
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
          data-icon="sign-out"
        >
          <path
            fill="currentColor"
            d="M17 7l-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5-5-5ZM4 5h8V3H4a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h8v-2H4V5Z"
          />
        </svg>
        <span className={styles.logoutText}>{t('session.logout')}</span>
      </button>
    </div>
  );
}
