import {
  AppError,
  WORKFLOW_RUN_IDLE_HOURS,
  isAppError,
  isWorkflowName,
  type MessageParams,
  type TWorkflowAction,
  type TWorkflowAnswer,
  type TWorkflowRequest,
  type WorkflowName,
  type WorkflowStateCode,
} from '@sorting/contracts';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import { isMessageKey, type MessageKey } from '../../i18n/messages.js';
import type { CallContext, RepositoryFactory, RouteWarehouse } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { SortingDoor } from '../sorting/index.js';
import {
  loadTransitLoadingFacts,
  loadTransitLoadingV2Facts,
} from './definitions/boxes-transit-loading.facts.js';
import { boxesTransitLoadingV2Workflow } from './definitions/boxes-transit-loading-v2.workflow.js';
import { boxesTransitLoadingWorkflow } from './definitions/boxes-transit-loading.workflow.js';
import { loadConsolidatingFacts } from './definitions/consolidating.facts.js';
import { consolidatingWorkflow } from './definitions/consolidating.workflow.js';
import { loadParcelPlacingFacts } from './definitions/parcel-placing.facts.js';
import { parcelPlacingWorkflow } from './definitions/parcel-placing.workflow.js';
import { loadPlaceToStorageFacts } from './definitions/place-to-storage.facts.js';
import { placeToStorageWorkflow } from './definitions/place-to-storage.workflow.js';
import { placingWorkflow } from './definitions/placing.workflow.js';
import { loadStoragePickingFacts } from './definitions/parcel-picking-in-storage.facts.js';
import { parcelPickingInStorageWorkflow } from './definitions/parcel-picking-in-storage.workflow.js';
import { loadSkuPickingFacts } from './definitions/parcels-picking.facts.js';
import { parcelsPickingWorkflow } from './definitions/parcels-picking.workflow.js';
import { printBoxStickerWorkflow } from './definitions/print-box-sticker.workflow.js';
import { loadPackingFacts } from './definitions/packing.facts.js';
import { packingWorkflow } from './definitions/packing.workflow.js';
import { loadReceiptFacts } from './definitions/receipt-cargo.facts.js';
import { receiptCargoWorkflow } from './definitions/receipt-cargo.workflow.js';
import {
  loadTransitPickingFacts,
  loadTransitPickingV2Facts,
} from './definitions/boxes-transit-picking.facts.js';
import { boxesTransitPickingWorkflow } from './definitions/boxes-transit-picking.workflow.js';
import { boxesTransitPickingV2Workflow } from './definitions/boxes-transit-picking-v2.workflow.js';
import { loadTransitDetailsFacts } from './definitions/boxes-transit-picking-details.facts.js';
import { boxesTransitPickingDetailsWorkflow } from './definitions/boxes-transit-picking-details.workflow.js';
import { classifyScan } from './scan-classifier.js';
import { asSkuWhenExpected, type ScanFact } from './scan-facts.js';
import {
  isRefusal,
  type RunState,
  type WorkflowDefinition,
  type WorkflowFacts,
} from './workflow-definition.js';
import { runEffects } from './workflow-effects.js';
import type { WorkflowPorts } from './workflow-ports.js';

export type { WorkflowPorts } from './workflow-ports.js';
import { NO_RESULT, answerOf, answerWithoutRun } from './workflow-view.js';
import type { RunRow, WorkflowsRepository } from './workflows.repository.js';

// The workflow engine (docs/DECISIONS.md "Guided workflows"): one call, one step. Refresh
// resumes the user's open run or starts one (closing one idle for 12 h); any other action is
// checked against the run's state and version (409 with the real state otherwise), against the
// state's table (ErrorCode 1), then given to the workflow's pure transition; an accepted step
// runs its effects, raises the version by one and appends a step, in one transaction under the
// call's operation id. A refusal answers the unchanged state with an error notification.

/** Words a catalogue text in the caller's language (the edge gives it). */
export type Word = (key: MessageKey, params: MessageParams) => string;

type Data = Record<string, unknown>;

/** What a facts loader reads through: sorting's door, the workflows' SQL, the caller, the clock. */
type FactsLoader = (
  ports: WorkflowPorts,
  state: RunState<Data>,
  scan: ScanFact | null,
  warehouseId: number,
) => Promise<unknown>;

interface Workflow {
  definition: WorkflowDefinition<Data, unknown>;
  loadFacts?: FactsLoader;
}

/**
 * A registry entry: a definition with the loader of its facts, typed against each other here
 * and erased to the engine's shape once.
 */
function register<D, F>(
  definition: WorkflowDefinition<D, F>,
  loadFacts?: (
    ports: WorkflowPorts,
    state: RunState<D>,
    scan: ScanFact | null,
    warehouseId: number,
  ) => Promise<F>,
): Workflow {
  return {
    definition: definition as unknown as Workflow['definition'],
    ...(loadFacts ? { loadFacts: loadFacts as unknown as FactsLoader } : {}),
  };
}

/** The workflows served today; the other names of WORKFLOW_NAMES answer 404. */
const WORKFLOWS: Partial<Record<WorkflowName, Workflow>> = {
  'print-box-sticker': register(printBoxStickerWorkflow),
  placing: register(placingWorkflow),
  consolidating: register(consolidatingWorkflow, loadConsolidatingFacts),
  'parcel-placing': register(parcelPlacingWorkflow, loadParcelPlacingFacts),
  'place-to-storage': register(placeToStorageWorkflow, loadPlaceToStorageFacts),
  'parcel-picking-in-storage': register(parcelPickingInStorageWorkflow, loadStoragePickingFacts),
  'boxes-transit-picking': register(boxesTransitPickingWorkflow, loadTransitPickingFacts),
  'boxes-transit-picking-v2': register(boxesTransitPickingV2Workflow, loadTransitPickingV2Facts),
  'boxes-transit-picking-details': register(
    boxesTransitPickingDetailsWorkflow,
    loadTransitDetailsFacts,
  ),
  'boxes-transit-loading': register(boxesTransitLoadingWorkflow, loadTransitLoadingFacts),
  'boxes-transit-loading-v2': register(boxesTransitLoadingV2Workflow, loadTransitLoadingV2Facts),
  'parcels-picking': register(parcelsPickingWorkflow, loadSkuPickingFacts),
  'receipt-cargo': register(receiptCargoWorkflow, loadReceiptFacts),
  packing: register(packingWorkflow, loadPackingFacts),
};

const IDLE_MS = WORKFLOW_RUN_IDLE_HOURS * 3600_000;

/**
 * What an operation id keeps for a replay: the answer without its lists (a 200-box task's items
 * are most of a 37 kB answer, written on every scan and read back almost never); a replay reads
 * them again (`replayed`).
 */
function withoutLists(answer: TWorkflowAnswer): TWorkflowAnswer {
  return { ...answer, items: [], tasks: [] };
}

export interface WorkflowEngineDeps {
  db: Db;
  repository: RepositoryFactory<Db, WorkflowsRepository>;
  /** Sorting's door over a transaction (modules/sorting face). */
  sortingDoor: (tx: Db, call: CallContext) => SortingDoor;
  now: () => Date;
}

/** What a step's payload records: the action without its code. */
function payloadOf(action: TWorkflowAction): Record<string, unknown> {
  const { code: _code, ...payload } = action;
  return payload;
}

function stateOf(run: RunRow): RunState<Data> {
  return { code: run.stateCode as WorkflowStateCode, data: run.data };
}

/** A refusal answered with the run's unchanged state and an error (or, 409, info) toast. */
function withState(error: AppError, answer: TWorkflowAnswer, word: Word): AppError {
  const content =
    error.key !== null && isMessageKey(error.key) ? word(error.key, error.params) : error.message;
  // The engine's own stale check; a 409 of an effect (a box closed meanwhile) stays an error.
  const isStale = error.key === 'workflowStateChanged';
  return new AppError(error.code, {
    ...(error.key !== null ? { key: error.key } : {}),
    params: error.params,
    message: error.message,
    errorCode: error.envelopeErrorCode,
    operationObject: {
      ...answer,
      result: {
        sounds: [isStale ? 'attention' : 'err'],
        notification: { status: isStale ? 'info' : 'error', content },
        print: [],
      },
    },
  });
}

export function createWorkflowEngine(deps: WorkflowEngineDeps) {
  const changes = operationsOver(deps.db, (tx) => tx);

  async function factsOf(
    workflow: Workflow,
    ports: WorkflowPorts,
    state: RunState<Data>,
    scan: ScanFact | null,
    warehouse: RouteWarehouse,
  ): Promise<WorkflowFacts> {
    const own = workflow.loadFacts
      ? await workflow.loadFacts(ports, state, scan, warehouse.id)
      : null;
    return { scan, warehouseId: warehouse.id, warehouseCode: warehouse.code, own };
  }

  /** The answer for a run as it stands (no result), or InitialState without one. */
  async function answerForRun(
    workflow: Workflow,
    ports: WorkflowPorts,
    run: RunRow | null,
    warehouse: RouteWarehouse,
  ): Promise<TWorkflowAnswer> {
    if (!run) return answerWithoutRun('InitialState');
    const state = stateOf(run);
    const facts = await factsOf(workflow, ports, state, null, warehouse);
    const { definition } = workflow;
    return answerOf(definition, state, definition.view(state, facts), {
      runId: run.id,
      version: run.version,
    });
  }

  async function closeRun(
    repository: WorkflowsRepository,
    run: RunRow,
    now: Date,
    call: CallContext,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await repository.recordStep({
      runId: run.id,
      version: run.version + 1,
      fromState: run.stateCode,
      actionCode: 'Closed',
      payload,
      toState: 'InitialState',
      data: run.data,
      at: now,
      operationId: call.operationId,
      finished: true,
    });
  }

  /** A new run at the workflow's start (version 1, its first step), or the one opened meanwhile. */
  async function startRun(
    repository: WorkflowsRepository,
    workflow: Workflow,
    call: CallContext,
    warehouse: RouteWarehouse,
    now: Date,
  ): Promise<RunRow> {
    const { name, start } = workflow.definition;
    const inserted = await repository.insertRun({
      workflow: name,
      sortingCenterId: call.sortingCenterId ?? 0,
      warehouseId: warehouse.id,
      userId: call.user.id,
      stateCode: start.code,
      data: start.data,
      version: 1,
      startedAt: now,
      updatedAt: now,
    });
    if (!inserted) {
      const open = await repository.findOpenRun(call.user.id, name, true);
      if (!open) throw new Error('a run neither inserted nor open');
      return open;
    }
    await repository.appendStep({
      runId: inserted.id,
      version: 1,
      fromState: 'InitialState',
      actionCode: 'Refresh',
      payload: {},
      toState: start.code,
      at: now,
      operationId: call.operationId,
    });
    return inserted;
  }

  /** One call inside its transaction. */
  async function step(
    tx: Db,
    workflow: Workflow,
    request: TWorkflowRequest,
    call: CallContext,
    warehouse: RouteWarehouse,
    word: Word,
  ): Promise<TWorkflowAnswer> {
    const repository = deps.repository(tx);
    // The step's changes name their workflow in their events («· консолидация» on /vision).
    const door = deps.sortingDoor(tx, { ...call, workflow: workflow.definition.name });
    const now = deps.now();
    const ports = { door, repository, userId: call.user.id, now };
    const { definition } = workflow;
    const { currentState: claim, action } = request;
    let run = await repository.findOpenRun(call.user.id, definition.name, true);

    if (action.code === 'Refresh') {
      if (run && now.getTime() - run.updatedAt.getTime() >= IDLE_MS) {
        await closeRun(repository, run, now, call, { idle: true });
        run = null;
      }
      return answerForRun(
        workflow,
        ports,
        run ?? (await startRun(repository, workflow, call, warehouse, now)),
        warehouse,
      );
    }
    if (claim.runId !== null && claim.runId !== run?.id) {
      const other = await repository.findRunById(claim.runId);
      if (other && other.userId !== call.user.id) {
        throw refusal('forbidden', 'workflowRunOfOtherUser');
      }
    }
    if (
      !run ||
      run.id !== claim.runId ||
      run.version !== claim.version ||
      run.stateCode !== claim.code
    ) {
      throw refusal('stateChanged', 'workflowStateChanged');
    }
    if (action.code === 'Closed') {
      await closeRun(repository, run, now, call, {});
      return answerWithoutRun('InitialState');
    }
    const state = stateOf(run);
    const rule = definition.states[state.code];
    if (!rule || !(rule.actions as readonly string[]).includes(action.code)) {
      throw refusal('refused', 'workflowActionNotExpected');
    }
    let scan: ScanFact | null = null;
    if (action.code === 'BarcodeScanned') {
      scan = asSkuWhenExpected(await classifyScan(door, action.barcode), rule.expects);
      const kind = scan.kind === 'unknown' ? scan.prefixKind : scan.kind;
      if (kind !== null && !rule.expects.includes(kind)) {
        throw refusal('refused', 'workflowScanNotExpected', { expected: { key: rule.expectKey } });
      }
      if (scan.kind === 'unknown') {
        throw refusal('objectNotFound', 'workflowScanUnknown', { barcode: action.barcode });
      }
    }
    const facts = await factsOf(workflow, ports, state, scan, warehouse);
    const transition = definition.transition(state, action, facts);
    if (isRefusal(transition)) {
      const { code, key, params } = transition.refused;
      throw refusal(code, key, params);
    }
    const outcome = await runEffects(
      { door, repository, userId: call.user.id, warehouseId: warehouse.id, now },
      transition.effects,
    );
    const next: RunState<Data> = {
      code: transition.next.code,
      data: { ...transition.next.data, ...outcome.data },
    };
    const version = run.version + 1;
    await repository.recordStep({
      runId: run.id,
      version,
      fromState: state.code,
      actionCode: action.code,
      payload: payloadOf(action),
      toState: next.code,
      data: next.data,
      at: now,
      operationId: call.operationId,
      finished: false,
    });
    // The answer's list as the step left it: derived by the definition when it can (a 200-box
    // task is not read twice per scan), else read again.
    const derived = definition.factsAfter?.(facts, { ...transition, next });
    const nextFacts =
      derived === undefined
        ? await factsOf(workflow, ports, next, null, warehouse)
        : { ...facts, scan: null, own: derived };
    const notification = transition.notification ?? outcome.notification;
    return answerOf(
      definition,
      next,
      definition.view(next, nextFacts),
      { runId: run.id, version },
      {
        sounds: transition.sounds,
        notification: notification && {
          status: notification.status,
          content: word(notification.key, notification.params),
        },
        print: outcome.print,
      },
    );
  }

  /** Ports outside a step's transaction: a replay's or a refusal's answer reads the run. */
  function portsOver(call: CallContext): WorkflowPorts {
    return {
      door: deps.sortingDoor(deps.db, call),
      repository: deps.repository(deps.db),
      userId: call.user.id,
      now: deps.now(),
    };
  }

  /**
   * A replay's answer: the stored state and result with the lists the stored answer left out,
   * read from the run when it still stands at that version; a run that moved on since answers
   * its state now with the stored result (docs/DECISIONS.md "Guided workflows", replays).
   */
  async function replayed(
    workflow: Workflow,
    stored: TWorkflowAnswer,
    call: CallContext,
    warehouse: RouteWarehouse,
  ): Promise<TWorkflowAnswer> {
    const ports = portsOver(call);
    const run = await ports.repository.findOpenRun(call.user.id, workflow.definition.name);
    const now = await answerForRun(workflow, ports, run, warehouse);
    const { runId, version } = stored.currentState;
    const isSame = now.currentState.runId === runId && now.currentState.version === version;
    return isSame
      ? { ...stored, items: now.items, tasks: now.tasks }
      : { ...now, result: stored.result };
  }

  return {
    /** Spec part 1 §7 `POST …/{workflowName}/process` for the caller's centre and warehouse. */
    async process(
      workflowName: string,
      request: TWorkflowRequest,
      call: CallContext,
      word: Word,
    ): Promise<OperationOutcome<TWorkflowAnswer>> {
      const workflow = isWorkflowName(workflowName) ? WORKFLOWS[workflowName] : undefined;
      if (!workflow) throw refusal('routeNotFound', 'workflowUnknown', { name: workflowName });
      const { warehouse } = call;
      // An office account of the centre without a default warehouse: sign in by badge first.
      if (!warehouse) {
        const answer = answerWithoutRun('WaitAuthentication');
        if (request.action.code === 'Refresh') return { value: answer, isRepeat: false };
        throw withState(refusal('refused', 'workflowNoWarehouse'), answer, word);
      }
      try {
        const outcome = await changes.run(
          call,
          (tx) => step(tx, workflow, request, call, warehouse, word),
          withoutLists,
        );
        if (!outcome.isRepeat) return outcome;
        return { value: await replayed(workflow, outcome.value, call, warehouse), isRepeat: true };
      } catch (error) {
        if (!isAppError(error) || error.operationObject !== null) throw error;
        if (
          error.status >= 500 ||
          error.code === 'forbidden' ||
          error.code === 'operationIdReused'
        ) {
          throw error;
        }
        if (error.code === 'badRequest') throw error;
        const ports = portsOver(call);
        const run = await ports.repository.findOpenRun(call.user.id, workflow.definition.name);
        throw withState(error, await answerForRun(workflow, ports, run, warehouse), word);
      }
    },
  };
}

export type WorkflowEngine = ReturnType<typeof createWorkflowEngine>;

export { NO_RESULT };
