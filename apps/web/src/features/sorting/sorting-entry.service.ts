import { SORTING_ROUTES, type TWarehouse, type TZone } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import { createWarehousesService } from '../../shell';
import type { LookupResult, WarehouseLookupInput, ZoneLookupInput } from './sorting-entry.machine';

/** The calls of the sorting entry (spec part 1 §7 "Authentication and context", and ours). */
export function createSortingEntryService(api: ApiClient) {
  return {
    searchWarehouse: (input: WarehouseLookupInput): Promise<LookupResult<TWarehouse>> =>
      api.call(SORTING_ROUTES.searchWarehouse, { body: { number: input.number } }),
    searchZone: (input: ZoneLookupInput): Promise<LookupResult<TZone>> =>
      api.call(SORTING_ROUTES.searchZone, { body: input }),
    ...createWarehousesService(api),
  };
}

export type SortingEntryService = ReturnType<typeof createSortingEntryService>;
