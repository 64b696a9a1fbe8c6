import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { createPhotoStore, type PhotoStore } from './photo-store.js';
import { returnsRoutes } from './returns.routes.js';
import { createReturnsRepository } from './returns.repository.js';
import { createReturnsService } from './returns.service.js';

export type { PhotoStore } from './photo-store.js';

/** Abandoned return photos are looked for hourly (they are abandoned after a day). */
const PHOTO_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface ReturnsDeps extends ModuleDeps {
  /** Where return photos go; default the configured one (tests pass their own). */
  photoStore?: PhotoStore;
  /** How often abandoned return photos are swept; 0 = never (tests call the sweep). */
  photoSweepIntervalMs?: number;
}

/**
 * Returns (spec part 1 §7). Return photos: the store (closed with the app) and the hourly sweep
 * of abandoned ones on an unref'd timer, so it never keeps the process alive and stops when
 * the app closes.
 */
export async function registerReturns(app: FastifyInstance, deps: ReturnsDeps): Promise<void> {
  const photoStore = deps.photoStore ?? createPhotoStore(deps.config.photoStore);
  if (!deps.photoStore) app.addHook('onClose', () => photoStore.close());
  const service = createReturnsService({
    db: deps.database.db,
    repository: createReturnsRepository,
    photoStore,
    now: deps.now,
    logError: (error, what) => app.log.error({ err: error }, what),
  });
  await app.register(returnsRoutes, { service });

  const intervalMs = deps.photoSweepIntervalMs ?? PHOTO_SWEEP_INTERVAL_MS;
  if (intervalMs <= 0) return;
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = service
      .sweepAbandonedPhotos()
      .then((swept) => {
        if (swept > 0) app.log.info({ swept }, 'abandoned return photos swept');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'return photo sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
