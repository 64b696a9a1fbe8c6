import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { demoRoutes } from './demo.routes.js';

/** The demo sheet, served only with demo data (docs/DEMO.md). */
export async function registerDemo(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(demoRoutes, { isDemo: deps.config.demoSeed });
}
