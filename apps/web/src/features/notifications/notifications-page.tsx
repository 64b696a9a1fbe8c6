import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BASE_SOUNDS,
  LETTERS,
  MAX_NUMBER_SOUND,
  NOTIFICATION_POSITIONS,
  NOTIFICATION_STATUSES,
  Page,
  controlStyles,
  letterSound,
  numberSound,
  useNotify,
  useSoundPlayer,
  type NotificationPosition,
  type NotificationStatus,
} from '../../shell';
import { LastScans } from './last-scans';
import styles from './notifications.module.css';

const AUTO = 'auto';
const NUMBERS = Array.from({ length: MAX_NUMBER_SOUND + 1 }, (_, index) => index);

/**
 * `/notifications`: a worker checks that a handheld shows toasts and plays sounds, before the
 * shift or when something seems wrong.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const ids = useId();
  const [status, setStatus] = useState<NotificationStatus>('error');
  const [position, setPosition] = useState<NotificationPosition | typeof AUTO>(AUTO);
  const [content, setContent] = useState(() => t('contentDefault'));
  const [isMuteErrorSound, setMuteErrorSound] = useState(false);
  const [number, setNumber] = useState(0);
  const [letter, setLetter] = useState<(typeof LETTERS)[number]>('a');
  const checks = useRef(0);

  const show = () => {
    notify({
      status,
      content,
      isMuteErrorSound,
      ...(position === AUTO ? {} : { position }),
      // A check shows exactly what was asked for: its toasts belong to no flow, so a later
      // ok or info toast does not close an earlier error here.
      flow: `check-${(checks.current += 1)}`,
    });
  };

  return (
    <Page title={t('title')} testId="notifications">
      <LastScans />
      <section className={styles.section} aria-labelledby={`${ids}-toast`}>
        <h2 id={`${ids}-toast`} className={styles.sectionTitle}>
          {t('toastSection')}
        </h2>
        <div className={styles.row}>
          <label className={controlStyles.field}>
            {t('status')}
            <select
              data-testid="notify-status"
              className={controlStyles.input}
              value={status}
              onChange={(event) => setStatus(event.target.value as NotificationStatus)}
            >
              {NOTIFICATION_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`statuses.${option}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={controlStyles.field}>
            {t('position')}
            <select
              data-testid="notify-position"
              className={controlStyles.input}
              value={position}
              onChange={(event) =>
                setPosition(event.target.value as NotificationPosition | typeof AUTO)
              }
            >
              <option value={AUTO}>{t('positionAuto')}</option>
              {NOTIFICATION_POSITIONS.map((option) => (
                <option key={option} value={option}>
                  {t(`positions.${option}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className={controlStyles.field}>
          {t('content')}
          <textarea
            data-testid="notify-content"
            className={`${controlStyles.input} ${styles.textarea}`}
            rows={4}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        </label>
        <label className={controlStyles.checkbox}>
          <input
            type="checkbox"
            data-testid="notify-mute"
            checked={isMuteErrorSound}
            onChange={(event) => setMuteErrorSound(event.target.checked)}
          />
          {t('mute')}
        </label>
        <div>
          <button
            type="button"
            data-testid="notify-show"
            className={controlStyles.primary}
            onClick={show}
          >
            {t('show')}
          </button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-sounds`}>
        <h2 id={`${ids}-sounds`} className={styles.sectionTitle}>
          {t('soundsSection')}
        </h2>
        <div className={styles.sounds}>
          {BASE_SOUNDS.map((name) => (
            <button
              key={name}
              type="button"
              data-testid={`sound-${name}`}
              className={controlStyles.button}
              onClick={() => sounds.play(name)}
            >
              {t(`sounds.${name}`)}
            </button>
          ))}
        </div>
        <div className={styles.row}>
          <label className={controlStyles.field}>
            {t('number')}
            <select
              data-testid="sound-number-value"
              className={controlStyles.input}
              value={number}
              onChange={(event) => setNumber(Number(event.target.value))}
            >
              {NUMBERS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="sound-number"
            className={`${controlStyles.button} ${styles.alignEnd}`}
            onClick={() => {
              const name = numberSound(number);
              if (name) sounds.play(name);
            }}
          >
            {t('playNumber')}
          </button>
          <label className={controlStyles.field}>
            {t('letter')}
            <select
              data-testid="sound-letter-value"
              className={controlStyles.input}
              value={letter}
              onChange={(event) => setLetter(event.target.value as (typeof LETTERS)[number])}
            >
              {LETTERS.map((value) => (
                <option key={value} value={value}>
                  {value.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="sound-letter"
            className={`${controlStyles.button} ${styles.alignEnd}`}
            onClick={() => {
              const name = letterSound(letter);
              if (name) sounds.play(name);
            }}
          >
            {t('playLetter')}
          </button>
        </div>
      </section>
    </Page>
  );
}
