import { SORTING_ROUTES, type TWarehouseList, type TZoneList } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';

/**
 * The warehouses and zones a screen picks from (ours, docs/DECISIONS.md "Sorting entry"):
 * `SORTING_ROUTES.listWarehouses` and `listZones`, one service for the sorting entry and
 * /topology. A refusal throws, for the query that reads them to show and retry.
 */
export function createWarehousesService(api: ApiClient) {
  return {
    async listWarehouses(): Promise<TWarehouseList> {
      const result = await api.call(SORTING_ROUTES.listWarehouses, {});
      if (!result.isSuccess) throw new Error(result.message ?? 'warehouses');
      return result.operationObject ?? [];
    },
    async listZones(warehouseId: number): Promise<TZoneList> {
      const result = await api.call(SORTING_ROUTES.listZones, { query: { warehouseId } });
      if (!result.isSuccess) throw new Error(result.message ?? 'zones');
      return result.operationObject ?? [];
    },
  };
}

export type WarehousesCalls = ReturnType<typeof createWarehousesService>;
