import {
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_POSITIONS, type Notification } from './notification';
import type { ToastStore } from './toast-store';
import { ToastIcon } from './toast-icon';
import styles from './toasts.module.css';
import { CloseIcon } from '../../ui/icons/close-icon';

type ToastTimer = Pick<ToastStore, 'dismiss' | 'hold' | 'release'>;

/**
 * When a toast that holds focus closes, focus goes back where it was before it entered the
 * toast (not to <body>, where a screen reader and the keyboard lose their place).
 */
function useFocusReturn(ref: RefObject<HTMLDivElement | null>) {
  const cameFrom = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const onFocusIn = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !element.contains(from)) cameFrom.current = from;
    };
    element.addEventListener('focusin', onFocusIn);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      // Still in the document here: React runs this before it removes the node.
      if (element.contains(document.activeElement)) {
        const back = cameFrom.current;
        if (back?.isConnected) back.focus();
      }
    };
  }, [ref]);
}

function Toast(props: { toast: Notification; timer: ToastTimer }) {
  const { t } = useTranslation('common');
  const { toast, timer } = props;
  const ref = useRef<HTMLDivElement>(null);
  useFocusReturn(ref);
  // A handheld shows two lines of the content; a tap shows it all (toasts.module.css).
  const [isExpanded, setExpanded] = useState(false);
  const style: CSSProperties | undefined = toast.offset
    ? { left: `${toast.offset[0]}px`, top: `${toast.offset[1]}px` }
    : undefined;
  const isUrgent = toast.status === 'error' || toast.status === 'attention';
  // Ok and info are read by their live container; an urgent one is an alert of its own; one
  // the live region has just said is not read again.
  const hold = () => timer.hold(toast.id);
  const release = (event: { currentTarget: HTMLElement; relatedTarget: EventTarget | null }) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (
      event.currentTarget.matches(':hover') ||
      event.currentTarget.contains(document.activeElement)
    )
      return;
    timer.release(toast.id);
  };
  return (
    <div
      ref={ref}
      data-testid="toast"
      data-status={toast.status}
      data-id={toast.id}
      role={isUrgent && !toast.isQuiet ? 'alert' : undefined}
      aria-live={toast.isQuiet ? 'off' : undefined}
      onFocus={hold}
      onBlur={release}
      onMouseEnter={hold}
      onMouseLeave={release}
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
        onClick={() => timer.dismiss(toast.id)}
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
          aria-live="polite"
          aria-relevant="additions"
        >
          {toasts[position].map((toast) => (
            <Toast key={toast.id} toast={toast} timer={props.store} />
          ))}
        </div>
      ))}
    </section>
  );
}
