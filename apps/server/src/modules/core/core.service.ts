import {
  PAYMENT_PROVIDERS,
  ZRuntimeSettings,
  ownIngestDsn,
  type TRuntimeSettings,
} from '@sorting/contracts';
import type { Config } from '../../config.js';
import type { DatabaseKind, Db, PoolStats } from '../../db/database.js';
import type { RepositoryFactory } from '../../lib/call-context.js';
import type { HealthRepository } from './health.repository.js';

/** Liveness (`/healthz`): the process answers; nothing is asked of the database. */
export interface Liveness {
  status: 'ok';
  database: DatabaseKind;
  /**
   * PostgreSQL only: the connection pool, so an operator sees clients stuck checked out or
   * requests waiting (docs/DECISIONS.md "Database").
   */
  pool?: PoolStats;
}

/** Readiness (`/readyz`): whether a load balancer should send this process requests. */
export interface Health {
  status: 'ok' | 'unavailable';
  /** Why not ready: the database does not answer, migrations not all applied, or draining. */
  reason?: 'database' | 'migrations' | 'draining';
  database: DatabaseKind;
  /**
   * PostgreSQL only: the connection pool before the check, so an operator sees clients stuck
   * checked out or requests waiting (docs/DECISIONS.md "Database").
   */
  pool?: PoolStats;
}

/**
 * The web app's runtime settings (spec part 2 §7 "Core": content not shown; decided in
 * docs/DECISIONS.md "Contract and errors"). Every service is served by this process, so each
 * base path is '' (the page origin); an operator who splits a module out puts a proxy in front
 * instead.
 * Validated here so a bad configuration fails at start, not in the browser.
 */
export function buildRuntimeSettings(config: Config): TRuntimeSettings {
  return ZRuntimeSettings.parse({
    services: {
      auth: '',
      sorting: '',
      sortingSystem: '',
      users: '',
      timeTracking: '',
      returns: '',
      picking: '',
      delivery: '',
      documentsFlow: '',
      dimensions: '',
      deconsolidating: '',
      audit: '',
      vision: '',
      workflow: '',
      topology: '',
    },
    signInUrl: config.signInUrl,
    printerServiceUrl: config.printerServiceUrl,
    printingHubUrl: config.printingHubUrl,
    scaleServiceUrl: config.scaleServiceUrl,
    sortingCenterId: config.sortingCenterId,
    // Replaced per request by the own ingest's DSN on the request's origin when not configured.
    errorReportsDsn: config.sentryDsnWeb ?? ownIngestDsn('http://localhost'),
    paymentProviders: PAYMENT_PROVIDERS.map((provider) => ({ ...provider })),
    features: {
      userBarcodeAuthorization: true,
      alternativeAuthentication: config.alternativeAuthentication,
      demo: config.demoSeed,
    },
  } satisfies TRuntimeSettings);
}

/** Health and settings: what every client asks before anything else. */
export function createCoreService(deps: {
  config: Config;
  databaseKind: DatabaseKind;
  db: Db;
  repository: RepositoryFactory<Db, HealthRepository>;
  poolStats?: () => PoolStats | null;
}) {
  const settings = buildRuntimeSettings(deps.config);
  const health = deps.repository(deps.db);
  return {
    /** `origin`: the page's (`scheme://host`), where the own ingest's DSN points. */
    runtimeSettings(origin: string): TRuntimeSettings {
      if (deps.config.sentryDsnWeb) return settings;
      try {
        return { ...settings, errorReportsDsn: ownIngestDsn(origin) };
      } catch {
        // No usable Host header: the answer stays valid; the page cannot report then.
        return settings;
      }
    },

    liveness(): Liveness {
      const pool = deps.poolStats?.() ?? null;
      return { status: 'ok', database: deps.databaseKind, ...(pool ? { pool } : {}) };
    },

    /** docs/DECISIONS.md "Error reporting": the database answers, migrated, not draining. */
    async checkHealth(isDraining: boolean): Promise<Health> {
      // Read before the ping, which checks a client out itself.
      const pool = deps.poolStats?.() ?? null;
      const described = { database: deps.databaseKind, ...(pool ? { pool } : {}) };
      if (isDraining) return { status: 'unavailable', reason: 'draining', ...described };
      try {
        await health.ping();
        if (!(await health.isMigrated())) {
          return { status: 'unavailable', reason: 'migrations', ...described };
        }
        return { status: 'ok', ...described };
      } catch {
        return { status: 'unavailable', reason: 'database', ...described };
      }
    },
  };
}

export type CoreService = ReturnType<typeof createCoreService>;
