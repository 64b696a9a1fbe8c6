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
  // A machine made with `machine.provide(...)` has its own state nodes and transitions but the
  // same ids: they count under the names of the machine given here.
  const namesByMachine = new Map<unknown, Map<unknown, string>>([[machine, transitionNames]]);
  const isCovered = (candidate: unknown): candidate is AnyStateMachine =>
    candidate === machine ||
    (candidate !== undefined && (candidate as AnyStateMachine).id === machine.id);
  const namesOf = (candidate: AnyStateMachine) => {
    let names = namesByMachine.get(candidate);
    if (!names) {
      names = transitionsOf(candidate);
      namesByMachine.set(candidate, names);
    }
    return names;
  };
  const visitedNodes = new Set<string>();
  const firedTransitions = new Set<string>();
  const inspect = (event: InspectionEvent) => {
    // A snapshot counts its nodes too: the initial state is entered by no microstep.
    if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
      if (isCovered(snapshot.machine))
        for (const node of snapshot._nodes ?? []) visitedNodes.add(node.id);
      return;
    }
    if (event.type !== '@xstate.microstep') return;
    const snapshot = event.snapshot as { _nodes?: AnyStateNode[]; machine?: unknown };
    const names = isCovered(snapshot.machine) ? namesOf(snapshot.machine) : transitionNames;
    for (const transition of event._transitions) {
      const name = names.get(transition);
      if (name) firedTransitions.add(name);
      // A transient node (`always` only) shows in no snapshot: its fired transition counts it.
      const source = (transition as { source?: AnyStateNode }).source;
      if (name && source) visitedNodes.add(source.id);
    }
    if (isCovered(snapshot.machine))
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
