import type { ReactNode } from 'react';
import controlStyles from '../layout/controls.module.css';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** The two buttons' texts and test ids. */
  confirmLabel: string;
  confirmTestId: string;
  cancelLabel: string;
  cancelTestId: string;
  /** While the confirmed action runs, its button (and `isCancelDisabled`, the other) waits. */
  isConfirmDisabled?: boolean;
  isCancelDisabled?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape and the close button all mean no. */
  onCancel: () => void;
  children?: ReactNode;
}

/** ux.md: what cannot be undone asks first — a dialog with the action and a cancel button. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onCancel}
      title={props.title}
      actions={
        <>
          <button
            type="button"
            className={controlStyles.primary}
            data-testid={props.confirmTestId}
            disabled={props.isConfirmDisabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
          <button
            type="button"
            className={controlStyles.button}
            data-testid={props.cancelTestId}
            disabled={props.isCancelDisabled}
            onClick={props.onCancel}
          >
            {props.cancelLabel}
          </button>
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}
