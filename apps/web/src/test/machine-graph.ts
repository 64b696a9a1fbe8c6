// The graph of an XState machine, for tests that check every state was visited and every
// transition fired (the machine tests of sorting, time tracking and returns).
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** Every state node of the machine, the root first. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

/** Every transition of every state node (`on`, `always`, invoke done/error) and its name. */
export function transitionsOf(machine: AnyStateMachine): Map<unknown, string> {
  const all = new Map<unknown, string>();
  for (const node of stateNodesOf(machine)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((transition, index) => all.set(transition, `${node.id} ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((transition, index) =>
      all.set(transition, `${node.id} always #${index}`),
    );
  }
  return all;
}
