import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { newOperationId } from '../../lib/operation-id';
import {
  playInTurn,
  usePrint,
  useSessionUser,
  useShellServices,
  type NotificationStatus,
} from '../../shell';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { ActionBar, ActionButton, Dialog, Page } from '../../ui';
import { Prompt } from '../../ui/prompt/prompt';
import {
  workflowMachine,
  type WorkflowError,
  type WorkflowMachine,
  type WorkflowPorts,
  type WorkflowToast,
} from './workflow.machine';
import type { WorkflowAction, WorkflowCall, WorkflowCurrentState } from './workflow.types';
import type { WorkflowRouteLine } from './workflow-route-table';
import { CountPicker, ItemsList, ReasonList, TaskCards } from './workflow-views';
import styles from './workflow-screen.module.css';

/** Pause between the sounds of one answer (as on the sorting screen). */
const SOUND_GAP_MS = 700;

/** The workflow answer's toast statuses as the shell's (docs/DECISIONS.md "Guided workflows"). */
const TOAST_STATUS: Record<string, NotificationStatus> = {
  success: 'ok',
  info: 'info',
  warning: 'attention',
  error: 'error',
};

/** The screen's codes and the toast status each shows with. */
const CODE_STATUS: Record<WorkflowError['code'], NotificationStatus> = {
  'f-0001': 'error',
  'f-0002': 'error',
  'f-0003': 'info',
  'f-0004': 'error',
};

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

/** A text looked up by a key the server answers (not known to the typed catalogue). */
type DynamicT = (key: string, options?: Record<string, unknown>) => string;

export interface WorkflowScreenProps {
  line: WorkflowRouteLine;
  /** The process call of this route's workflow; tests give a fake. */
  process: WorkflowCall;
}

/**
 * One screen for every workflow (spec part 1 §3, §4; docs/DECISIONS.md "Guided workflows"):
 * the server's state drives the prompt (`prompt.<key>` of the route's own catalogue), what is
 * expected, the tasks, the items and the buttons; a scan is BarcodeScanned, a button its action.
 */
export function WorkflowScreen(props: WorkflowScreenProps) {
  const ns = props.line.route;
  const { t } = useTranslation('workflow');
  const { t: tRoute, i18n } = useTranslation(ns);
  const user = useSessionUser();
  const { toasts, sounds, scheduler } = useShellServices();
  const print = usePrint();
  const [isClosing, setClosing] = useState(false);

  // The machine's effects use the latest translation and services.
  const effects = useRef({ t, toasts, sounds, scheduler, print });
  useEffect(() => {
    effects.current = { t, toasts, sounds, scheduler, print };
  }, [t, toasts, sounds, scheduler, print]);

  const [ports] = useState<WorkflowPorts>(() => ({
    process: props.process,
    createOperationId: newOperationId,
    play: (names) => playInTurn(names, SOUND_GAP_MS, effects),
    notify: (toast: WorkflowToast) => {
      const { t: translate } = effects.current;
      effects.current.toasts.notify(
        toast.kind === 'server'
          ? {
              status: TOAST_STATUS[toast.status] ?? 'info',
              content: toast.content,
              isMuteErrorSound: toast.isMuteErrorSound,
            }
          : {
              status: CODE_STATUS[toast.code],
              content: codeText(translate as unknown as DynamicT, toast),
            },
      );
    },
    // Labels one after another; a failed print toasts (the printer's own toast, or ours when
    // the printer could not be reached) and the flow goes on.
    print: (jobs) => {
      void jobs
        .reduce<Promise<unknown>>(
          (previous, job) => previous.then(() => effects.current.print(job)),
          Promise.resolve(),
        )
        .catch((error: unknown) =>
          effects.current.toasts.notify({
            status: 'error',
            content: effects.current.t('printFailed', {
              message: error instanceof Error ? error.message : '',
            }),
          }),
        );
    },
  }));
  const { actor, snapshot } = useMachineActor(workflowMachine, { ports });
  const send = (action: WorkflowAction) => actor?.send({ type: 'ACT', action });
  useMachineScans(actor);

  // Back online: an action waiting for the connection is sent again at once.
  useEffect(() => {
    if (!actor) return;
    const onOnline = () => actor.send({ type: 'ONLINE' });
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [actor]);

  const context = snapshot?.context;
  const state = context?.currentState ?? null;
  const view = viewOf(snapshot);
  const isBusy = snapshot?.hasTag('busy') ?? true;

  // WaitAuthentication: once the shell's user switch signed someone in by badge, Refresh.
  const userId = user?.userId ?? null;
  const seenUser = useRef(userId);
  useEffect(() => {
    if (seenUser.current === userId) return;
    seenUser.current = userId;
    if (state?.code === 'WaitAuthentication') send({ code: 'Refresh' });
  });

  const promptText = state ? promptOf(state, ns, i18n.t as unknown as DynamicT) : t('loading');
  const expects =
    state && state.expects.length > 0
      ? t('expects', {
          kinds: state.expects.map((kind) => t(`kind.${kind}`)).join(', '),
        })
      : null;
  const error = context?.error
    ? { text: codeText(t as unknown as DynamicT, context.error), code: context.error.code }
    : null;
  const options = state?.options;
  const isTaskHeld = (context?.tasks ?? []).some(
    (task) => task.heldBy !== null && task.heldBy === user?.userName,
  );
  const currentItem = context?.items.find((item) => item.isCurrent) ?? null;

  return (
    <Page title={tRoute('title')} testId={`workflow-${ns}`}>
      <div
        className={styles.screen}
        data-testid="workflow-screen"
        data-state={state?.code ?? 'InitialState'}
        data-view={view}
        aria-busy={isBusy}
      >
        <Prompt main={promptText} extra={expects} error={error}>
          {state?.code === 'WaitAuthentication' ? (
            <p className={styles.muted} data-testid="workflow-sign-in">
              {t('signInHint')}
            </p>
          ) : null}
        </Prompt>

        {state && options?.count ? (
          <CountPicker
            key={`${state.code}-${state.version}`}
            range={options.count}
            stateCode={state.code}
            isBusy={isBusy}
            send={send}
          />
        ) : null}

        {state && options?.reasons ? (
          <ReasonList
            reasons={options.reasons}
            itemId={currentItem?.itemId ?? null}
            labelOf={(code) =>
              (i18n.t as unknown as DynamicT)(`${ns}:reason.${code}`, { defaultValue: code })
            }
            isBusy={isBusy}
            send={send}
          />
        ) : null}

        {context && context.tasks.length > 0 ? (
          <TaskCards tasks={context.tasks} isBusy={isBusy} send={send} />
        ) : null}

        {state && context && context.items.length > 0 ? (
          <ItemsList items={context.items} stateCode={state.code} isBusy={isBusy} send={send} />
        ) : null}

        <ActionBar>
          {view === 'unavailable' || (view === 'ready' && !state) ? (
            <ActionButton
              testId="workflow-retry"
              label={t('retry')}
              onClick={() => actor?.send({ type: 'RETRY' })}
              isPrimary
            />
          ) : null}
          {state?.code === 'WaitAuthentication' || state?.code === 'InitialState' ? (
            <ActionButton
              testId="workflow-refresh"
              label={state.code === 'InitialState' ? t('restart') : t('refresh')}
              disabled={isBusy}
              onClick={() => send({ code: 'Refresh' })}
            />
          ) : null}
          {OPTION_BUTTONS.filter((button) => options?.[button.option] === true).map((button) => (
            <ActionButton
              key={button.option}
              testId={button.testId}
              label={t(button.label)}
              disabled={isBusy}
              onClick={() => send(button.action)}
              isPrimary={button.option === 'canPlace'}
            />
          ))}
          {options?.canClose ? (
            <ActionButton
              testId="workflow-close"
              label={t('close')}
              disabled={isBusy}
              onClick={() => (isTaskHeld ? setClosing(true) : send({ code: 'Closed' }))}
            />
          ) : null}
        </ActionBar>
      </div>
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
                send({ code: 'Closed' });
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
    </Page>
  );
}

/** The machine's state as the screen's `data-view`. */
function viewOf(snapshot: SnapshotFrom<WorkflowMachine> | null): string {
  const value: unknown = snapshot?.value;
  return typeof value === 'string' ? value : 'starting';
}

/**
 * The prompt (part 1 §2: each route loads its namespace): the route's `prompt.<key>` with the
 * answer's parameters, else the shared one (the keys of every workflow: authentication,
 * closed), else the shared text of the state code (docs/DECISIONS.md "Guided workflows", prompt
 * keys).
 */
function promptOf(state: WorkflowCurrentState, ns: string, t: DynamicT): string {
  const { key, params } = state.prompt;
  return t(`${ns}:prompt.${key}`, {
    ...params,
    defaultValue: t(`workflow:prompt.${key}`, {
      ...params,
      defaultValue: t(`workflow:state.${state.code}`),
    }),
  });
}

/** A screen code's text: f-0002 is the server's refusal text itself. */
function codeText(t: DynamicT, error: { code: WorkflowError['code']; message: string | null }) {
  if (error.code === 'f-0002')
    return error.message ? t('f-0002', { message: error.message }) : t('refusedWithoutText');
  return t(error.code);
}
