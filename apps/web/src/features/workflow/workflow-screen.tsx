import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { useSessionUser } from '../../shell';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { Page } from '../../ui';
import { Prompt } from '../../ui/prompt/prompt';
import { workflowMachine, type WorkflowMachine } from './workflow.machine';
import type {
  StickerPrintedCall,
  DetailStickeredCall,
  WorkflowAction,
  WorkflowCall,
  WorkflowCurrentState,
} from './workflow.types';
import type { WorkflowRouteLine } from './workflow-route-table';
import { CountPicker, ItemsList, ReasonList, TaskCards } from './workflow-views';
import { MeasureForm, type Side } from './workflow-measures';
import { WorkflowActions } from './workflow-actions';
import { codeText, useWorkflowPorts, type DynamicT } from './use-workflow-ports';
import styles from './workflow-screen.module.css';

export interface WorkflowScreenProps {
  line: WorkflowRouteLine;
  /** The process call of this route's workflow; tests give a fake. */
  process: WorkflowCall;
  /** The process call of the line's details workflow, when it names one. */
  detailsProcess?: WorkflowCall | undefined;
  /** Marks a parcel's sticker printed after its label printed (absent: nothing is marked). */
  markStickerPrinted?: StickerPrintedCall;
  /** Marks a supply detail stickered after its label printed (absent: nothing is marked). */
  markDetailStickered?: DetailStickeredCall;
}

interface WorkflowRunProps extends WorkflowScreenProps {
  /** «Состав» of an item: the route's details workflow run for it. */
  onDetails?: ((itemId: string) => void) | undefined;
  /** A details run: the item it selects at once, and the way back to the main run. */
  details?: { itemId: string; onDone: () => void };
}

/**
 * The route's workflow, or for «Состав» of an item its details workflow (docs/DECISIONS.md
 * "Guided workflows", step table 9): a run of its own selecting that item; once it is back at
 * its task choice (TaskCompleted, its notification toasted) or closed, the main run resumes
 * (its Refresh answers the run as it stands).
 */
export function WorkflowScreen(props: WorkflowScreenProps) {
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const { line, detailsProcess } = props;
  if (detailsOf !== null && line.details && detailsProcess) {
    return (
      <WorkflowRun
        key="details"
        line={{ route: line.route, workflow: line.details }}
        process={detailsProcess}
        markStickerPrinted={props.markStickerPrinted}
        details={{ itemId: detailsOf, onDone: () => setDetailsOf(null) }}
      />
    );
  }
  return (
    <WorkflowRun
      key="main"
      {...props}
      onDetails={line.details && detailsProcess ? setDetailsOf : undefined}
    />
  );
}

/**
 * One screen for every workflow (spec part 1 §3, §4; docs/DECISIONS.md "Guided workflows"):
 * the server's state drives the prompt (`prompt.<key>` of the route's own catalogue), what is
 * expected, the tasks, the items and the buttons; a scan is BarcodeScanned, a button its action.
 */
function WorkflowRun(props: WorkflowRunProps) {
  const ns = props.line.route;
  const { t } = useTranslation('workflow');
  const { t: tRoute, i18n } = useTranslation(ns);
  const user = useSessionUser();

  const ports = useWorkflowPorts(
    props.process,
    props.markStickerPrinted,
    props.markDetailStickered,
  );
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

  // A details run selects its item once, and goes back when it is at its task choice again.
  const detailsStarted = useRef(false);
  useEffect(() => {
    const { details } = props;
    if (!details || !state || isBusy) return;
    if (!detailsStarted.current) {
      detailsStarted.current = true;
      if (state.code === 'WaitTaskSelection')
        send({ code: 'TaskSelected', taskId: details.itemId });
      return;
    }
    if (state.code === 'WaitTaskSelection' || state.code === 'InitialState') details.onDone();
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
  // `workflow:prompt` (detail: the state code) in the frame that paints a new prompt, as the
  // sorting screen's `sorting:prompt`: bench/browser.ts times scan → prompt on both.
  const promptCode = state?.code ?? null;
  useEffect(() => {
    if (promptCode === null || typeof requestAnimationFrame !== 'function') return;
    const frame = requestAnimationFrame(() => {
      try {
        performance.mark('workflow:prompt', { detail: promptCode });
      } catch {
        // The Performance API is optional.
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [promptCode, state?.version, promptText]);

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

        {state && (props.line.measureStates ?? ['WaitMeasurements']).includes(state.code) ? (
          <MeasureForm
            key={`${state.code}-${state.version}`}
            itemId={currentItem?.itemId ?? ''}
            sides={sidesOf(state.prompt.params)}
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

        {/* The state's buttons right under the prompt: reachable without scrolling past a list. */}
        <WorkflowActions
          view={view}
          state={state}
          isBusy={isBusy}
          isTaskHeld={isTaskHeld}
          send={send}
          onRetry={() => actor?.send({ type: 'RETRY' })}
        />

        {context && context.tasks.length > 0 ? (
          <TaskCards tasks={context.tasks} isBusy={isBusy} send={send} />
        ) : null}

        {state && context && context.items.length > 0 ? (
          <ItemsList
            items={context.items}
            stateCode={state.code}
            isBusy={isBusy}
            send={send}
            onDetails={props.onDetails}
            actions={
              props.line.itemActions ? (props.line.itemActions[state.code] ?? []) : undefined
            }
          />
        ) : null}
      </div>
    </Page>
  );
}

/** The sides a state's prompt gives (a package's size to weigh), as the measure form's start. */
function sidesOf(params: Record<string, string | number>): Partial<Record<Side, string>> {
  const sides: Partial<Record<Side, string>> = {};
  for (const side of ['length', 'width', 'height'] as const) {
    const value = params[`${side}Cm`];
    if (typeof value === 'number' && value > 0) sides[side] = String(value);
  }
  return sides;
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
