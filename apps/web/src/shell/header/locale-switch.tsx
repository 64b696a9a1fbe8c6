import { LOCALES, type Locale } from '@sorting/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localeSwitchTarget, persistLocale, useLocale } from '../i18n';
import { useShellServices } from '../shell-services';
import styles from './header.module.css';

/** RU / EN: keeps the choice in cookies and opens the same page in that locale. */
export function LocaleSwitch() {
  const { t } = useTranslation('common');
  const { locale } = useLocale();
  const { cookies } = useShellServices();
  const navigate = useNavigate();
  const location = useLocation();

  const choose = (next: Locale) => {
    persistLocale(cookies, next);
    const target = localeSwitchTarget(location, next);
    if (target !== `${location.pathname}${location.search}${location.hash}`) void navigate(target);
  };

  return (
    <div
      data-testid="locale-switch"
      role="group"
      aria-label={t('locale.label')}
      className={styles.localeSwitch}
    >
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          data-testid={`locale-${option}`}
          lang={option}
          title={t(option === 'ru' ? 'locale.ruName' : 'locale.enName')}
          aria-pressed={option === locale}
          className={styles.localeButton}
          onClick={() => choose(option)}
        >
          {t(option === 'ru' ? 'locale.ru' : 'locale.en')}
        </button>
      ))}
    </div>
  );
}
