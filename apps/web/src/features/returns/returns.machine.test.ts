import { describe, expect, it } from 'vitest';
import { stateNodesOf } from '../../test/machine-graph';
import { returnsMachine } from './returns.machine';
import {
  firedCodes,
  firedTransitions,
  transitionNames,
  visitedNodes,
} from './returns.machine.fixture';
import { describeFlowScenarios } from './returns.machine.flow.scenarios';
import { describeStepScenarios } from './returns.machine.steps.scenarios';

// Model-based tests of the returns screen (conventions §4): event sequences from the start
// against a fake returns-api that behaves as returns-shared.md describes (policies, 404 for an
// unknown parcel, photos refused 415/413/429, delete, return2 idempotent by X-Operation-Id);
// together they must visit every state node and fire every transition (last test).

describeFlowScenarios();
describeStepScenarios();

describe('returns machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    const nodes = stateNodesOf(returnsMachine).map((node) => node.id);
    expect(nodes.filter((id) => !visitedNodes.has(id))).toEqual([]);
    const all = [...transitionNames.values()];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((name) => !firedTransitions.has(name))).toEqual([]);
  });

  it('every f-code of the returns list fired', () => {
    const expected = Array.from(
      { length: 10 },
      (_, index) => `f-${String(index + 1).padStart(4, '0')}`,
    );
    expect(expected.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
