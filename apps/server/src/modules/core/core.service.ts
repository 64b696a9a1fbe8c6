import { ZRuntimeSettings, type TRuntimeSettings } from '@sorting/contracts';
import type { Config } from '../../config.js';
import type { DatabaseKind } from '../../db/database.js';
import type { HealthRepository } from './health.repository.js';

export interface Health {
  status: 'ok' | 'unavailable';
  database: DatabaseKind;
}

/**
 * The web app's runtime settings (spec part 2 §7 "Core": content not shown; decided in
 * docs/DECISIONS.md). Every service is served by this process, so each base path is '' (the
 * page origin); an operator who splits a module out puts a proxy in front instead.
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
    },
    signInUrl: config.signInUrl,
    printerServiceUrl: config.printerServiceUrl,
    printingHubUrl: config.printingHubUrl,
    scaleServiceUrl: config.scaleServiceUrl,
    sortingCenterId: config.sortingCenterId,
    features: {
      userBarcodeAuthorization: true,
      alternativeAuthentication: true,
      demo: config.demoSeed,
    },
  } satisfies TRuntimeSettings);
}

/** Health and settings: what every client asks before anything else. */
export function createCoreService(deps: {
  config: Config;
  databaseKind: DatabaseKind;
  health: HealthRepository;
}) {
  const settings = buildRuntimeSettings(deps.config);
  return {
    runtimeSettings(): TRuntimeSettings {
      return settings;
    },

    async checkHealth(): Promise<Health> {
      try {
        await deps.health.ping();
        return { status: 'ok', database: deps.databaseKind };
      } catch {
        return { status: 'unavailable', database: deps.databaseKind };
      }
    },
  };
}

export type CoreService = ReturnType<typeof createCoreService>;
