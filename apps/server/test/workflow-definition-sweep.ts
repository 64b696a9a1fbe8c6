import { expect } from 'vitest';
import { WORKFLOW_ACTION_CODES, WORKFLOW_STATE_CODES } from '@sorting/contracts';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import {
  isRefusal,
  type RunState,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../src/modules/workflows/workflow-definition.js';
import { actionOf } from './workflow-actions.js';

// The pure definition tests' sweep (docs/DECISIONS.md "Guided workflows"): every (state,
// action) pair, with every kind of scan and every shape of facts, is accepted or refused,
// never thrown; an accepted step is an action of its state's table and lands on a declared
// state whose view renders.

export function sweepEveryPair<F>(
  definition: WorkflowDefinition<Record<string, unknown>, F>,
  cases: {
    data: readonly Record<string, unknown>[];
    facts: readonly F[];
    scans: readonly ScanFact[];
  },
  factsOf: (scan: ScanFact | null, own: F) => WorkflowFacts<F>,
): void {
  const declared = Object.keys(definition.states);
  let accepted = 0;
  let refused = 0;
  for (const code of WORKFLOW_STATE_CODES) {
    for (const data of cases.data) {
      const state: RunState<Record<string, unknown>> = { code, data };
      for (const actionCode of WORKFLOW_ACTION_CODES) {
        const scans = actionCode === 'BarcodeScanned' ? cases.scans : [null];
        for (const scan of scans) {
          for (const own of cases.facts) {
            const transition = definition.transition(
              state,
              actionOf(actionCode, scan?.barcode),
              factsOf(scan, own),
            );
            expect(() => definition.view(state, factsOf(null, own))).not.toThrow();
            if (isRefusal(transition)) {
              refused += 1;
              continue;
            }
            accepted += 1;
            expect(declared).toContain(transition.next.code);
            expect(declared, `${code} accepted ${actionCode}`).toContain(code);
            expect(definition.states[code]?.actions).toContain(actionCode);
            expect(() => definition.view(transition.next, factsOf(null, own))).not.toThrow();
          }
        }
      }
    }
  }
  expect(accepted).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
}
