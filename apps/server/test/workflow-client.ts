import { expect } from 'vitest';
import {
  readEnvelope,
  workflowProcessPath,
  type Envelope,
  type TWorkflowAnswer,
  type TWorkflowState,
} from '@sorting/contracts';
import { newOperationId, type SortingClient } from './sorting-client.js';

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
