import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { recognizeBarcode } from '@sorting/domain';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import {
  resolveRedirect,
  toDemoUsers,
  useLocalizedPath,
  useNotify,
  useScan,
  useSessionService,
  type DemoUser,
  type SignInOutcome,
} from '../../shell';
// The kit's parts one by one, not its index: the sign-in page is the first screen, and the
// index would fetch the pager, lists and dialog chunks with it (docs/DECISIONS.md "Web shell",
// weight).
import { Page } from '../../ui/page/page';
import controlStyles from '../../ui/buttons/controls.module.css';
import styles from './user-auth.module.css';
import { PAGES } from '../../lib/page-paths';

/** The badge or sign-on token of a scan, or null when the scan is neither. */
export function tokenOfScan(text: string): string | null {
  const recognized = recognizeBarcode(text);
  if (recognized.type === 'user') return recognized.value;
  if (recognized.type === 'token') return recognized.token;
  return null;
}

/**
 * `/user-auth`: the sign-in page (spec part 1 §2, §4). The badge scan is the main way in;
 * office staff may use login and password; with the demo seed on, demo users sign in by one
 * tap. After sign-in the `redirect` parameter is followed under the open-redirect rule.
 */
export default function UserAuthPage() {
  const { t } = useTranslation('user-auth');
  const service = useSessionService();
  const notify = useNotify();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const [isBusy, setBusy] = useState(false);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const [demoUsers, setDemoUsers] = useState<DemoUser[]>([]);

  // The demo list only while the runtime settings say the demo seed is on. Plain state, no
  // query observer: this is the first screen and stays light.
  useEffect(() => {
    let isCurrent = true;
    void queryClient
      .ensureQueryData(runtimeSettingsQuery)
      .then(async (settings) => {
        if (!settings.features.demo) return;
        const users = toDemoUsers((await service.demoUsers()).operationObject);
        if (isCurrent) setDemoUsers(users);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [queryClient, service]);

  const follow = () => {
    const target = resolveRedirect(params.get('redirect'), window.location.origin);
    if (target.kind === 'router') void navigate(target.to, { replace: true });
    else if (target.kind === 'location') window.location.assign(target.href);
    else void navigate(localize(PAGES.home), { replace: true });
  };

  const attempt = async (signIn: () => Promise<SignInOutcome>) => {
    setBusy(true);
    try {
      const outcome = await signIn();
      if (outcome.status === 'signedIn') follow();
      else if (outcome.status === 'refused') notify(outcome.message ?? t('f-003'));
      else notify(t('f-003'));
    } finally {
      setBusy(false);
    }
  };

  useScan((scan) => {
    const token = tokenOfScan(scan.text);
    if (token === null) {
      notify(t('notBadge'));
      return;
    }
    return attempt(() => service.signInWithToken(token));
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!login.trim() || !password) return;
    void attempt(() => service.signInWithPassword(login.trim(), password));
  };

  return (
    <Page title={t('title')} testId="user-auth">
      <div className={styles.prompt} aria-busy={isBusy}>
        <svg viewBox="0 0 24 24" width="72" height="72" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 14H4V6h16v12ZM9 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm4.5 4.5c0-1.7-3-2.5-4.5-2.5s-4.5.8-4.5 2.5V17h9v-.5ZM15 9h4v1.5h-4V9Zm0 3h4v1.5h-4V12Z"
          />
        </svg>
        <p className={styles.text} data-testid="user-auth-prompt">
          {t('prompt')}
        </p>
        <p className={styles.status} role="status" data-testid="user-auth-status">
          {isBusy ? t('signingIn') : null}
        </p>
      </div>

      {demoUsers.length > 0 ? (
        <section className={styles.demo} aria-labelledby="user-auth-demo-title">
          <h2 id="user-auth-demo-title" className={styles.sectionTitle}>
            {t('demo.title')}
          </h2>
          <p className={styles.hint}>{t('demo.hint')}</p>
          <ul className={styles.demoList} data-testid="user-auth-demo-users">
            {demoUsers.map((user) => (
              <li key={user.badge}>
                <button
                  type="button"
                  className={styles.demoButton}
                  disabled={isBusy}
                  onClick={() => void attempt(() => service.signInWithToken(user.badge))}
                >
                  {/* The name heard is what is seen, after «Войти как» (WCAG 2.5.3). */}
                  <span className="visually-hidden">{t('demo.signInAsPrefix')}</span>{' '}
                  <span className={styles.demoName}>{user.name}</span>
                  <span className={styles.demoRole}>
                    {t(`roles.${user.role}`, { defaultValue: user.role })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {/* Served by the server, not the SPA: a full navigation. */}
          <a className={styles.hint} href={localize('/demo-sheet')}>
            {t('demo.sheet')}
          </a>
        </section>
      ) : null}

      <details className={styles.password}>
        <summary className={styles.summary}>{t('password.toggle')}</summary>
        <form className={styles.form} onSubmit={onSubmit} data-testid="user-auth-password-form">
          <label className={controlStyles.field}>
            <span>{t('password.login')}</span>
            <input
              className={controlStyles.input}
              name="login"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
            />
          </label>
          <label className={controlStyles.field}>
            <span>{t('password.password')}</span>
            <input
              className={controlStyles.input}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button
            type="submit"
            className={controlStyles.primary}
            disabled={isBusy || !login.trim() || !password}
          >
            {t('password.submit')}
          </button>
        </form>
      </details>
    </Page>
  );
}
