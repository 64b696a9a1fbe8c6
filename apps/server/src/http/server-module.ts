import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

/**
 * What the composition root (app.ts) hands every module's `register` (docs/ARCHITECTURE.md,
 * "Doors"). A module's face (`modules/<service>/index.ts`) exports its register and what other
 * modules may use of it; a module asks for more than these (another module's face, something
 * the outside world owns) by widening its own deps type, and app.ts passes it.
 */
export interface ModuleDeps {
  config: Config;
  database: Database;
  /** The clock of sessions, events and deadlines; tests move it. */
  now: () => Date;
}

/** A module's registration: its services built from the deps, its routes registered. */
export type RegisterModule<D extends ModuleDeps = ModuleDeps> = (
  app: FastifyInstance,
  deps: D,
) => Promise<void>;
