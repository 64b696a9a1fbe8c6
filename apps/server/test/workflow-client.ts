import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  readEnvelope,
  workflowProcessPath,
  type Envelope,
  type TWorkflowAnswer,
  type TWorkflowState,
} from '@sorting/contracts';
import {
  boxes,
  cells,
  consolidations,
  outbounds,
  parcels,
  returnableBoxes,
  shipmentUnits,
} from '../src/db/schema.js';
import { createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';
import { workflowSnapshot } from './workflow-snapshot.js';

// The process call of the guided workflows as the web app makes it (docs/DECISIONS.md "Guided
// workflows"): the state it holds and an action, under an operation id.

export type WorkflowAction = Record<string, unknown> & { code: string };

export interface WorkflowCall {
  status: number;
  envelope: Envelope<TWorkflowAnswer>;
  answer: TWorkflowAnswer;
}

/** The claim part of an answered state, as the client sends it back. */
export function claimOf(state: TWorkflowState | undefined) {
  return state
    ? { code: state.code, runId: state.runId, version: state.version }
    : { code: 'InitialState', runId: null, version: 0 };
}

export async function processCall(
  client: SortingClient,
  workflow: string,
  state: TWorkflowState | undefined,
  action?: WorkflowAction,
  operationId: string = newOperationId(),
  sortingCenterId = 34717,
): Promise<WorkflowCall> {
  const response = await client.call(
    'POST',
    workflowProcessPath(sortingCenterId, workflow),
    { currentState: claimOf(state), ...(action ? { action } : {}) },
    operationId,
  );
  const envelope = readEnvelope<TWorkflowAnswer>(response.json());
  return { status: response.statusCode, envelope, answer: envelope.operationObject! };
}

/** A workflow driven step by step, each accepted answer's state kept for the next call. */
export function workflowDriver(client: SortingClient, workflow: string) {
  let state: TWorkflowState | undefined;
  return {
    get state() {
      return state;
    },
    /** Sends an action; adopts the answered state when there is one. */
    async send(action?: WorkflowAction, operationId?: string): Promise<WorkflowCall> {
      const call = await processCall(client, workflow, state, action, operationId);
      if (call.envelope.operationObject) state = call.envelope.operationObject.currentState;
      return call;
    },
    /** Sends an action that must be accepted. */
    async accept(action?: WorkflowAction): Promise<TWorkflowAnswer> {
      const call = await this.send(action);
      expect(call.envelope, JSON.stringify(call.envelope)).toMatchObject({ isSuccess: true });
      return call.answer;
    },
    scan(barcode: string) {
      return this.accept({ code: 'BarcodeScanned', barcode });
    },
    reset() {
      state = undefined;
    },
  };
}

/** A Refresh answers the state, items and tasks that `answer` showed. */
export async function expectRefreshShows(
  flow: ReturnType<typeof workflowDriver>,
  answer: TWorkflowAnswer,
): Promise<void> {
  const again = await flow.accept({ code: 'Refresh' });
  expect(again.currentState).toEqual(answer.currentState);
  expect(again.items).toEqual(answer.items);
  expect(again.tasks).toEqual(answer.tasks);
}

/**
 * Runs actions from a fresh Refresh and closes the run: never a 5xx; a refusal keeps the run's
 * version, an accepted step raises it by one (the property tests of every workflow). With
 * `refreshAfterEachStep`, a Refresh after every accepted step answers the same state, items and
 * tasks as the step did (a definition's `factsAfter` derives what a new read would show).
 */
export async function runKeepingVersions(
  flow: ReturnType<typeof workflowDriver>,
  actions: readonly WorkflowAction[],
  options: { refreshAfterEachStep?: boolean } = {},
): Promise<void> {
  await flow.accept();
  for (const next of actions) {
    const before = flow.state!;
    const call = await flow.send(next);
    expect(call.status, JSON.stringify(call.envelope)).toBeLessThan(500);
    if (call.status === 400) continue;
    const after = call.answer.currentState;
    if (!call.envelope.isSuccess) {
      expect(after.version, JSON.stringify(call.envelope)).toBe(before.version);
    } else if (next.code === 'Closed') {
      expect(after).toMatchObject({ code: 'InitialState', runId: null });
    } else if (next.code !== 'Refresh') {
      expect(after.version).toBe(before.version + 1);
      if (options.refreshAfterEachStep) await expectRefreshShows(flow, call.answer);
    }
  }
  await flow.send({ code: 'Closed' });
}

/** The seeded app the workflow tests drive, its workers and what they read back. */
export interface WorkflowTestApp {
  context: Awaited<ReturnType<typeof createSessionTestApp>>;
  worker: SortingClient;
  otherWorker: SortingClient;
  foreignWorker: SortingClient;
  /** Signs the worker and the other worker in again (their sessions ended). */
  signInAgain(): Promise<void>;
  /** What a refusal must leave alone: the workflow tables, parcels, boxes, shipments, units. */
  snapshot(): Promise<Record<string, unknown>>;
  /** A box row by its barcode. */
  boxByBarcode(barcode: string): Promise<typeof boxes.$inferSelect>;
  /** The cell name and box key a parcel lies under, null when in no cell. */
  placeOf(number: string): Promise<{ cell: string | null; key: string | null } | null>;
}

/**
 * The app over the demo seed for one test file: started and signed in before its tests, closed
 * after them. Its fields are set in `beforeAll`: read them inside the tests.
 */
export function useWorkflowTestApp(): WorkflowTestApp {
  const given = {} as WorkflowTestApp;
  const db = () => given.context.database.db;
  given.signInAgain = async () => {
    given.worker = await signInClient(given.context.app, BADGES.worker, () => 0);
    given.otherWorker = await signInClient(given.context.app, BADGES.otherWorker, () => 0);
  };
  given.snapshot = async () => ({
    ...(await workflowSnapshot(db())),
    parcels: await db()
      .select({ id: parcels.id, boxId: parcels.boxId, version: parcels.version })
      .from(parcels)
      .orderBy(parcels.id),
    consolidations: await db().select().from(consolidations).orderBy(consolidations.id),
    containers: await db().select().from(returnableBoxes).orderBy(returnableBoxes.id),
    units: await db().select().from(shipmentUnits).orderBy(shipmentUnits.id),
    shipments: await db().select().from(outbounds).orderBy(outbounds.id),
  });
  given.boxByBarcode = async (barcode) => {
    const [row] = await db().select().from(boxes).where(eq(boxes.barcode, barcode));
    return row!;
  };
  given.placeOf = async (number) => {
    const [row] = await db()
      .select({ cell: cells.name, key: boxes.sortingKey })
      .from(parcels)
      .leftJoin(boxes, eq(boxes.id, parcels.boxId))
      .leftJoin(cells, eq(cells.id, boxes.cellId))
      .where(eq(parcels.number, number));
    return row?.cell ? row : null;
  };
  beforeAll(async () => {
    given.context = await createSessionTestApp();
    await given.signInAgain();
    given.foreignWorker = await signInClient(given.context.app, BADGES.foreignWorker, () => 0);
  });
  afterAll(async () => {
    await given.context?.close();
  });
  return given;
}
