import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BASE_SOUNDS,
  LETTERS,
  MAX_NUMBER_SOUND,
  NOTIFICATION_LIFETIME_MS,
  NOTIFICATION_POSITIONS,
  NOTIFICATION_STATUSES,
  numberSound,
  useNotify,
  useSoundPlayer,
  type NotificationPosition,
  type NotificationStatus,
  type SoundName,
} from '../../shell';
import { ActionButton, Page, controlStyles } from '../../ui';
// By its path: the letters' names stay out of the first screen.
import { letterSound } from '../../shell/sounds/letter-sound';
import { LastScans } from './last-scans';
import { longText, offsetValue } from './toast-check';
import sectionStyles from '../../ui/page/page-section.module.css';
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
  const [offsetX, setOffsetX] = useState('');
  const [offsetY, setOffsetY] = useState('');
  const checks = useRef(0);

  // A check shows exactly what was asked for: its toasts belong to no flow, so a later ok or
  // info toast does not close an earlier error here.
  const nextFlow = () => `check-${(checks.current += 1)}`;

  const show = () => {
    const x = offsetValue(offsetX);
    const y = offsetValue(offsetY);
    notify({
      status,
      content,
      isMuteErrorSound,
      ...(position === AUTO ? {} : { position }),
      // Part 1 §3: the optional offset pair, given when either is typed.
      ...(x === null && y === null ? {} : { offset: [x ?? 0, y ?? 0] as const }),
      flow: nextFlow(),
    });
  };

  // One toast of each status in each of the six positions (24), the error sound muted.
  const showAll = () => {
    for (const where of NOTIFICATION_POSITIONS) {
      for (const kind of NOTIFICATION_STATUSES) {
        notify({
          status: kind,
          position: where,
          content: `${t(`statuses.${kind}`)}: ${t(`positions.${where}`)}`,
          isMuteErrorSound: true,
          flow: nextFlow(),
        });
      }
    }
  };

  return (
    <Page title={t('title')} testId="notifications">
      <LastScans />
      <section className={sectionStyles.section} aria-labelledby={`${ids}-toast`}>
        <h2 id={`${ids}-toast`} className={sectionStyles.sectionTitle}>
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
        <div className={styles.row}>
          {(
            [
              ['x', offsetX, setOffsetX],
              ['y', offsetY, setOffsetY],
            ] as const
          ).map(([axis, value, setValue]) => (
            <label key={axis} className={controlStyles.field}>
              {t(axis === 'x' ? 'offsetX' : 'offsetY')}
              <input
                data-testid={`notify-offset-${axis}`}
                className={controlStyles.input}
                inputMode="numeric"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            </label>
          ))}
        </div>
        <label className={controlStyles.checkbox}>
          <input
            type="checkbox"
            data-testid="notify-mute"
            checked={isMuteErrorSound}
            onChange={(event) => setMuteErrorSound(event.target.checked)}
          />
          {t('mute')}
        </label>
        <p className={styles.hint} data-testid="notify-lifetime">
          {t('lifetime', { seconds: NOTIFICATION_LIFETIME_MS / 1000 })}
        </p>
        <div className={styles.row}>
          <ActionButton testId="notify-show" label={t('show')} onClick={show} isPrimary />
          <button
            type="button"
            data-testid="notify-long"
            className={controlStyles.button}
            onClick={() => setContent(longText(t('longSentence')))}
          >
            {t('long')}
          </button>
          <button
            type="button"
            data-testid="notify-all"
            className={controlStyles.button}
            onClick={showAll}
          >
            {t('all')}
          </button>
        </div>
      </section>

      <section className={sectionStyles.section} aria-labelledby={`${ids}-sounds`}>
        <h2 id={`${ids}-sounds`} className={sectionStyles.sectionTitle}>
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
          <SoundChoice
            name="number"
            label={t('number')}
            playLabel={t('playNumber')}
            values={NUMBERS}
            caption={String}
            soundOf={numberSound}
          />
          <SoundChoice
            name="letter"
            label={t('letter')}
            playLabel={t('playLetter')}
            values={LETTERS}
            caption={(value) => value.toUpperCase()}
            soundOf={letterSound}
          />
        </div>
      </section>
    </Page>
  );
}

/** A value to choose (a number, a letter) and a button that plays its sound. */
function SoundChoice<T extends string | number>(props: {
  name: string;
  label: string;
  playLabel: string;
  values: readonly T[];
  caption: (value: T) => string;
  soundOf: (value: T) => SoundName | null;
}) {
  const { name, label, playLabel, values, caption, soundOf } = props;
  const sounds = useSoundPlayer();
  // The option's value is the value itself, as text (what a test or a person selects by).
  const [chosen, setChosen] = useState(() => String(values[0]));
  return (
    <>
      <label className={controlStyles.field}>
        {label}
        <select
          data-testid={`sound-${name}-value`}
          className={controlStyles.input}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          {values.map((value) => (
            <option key={value} value={String(value)}>
              {caption(value)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        data-testid={`sound-${name}`}
        className={`${controlStyles.button} ${styles.alignEnd}`}
        onClick={() => {
          const value = values.find((candidate) => String(candidate) === chosen);
          const sound = value === undefined ? null : soundOf(value);
          if (sound) sounds.play(sound);
        }}
      >
        {playLabel}
      </button>
    </>
  );
}
