import {
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { CloseIcon } from '../icons/close-icon';
import { DialogScanInputContext } from './dialog-scan-input';

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** Buttons at the bottom, within thumb reach. */
  actions?: ReactNode;
  /**
   * What a scan does while the dialog is open. `wait` (default): it waits until the dialog
   * closes, and the dialog says it was taken, so nothing happens unseen behind it. `page`: the
   * page handles it as usual, for a dialog whose form a scan fills (a dimension type's code).
   */
  scans?: 'wait' | 'page';
}

/**
 * Scans made while a modal dialog is open wait for it to close (docs/DECISIONS.md "Scanning
 * input", dialogs); returns the waiting scans' texts, which the dialog shows.
 */
function useScansWaitWhileOpen(isHolding: boolean): string[] {
  const scanInput = useContext(DialogScanInputContext);
  const [waiting, setWaiting] = useState<string[]>([]);
  useEffect(() => {
    if (!scanInput || !isHolding) return undefined;
    const release: Array<() => void> = [];
    const stop = scanInput.claim(
      (scan) =>
        new Promise<boolean>((resolve) => {
          setWaiting((texts) => [...texts, scan.text]);
          release.push(() => resolve(false));
        }),
    );
    return () => {
      stop();
      setWaiting([]);
      // The queue goes on in order: the page gets each waiting scan now.
      for (const go of release.splice(0)) go();
    };
  }, [scanInput, isHolding]);
  return waiting;
}

/**
 * The dialog box of every page (spec part 1 §2): a native modal <dialog>. Escape closes it;
 * focus goes back to what opened it when it closes or goes away.
 */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { isOpen, onClose } = props;
  const waiting = useScansWaitWhileOpen(isOpen && props.scans !== 'page');

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const giveFocusBack = () => {
      const back = opener.current;
      opener.current = null;
      const focused = document.activeElement;
      const isLost = !focused || focused === document.body || dialog.contains(focused);
      if (back?.isConnected && isLost) back.focus();
    };
    if (isOpen && !dialog.open) {
      const focused = document.activeElement;
      opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      giveFocusBack();
    }
    // A dialog taken away while open (its page went on) gives focus back too.
    // (Closed first: while a modal dialog is open, the page behind it is inert and takes no focus.)
    return () => {
      if (!dialog.open) return;
      if (typeof dialog.close === 'function') dialog.close();
      giveFocusBack();
    };
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      data-testid="dialog"
      aria-labelledby={titleId}
      className={styles.dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {props.title}
        </h2>
        <button
          type="button"
          data-testid="dialog-close"
          className={styles.close}
          aria-label={t('dialog.close')}
          onClick={onClose}
        >
          <CloseIcon size={24} />
        </button>
      </div>
      <div className={styles.body}>{props.children}</div>
      {waiting.length > 0 ? (
        <p className={styles.waiting} data-testid="dialog-scan-waiting" role="status">
          {t('dialog.scanWaiting', { count: waiting.length, barcode: waiting[waiting.length - 1] })}
        </p>
      ) : null}
      {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
    </dialog>
  );
}
