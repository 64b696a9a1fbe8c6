import type { ReactNode } from 'react';
import { ActionButton } from '../buttons/action-button';
import { Dialog } from './dialog';

/** A call confirmed in a dialog (`useConfirmedCall` in shell/calls makes one). */
export interface ConfirmedCall<T> {
  /** The row the dialog asks about; null while it is closed. */
  target: T | null;
  ask: (target: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
  isBusy: boolean;
}

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
          <ActionButton
            testId={props.confirmTestId}
            label={props.confirmLabel}
            disabled={props.isConfirmDisabled}
            onClick={props.onConfirm}
            isPrimary
          />
          <ActionButton
            testId={props.cancelTestId}
            label={props.cancelLabel}
            disabled={props.isCancelDisabled}
            onClick={props.onCancel}
          />
        </>
      }
    >
      {props.children}
    </Dialog>
  );
}

/**
 * The dialog of a confirmed call (`useConfirmedCall`): open while it has a row, its confirm
 * button waiting while the call runs. `testId` names the action: the test ids are
 * `confirm-<testId>`, `cancel-<testId>` and `confirm-<testId>-text` (the question).
 * `busyLabel`, where the page's spec has one, is the confirm button's text while the call runs.
 */
export function ConfirmCallDialog<T>(props: {
  call: ConfirmedCall<T>;
  testId: string;
  labels: { title: string; confirm: string; cancel: string };
  busyLabel?: string;
  text: (target: T) => string;
}) {
  const { call, testId, labels } = props;
  return (
    <ConfirmDialog
      isOpen={call.target !== null}
      title={labels.title}
      confirmLabel={call.isBusy && props.busyLabel !== undefined ? props.busyLabel : labels.confirm}
      confirmTestId={`confirm-${testId}`}
      cancelLabel={labels.cancel}
      cancelTestId={`cancel-${testId}`}
      isConfirmDisabled={call.isBusy}
      onConfirm={() => void call.confirm()}
      onCancel={call.cancel}
    >
      <p data-testid={`confirm-${testId}-text`}>
        {call.target !== null ? props.text(call.target) : null}
      </p>
    </ConfirmDialog>
  );
}

/**
 * The labels of a confirm dialog by the keys a page's catalogue has for them:
 * `confirm<Action>Title`, `confirm<Action>` (its button) and `cancel`.
 */
export function confirmLabels<A extends string>(
  translate: (key: `confirm${A}Title` | `confirm${A}` | 'cancel') => string,
  action: A,
): { title: string; confirm: string; cancel: string } {
  return {
    title: translate(`confirm${action}Title`),
    confirm: translate(`confirm${action}`),
    cancel: translate('cancel'),
  };
}
