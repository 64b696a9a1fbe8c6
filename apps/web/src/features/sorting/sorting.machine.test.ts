import { describe, expect, it } from 'vitest';
import { stateNodesOf, transitionsOf } from '../../test/machine-graph';
import { sortingMachine } from './sorting.machine';
import { firedCodes, firedTransitions, visitedNodes } from './sorting.machine.fixture';
import { describeParcelScenarios } from './sorting.machine.parcels.scenarios';
import { describeStepScenarios } from './sorting.machine.steps.scenarios';
import { describeContainerScenarios } from './sorting.machine.containers.scenarios';

// Model-based tests of the whole sorting screen (conventions §4): a table of event sequences
// from init, run against a fake server; together they must visit every state node and fire
// every transition of the machine, which the last test checks through xstate's inspection.

describeParcelScenarios();
describeStepScenarios();
describeContainerScenarios();

describe('sorting screen machine: model coverage', () => {
  it('the paths above visit every state node and fire every transition', () => {
    const nodes = stateNodesOf(sortingMachine).map((node) => node.id);
    expect(nodes.filter((id) => !visitedNodes.has(id))).toEqual([]);
    const all = [...transitionsOf(sortingMachine).values()];
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((name) => !firedTransitions.has(name))).toEqual([]);
  });

  it('every f-code of the sorting list that the screen raises fired', () => {
    const expected = [
      'f-0002',
      'f-0003',
      'f-0004',
      'f-0005',
      'f-0006',
      'f-0007',
      'f-0008',
      'f-0009',
      'f-0010',
      'f-0011',
      'f-0014',
      'f-0016',
      'f-0017',
      'f-0018',
      'f-0019',
      'f-0020',
      'f-0021',
      'f-0022',
      'f-0023',
      'f-0024',
      'f-0025',
      'f-0026',
      'f-0027',
      'f-0028',
      'f-0030',
      'f-0031',
      'f-0001',
      'f-0012',
    ];
    expect(expected.filter((code) => !firedCodes.has(code))).toEqual([]);
  });
});
