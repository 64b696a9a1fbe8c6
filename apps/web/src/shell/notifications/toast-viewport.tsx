import { useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_POSITIONS, type Notification } from './notification';
import type { ToastStore } from './toast-store';
import { ToastIcon } from './toast-icon';
import styles from './toasts.module.css';
import { CloseIcon } from '../icons/close-icon';

function Toast(props: { toast: Notification; onClose: (id: number) => void }) {
  const { t } = useTranslation('common');
  const { toast } = props;
  // A handheld shows two lines of the content; a tap shows it all (toasts.module.css).
  const [isExpanded, setExpanded] = useState(false);
  const style: CSSProperties | undefined = toast.offset
    ? { left: `${toast.offset[0]}px`, top: `${toast.offset[1]}px` }
    : undefined;
  const isUrgent = toast.status === 'error' || toast.status === 'attention';
  return (
    <div
      data-testid="toast"
      data-status={toast.status}
      data-id={toast.id}
      role={isUrgent ? 'alert' : 'status'}
      className={styles.toast}
      style={style}
      title={toast.title ?? undefined}
    >
      <span className={styles.icon}>
        <ToastIcon status={toast.status} label={t(`toast.status.${toast.status}`)} />
      </span>
      <div
        className={styles.content}
        data-expanded={isExpanded}
        onClick={() => setExpanded((expanded) => !expanded)}
        dangerouslySetInnerHTML={{ __html: toast.content }}
      />
      <button
        type="button"
        data-testid="toast-close"
        className={styles.close}
        aria-label={t('toast.close')}
        onClick={() => props.onClose(toast.id)}
      >
        <CloseIcon size={20} />
      </button>
    </div>
  );
}

/** One container per position; toasts slide in from their edge. */
export function ToastViewport(props: { store: ToastStore }) {
  const { t } = useTranslation('common');
  const toasts = useSyncExternalStore(props.store.subscribe, props.store.getSnapshot);
  return (
    <section aria-label={t('toast.region')} className={styles.viewport}>
      {NOTIFICATION_POSITIONS.map((position) => (
        <div
          key={position}
          data-testid={`toasts-${position}`}
          data-position={position}
          className={styles.container}
        >
          {toasts[position].map((toast) => (
            <Toast key={toast.id} toast={toast} onClose={props.store.dismiss} />
          ))}
        </div>
      ))}
    </section>
  );
}
