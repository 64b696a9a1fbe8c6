import { describe, expect, it } from 'vitest';
import { WORKFLOW_ACTION_CODES, WORKFLOW_STATE_CODES } from '@sorting/contracts';
import type { ScanFact } from '../src/modules/workflows/scan-facts.js';
import {
  isRefusal,
  type RunState,
  type WorkflowDefinition,
  type WorkflowFacts,
} from '../src/modules/workflows/workflow-definition.js';
import { actionOf } from './workflow-actions.js';

// The pure definition tests' common part (docs/DECISIONS.md "Guided workflows"): every
// (state, action) pair, with every kind of scan and every shape of facts, is accepted or
// refused, never thrown; an accepted step lands on a state of its own table.

export const WAREHOUSE = 7;

export interface DefinitionCase {
  definition: WorkflowDefinition<Record<string, unknown>, unknown>;
  data: Record<string, unknown>[];
  facts: unknown[];
}

/** The facts of a pure step in the test warehouse. */
export function factsOf<F>(scan: ScanFact | null, own: F): WorkflowFacts<F> {
  return { scan, warehouseId: WAREHOUSE, warehouseCode: 'MSK-SC1', own };
}

/** The every-pair and start checks of each definition, against the scans given. */
export function describeEveryPair(cases: readonly DefinitionCase[], scans: readonly ScanFact[]) {
  describe.each(cases.map((c) => [c.definition.name, c] as const))('%s', (_name, c) => {
    const { definition } = c;
    const declared = Object.keys(definition.states);

    it('accepts or refuses every (state, action) pair, never throws, lands on a declared state', () => {
      let accepted = 0;
      let refused = 0;
      for (const code of WORKFLOW_STATE_CODES) {
        for (const data of c.data) {
          const state: RunState<Record<string, unknown>> = { code, data };
          for (const actionCode of WORKFLOW_ACTION_CODES) {
            for (const scan of actionCode === 'BarcodeScanned' ? scans : [null]) {
              for (const own of c.facts) {
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
    });

    it('starts in a declared state whose view has a prompt', () => {
      expect(declared).toContain(definition.start.code);
      const view = definition.view(definition.start, factsOf(null, c.facts[0]));
      expect(view.prompt.key).not.toBe('');
    });
  });
}
