// The graph of an XState machine, for tests that check every state was visited and every
// transition fired (the machine tests of sorting, time tracking and returns).
import type { AnyStateMachine, AnyStateNode, InspectionEvent } from 'xstate';

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

/**
 * What the machine tests record while their paths run: the state nodes visited and the
 * transitions fired (`inspect` goes to `createActor`), to check both cover the whole graph.
 */
export function createCoverage(machine: AnyStateMachine) {
  const transitionNames = transitionsOf(machine);
  const visitedNodes = new Set<string>();
  const firedTransitions = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    // A snapshot counts its nodes too: the initial state is entered by no microstep.
    if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
      if (snapshot.machine === machine)
        for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
      return;
    }
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) {
      const name = transitionNames.get(transition);
      if (name) firedTransitions.add(name);
    }
    const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
    if (snapshot.machine === machine)
      for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
  };
  return {
    inspect,
    /** The state node ids no path visited. */
    unvisitedNodes: () =>
      stateNodesOf(machine)
        .map((node) => node.id)
        .filter((id) => !visitedNodes.has(id)),
    /** The transitions no path fired, by name. */
    unfiredTransitions: () =>
      [...transitionNames.values()].filter((name) => !firedTransitions.has(name)),
    transitionCount: () => transitionNames.size,
  };
}
