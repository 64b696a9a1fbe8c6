import type { TWarehouseList, TZoneList } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';

/** The lists /topology picks from (the sorting service's `GET warehouses` and `GET zones`). */
export function createTopologyService(api: ApiClient) {
  return {
    async listWarehouses(): Promise<TWarehouseList> {
      const result = await api.get<TWarehouseList>('sorting', '/sorting-api/warehouses');
      if (!result.isSuccess) throw new Error(result.message ?? 'warehouses');
      return result.operationObject ?? [];
    },
    async listZones(warehouseId: number): Promise<TZoneList> {
      const result = await api.get<TZoneList>('sorting', '/sorting-api/zones', {
        query: { warehouseId },
      });
      if (!result.isSuccess) throw new Error(result.message ?? 'zones');
      return result.operationObject ?? [];
    },
  };
}

export type TopologyCalls = ReturnType<typeof createTopologyService>;
