import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionBar, ActionButton, Dialog } from '../../ui';
import { WORKFLOW_CONFIRM_ALL } from '@sorting/contracts';
import type { WorkflowAction, WorkflowCurrentState } from './workflow.types';

// The workflow screen's buttons (docs/DECISIONS.md "Guided workflows", the screen): Retry and
// Refresh by the machine's view, the state's own by its options, and Close, which asks first
// while the worker holds a task.

/** The buttons a state offers by its options, in the bar's order, each with its action. */
const OPTION_BUTTONS = [
  { option: 'canPlace', testId: 'workflow-place', label: 'place', action: { code: 'PlaceClick' } },
  { option: 'canSkip', testId: 'workflow-skip', label: 'skip', action: { code: 'SkipClick' } },
  {
    option: 'canCompletePallet',
    testId: 'workflow-pallet-complete',
    label: 'palletComplete',
    action: { code: 'PalletComplete' },
  },
  {
    option: 'canCompleteTask',
    testId: 'workflow-task-complete',
    label: 'taskComplete',
    action: { code: 'TaskCompleted' },
  },
] as const satisfies readonly {
  option: keyof WorkflowCurrentState['options'];
  testId: string;
  label: string;
  action: WorkflowAction;
}[];

/** WaitConfirm's ConfirmItem for the whole list, not one item of it (ours). */
export const CONFIRM_ALL = WORKFLOW_CONFIRM_ALL;

/** The bar of the state's buttons and the Close confirmation. */
export function WorkflowActions(props: {
  /** The machine's state (`data-view`). */
  view: string;
  state: WorkflowCurrentState | null;
  isBusy: boolean;
  /** The signed-in worker holds a task: Close asks first. */
  isTaskHeld: boolean;
  send: (action: WorkflowAction) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('workflow');
  const [isClosing, setClosing] = useState(false);
  return (
    <>
      <ActionBar>
        {props.view === 'unavailable' || (props.view === 'ready' && !props.state) ? (
          <ActionButton
            testId="workflow-retry"
            label={t('retry')}
            onClick={props.onRetry}
            isPrimary
          />
        ) : null}
        {props.state?.code === 'WaitAuthentication' || props.state?.code === 'InitialState' ? (
          <ActionButton
            testId="workflow-refresh"
            label={props.state.code === 'InitialState' ? t('restart') : t('refresh')}
            disabled={props.isBusy}
            onClick={() => props.send({ code: 'Refresh' })}
          />
        ) : null}
        {props.state?.code === 'WaitConfirm' ? (
          // The whole list confirmed at once (a storage pick's picked and short parcels): its
          // items offer Confirm only while waiting, and a finished list has none waiting.
          <ActionButton
            testId="workflow-confirm"
            label={t('confirm')}
            disabled={props.isBusy}
            onClick={() => props.send({ code: 'ConfirmItem', itemId: CONFIRM_ALL })}
            isPrimary
          />
        ) : null}
        {OPTION_BUTTONS.filter((button) => props.state?.options[button.option] === true).map(
          (button) => (
            <ActionButton
              key={button.option}
              testId={button.testId}
              label={t(button.label)}
              disabled={props.isBusy}
              onClick={() => props.send(button.action)}
              isPrimary={button.option === 'canPlace'}
            />
          ),
        )}
        {props.state?.options.canClose ? (
          <ActionButton
            testId="workflow-close"
            label={t('close')}
            disabled={props.isBusy}
            onClick={() => (props.isTaskHeld ? setClosing(true) : props.send({ code: 'Closed' }))}
          />
        ) : null}
      </ActionBar>
      <Dialog
        isOpen={isClosing}
        onClose={() => setClosing(false)}
        title={t('closeTitle')}
        actions={
          <>
            <ActionButton
              testId="workflow-close-confirm"
              label={t('closeConfirm')}
              onClick={() => {
                setClosing(false);
                props.send({ code: 'Closed' });
              }}
              isPrimary
            />
            <ActionButton
              testId="workflow-close-cancel"
              label={t('cancel')}
              onClick={() => setClosing(false)}
            />
          </>
        }
      >
        <p>{t('closeText')}</p>
      </Dialog>
    </>
  );
}
