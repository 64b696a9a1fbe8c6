import type { TWarehouse, TWarehouseList, TZone, TZoneList } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { LookupResult, WarehouseLookupInput, ZoneLookupInput } from './sorting-entry.machine';

/** The calls of the sorting entry (spec part 1 §7 "Authentication and context", and ours). */
export function createSortingEntryService(api: ApiClient) {
  return {
    searchWarehouse: (input: WarehouseLookupInput): Promise<LookupResult<TWarehouse>> =>
      api.post<TWarehouse>('sorting', '/sorting-api/warehouses/search', { number: input.number }),
    searchZone: (input: ZoneLookupInput): Promise<LookupResult<TZone>> =>
      api.post<TZone>('sorting', '/sorting-api/zones/search', input),
    /** Ours (docs/DECISIONS.md "Sorting entry"). */
    async listWarehouses(): Promise<TWarehouseList> {
      const result = await api.get<TWarehouseList>('sorting', '/sorting-api/warehouses');
      if (!result.isSuccess) throw new Error(result.message ?? 'warehouses');
      return result.operationObject ?? [];
    },
    /** Ours (docs/DECISIONS.md "Sorting entry"). */
    async listZones(warehouseId: number): Promise<TZoneList> {
      const result = await api.get<TZoneList>('sorting', '/sorting-api/zones', {
        query: { warehouseId },
      });
      if (!result.isSuccess) throw new Error(result.message ?? 'zones');
      return result.operationObject ?? [];
    },
  };
}

export type SortingEntryService = ReturnType<typeof createSortingEntryService>;
