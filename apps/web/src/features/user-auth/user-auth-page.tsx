import { useTranslation } from 'react-i18next';
import { Page } from '../../shell';
import styles from './user-auth.module.css';

/**
 * `/user-auth`: the sign-in page. The real sign-in by badge scan arrives with a later issue;
 * until then it only says what to do, and has no form that would not work.
 */
export default function UserAuthPage() {
  const { t } = useTranslation('user-auth');
  return (
    <Page title={t('title')} testId="user-auth">
      <div className={styles.prompt}>
        <svg viewBox="0 0 24 24" width="72" height="72" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 14H4V6h16v12ZM9 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm4.5 4.5c0-1.7-3-2.5-4.5-2.5s-4.5.8-4.5 2.5V17h9v-.5ZM15 9h4v1.5h-4V9Zm0 3h4v1.5h-4V12Z"
          />
        </svg>
        <p className={styles.text} data-testid="user-auth-prompt">
          {t('prompt')}
        </p>
      </div>
    </Page>
  );
}
