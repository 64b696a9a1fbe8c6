import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { createContainersService } from './containers.service.js';
import { createContextRepository } from './context.repository.js';
import { createContextService } from './context.service.js';
import { createParcelDetailsService } from './parcel-details.service.js';
import { createSortingRepository } from './sorting.repository.js';
import { sortingRoutes } from './sorting.routes.js';
import { createSortingService } from './sorting.service.js';

/** Sorting: context, scans, suggestions, moves, boxes and containers (spec part 1 §5, §7). */
export async function registerSorting(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps.database;
  await app.register(sortingRoutes, {
    context: createContextService({ db, repository: createContextRepository }),
    sorting: createSortingService({ db, repository: createSortingRepository }),
    details: createParcelDetailsService({ db, repository: createSortingRepository }),
    containers: createContainersService({ db, repository: createSortingRepository }),
  });
}

export {
  sortingDoorOver,
  type SortingDoor,
  type BoxSize,
  type DestinationParcelRow,
} from './workflow-door.js';
export {
  createParcelFeedRepository,
  type FedParcelFields,
  type FedParcelRow,
  type ParcelFeedRepository,
} from './parcel-feed.repository.js';
