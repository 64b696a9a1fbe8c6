import type {
  AppErrorCode,
  MessageParams,
  SoundName,
  TWorkflowAction,
  TWorkflowItem,
  TWorkflowNotification,
  TWorkflowOptions,
  TWorkflowTask,
  WorkflowActionCode,
  WorkflowName,
  WorkflowScanKind,
  WorkflowStateCode,
} from '@sorting/contracts';
import type { MessageKey } from '../../i18n/messages.js';
import type { LoadingEffect } from './loading-effects.js';
import type { PackingEffect } from './packing-effects.js';
import type { ReceiptEffect } from './receipt-effects.js';
import type { ScanFact } from './scan-facts.js';
import type { TransitPickingEffect } from './transit-effects.js';

// What a workflow definition is (docs/DECISIONS.md "Guided workflows"): a pure transition
// `(state, action, facts) → {next, effects}` over the state codes of spec part 1 §4, with a
// declared table of what each state accepts. The engine (workflow-engine.ts) loads the facts,
// checks the table, runs the effects through the other modules' faces and stores the step.

/** A run's state: its code and what it holds (the `data` column). */
export interface RunState<D = Record<string, unknown>> {
  code: WorkflowStateCode;
  data: D;
}

/** A catalogue text of the server (a notification, a refusal) with its parameters. */
export interface Wording {
  key: MessageKey;
  params: MessageParams;
}

/** What a state accepts: its actions, the kinds a scan may be, and how it names them. */
export interface StateRule {
  actions: readonly WorkflowActionCode[];
  expects: readonly WorkflowScanKind[];
  /** The «Ожидается: …» wording of a scan of another kind. */
  expectKey: MessageKey;
}

/** An effect on the other modules, run by workflow-effects.ts through their faces. */
export type WorkflowEffect =
  | {
      kind: 'createBoxes';
      count: number;
      size: { lengthCm: number; widthCm: number; heightCm: number } | null;
    }
  | { kind: 'moveBox'; boxId: number; cellId: number }
  | { kind: 'moveContainer'; containerBarcode: string; cellBarcode: string }
  | { kind: 'moveParcel'; parcelId: number; boxId: number }
  | { kind: 'moveParcelToCell'; parcelId: number; cellId: number }
  | { kind: 'printParcelSticker'; parcelId: number; copies: number }
  | {
      kind: 'pickShipmentParcel';
      unitId: number;
      parcelId: number;
      parcelNumber: string;
      boxId: number;
      cellId: number;
      shipmentCode: string;
    }
  | {
      kind: 'shortShipmentUnit';
      unitId: number;
      reason: string;
      unitBarcode: string;
      shipmentCode: string;
    }
  | {
      kind: 'revertShipmentParcel';
      unitId: number;
      parcelId: number;
      parcelNumber: string;
      boxId: number;
      shipmentCode: string;
    }
  | { kind: 'moveShipmentState'; outboundId: number; code: string; from: number; to: number }
  | {
      kind: 'openConsolidation';
      boxId: number;
      boxBarcode: string;
      cellId: number;
      cellBarcode: string;
      cellName: string;
      destinationKey: string;
      destinationName: string;
    }
  | { kind: 'completeConsolidation'; consolidationId: number; boxId: number }
  | TransitPickingEffect
  | LoadingEffect
  | ReceiptEffect
  | PackingEffect;

/** A refusal: the envelope's code and the wording; the run and the tables stay unchanged. */
export interface Refusal {
  refused: { code: AppErrorCode; key: MessageKey; params: MessageParams };
}

/** An accepted step: the next state, the effects, what the answer plays and shows. */
export interface Accepted<D> {
  next: RunState<D>;
  effects: WorkflowEffect[];
  sounds: SoundName[];
  notification: (Wording & { status: TWorkflowNotification['status'] }) | null;
}

export type Transition<D> = Accepted<D> | Refusal;

/** What the engine read for a step: the scan's object, and the workflow's own facts. */
export interface WorkflowFacts<F = unknown> {
  scan: ScanFact | null;
  /** The warehouse the run works in: its id and code. */
  warehouseId: number;
  warehouseCode: string;
  own: F;
}

/** What a state shows: the prompt (`prompt.<key>` of the web catalogue) and what it offers. */
export interface StepView {
  prompt: { key: string; params: Record<string, string | number> };
  options: Partial<TWorkflowOptions>;
  items: TWorkflowItem[];
  /** WaitTaskSelection: the tasks to choose from. */
  tasks?: TWorkflowTask[];
}

/** A workflow: its start, its table, its transition and its view; all pure. */
export interface WorkflowDefinition<D = Record<string, unknown>, F = unknown> {
  name: WorkflowName;
  start: RunState<D>;
  states: Partial<Record<WorkflowStateCode, StateRule>>;
  transition(state: RunState<D>, action: TWorkflowAction, facts: WorkflowFacts<F>): Transition<D>;
  view(state: RunState<D>, facts: WorkflowFacts<F>): StepView;
  /**
   * The workflow's own facts after an accepted step, derived from the facts it was decided on
   * and its effects, for the answer's view; undefined when the step's effects do not tell
   * exactly what changed, and the engine reads them again (docs/DECISIONS.md "Guided
   * workflows", facts after a step).
   */
  factsAfter?(facts: WorkflowFacts<F>, step: Accepted<D>): F | undefined;
}

/** A refusal by a definition. */
export function refuse(
  key: MessageKey,
  params: MessageParams = {},
  code: AppErrorCode = 'refused',
): Refusal {
  return { refused: { code, key, params } };
}

export function isRefusal<D>(transition: Transition<D>): transition is Refusal {
  return 'refused' in transition;
}

/** An accepted step to `next` with no effect and no sound: the base the definitions extend. */
export function accept<D>(
  next: RunState<D>,
  extra: Partial<Omit<Accepted<D>, 'next'>> = {},
): Accepted<D> {
  return { next, effects: [], sounds: [], notification: null, ...extra };
}
