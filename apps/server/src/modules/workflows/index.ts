import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { sortingDoorOver } from '../sorting/index.js';
import { createWorkflowEngine } from './workflow-engine.js';
import { createWorkflowsRepository } from './workflows.repository.js';
import { workflowsRoutes } from './workflows.routes.js';

/** Guided workflows (spec part 1 §1, §3, §4, §7; docs/DECISIONS.md "Guided workflows"). */
export async function registerWorkflows(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(workflowsRoutes, {
    engine: createWorkflowEngine({
      db: deps.database.db,
      repository: createWorkflowsRepository,
      sortingDoor: sortingDoorOver,
      now: deps.now,
    }),
  });
}
