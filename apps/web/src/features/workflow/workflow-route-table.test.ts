import { describe, expect, it } from 'vitest';
import { WORKFLOW_NAMES, WORKFLOW_ROUTE_PATHS } from '@sorting/contracts';
import { WORKFLOW_OF_ROUTE } from './workflow-route-table';
import { WORKFLOW_ROUTES } from './workflow-routes';

// Spec part 1 §1, §2; docs/DECISIONS.md "Guided workflows", the route ↔ workflowName table.
describe('the workflow route table', () => {
  it('gives every route the workflow the contract renders at that route', () => {
    expect(Object.keys(WORKFLOW_OF_ROUTE).sort()).toEqual([...WORKFLOW_ROUTES].sort());
    for (const route of WORKFLOW_ROUTES) {
      expect(WORKFLOW_ROUTE_PATHS[WORKFLOW_OF_ROUTE[route]]).toBe(`/${route}`);
    }
  });

  it('runs every workflow name from a route, but the details variant of cargo picking v2', () => {
    const routed = new Set<string>(Object.values(WORKFLOW_OF_ROUTE));
    expect(WORKFLOW_NAMES.filter((name) => !routed.has(name))).toEqual([
      'boxes-transit-picking-details',
    ]);
  });
});
