import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';
import { CloseIcon } from '../icons/close-icon';

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** Buttons at the bottom, within thumb reach. */
  actions?: ReactNode;
}

/** The dialog box of every page (spec part 1 §2): a native modal <dialog>. Escape closes it. */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { isOpen, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
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
      {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
    </dialog>
  );
}
