import {
  DIMENSIONS_ROUTES,
  SORTING_ROUTES,
  TOPOLOGY_ROUTES,
  type TBoxCreateRequest,
  type TCellRange,
  type TCellsCreated,
  type TDimension,
  type TReturnableBox,
  type TTopologyBox,
  type TTopologyCell,
  type TTopologyZone,
  type TZoneCreateRequest,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/**
 * The calls of /topology (docs/DECISIONS.md "Topology"): `/topology-api` by warehouse number,
 * new boxes through `boxes/create` and the sizes of the dimension types directory.
 */
export interface TopologyCalls {
  zones(warehouse: number): Promise<ApiResult<TTopologyZone[]>>;
  cells(
    warehouse: number,
    zoneNumber: number,
    range: TCellRange,
  ): Promise<ApiResult<TTopologyCell[]>>;
  createZone(
    warehouse: number,
    body: TZoneCreateRequest,
    operationId: string,
  ): Promise<ApiResult<TTopologyZone>>;
  createCells(
    warehouse: number,
    zoneNumber: number,
    range: TCellRange,
    operationId: string,
  ): Promise<ApiResult<TCellsCreated>>;
  boxes(
    warehouse: number,
    range: { numberFrom: number; numberTo: number },
  ): Promise<ApiResult<TTopologyBox[]>>;
  createBoxes(body: TBoxCreateRequest, operationId: string): Promise<ApiResult<TReturnableBox[]>>;
  dimensions(): Promise<ApiResult<TDimension[]>>;
}

export function createTopologyService(api: ApiClient): TopologyCalls {
  const at = (warehouse: number) => ({ warehouseCode: String(warehouse) });
  return {
    zones: (warehouse) => api.call(TOPOLOGY_ROUTES.zones, { params: at(warehouse) }),
    cells: (warehouse, zoneNumber, query) =>
      api.call(TOPOLOGY_ROUTES.cells, { params: { ...at(warehouse), zoneNumber }, query }),
    createZone: (warehouse, body, operationId) =>
      api.call(TOPOLOGY_ROUTES.createZone, { params: at(warehouse), body, operationId }),
    createCells: (warehouse, zoneNumber, body, operationId) =>
      api.call(TOPOLOGY_ROUTES.createCells, {
        params: { ...at(warehouse), zoneNumber },
        body,
        operationId,
      }),
    boxes: (warehouse, query) => api.call(TOPOLOGY_ROUTES.boxes, { params: at(warehouse), query }),
    createBoxes: (body, operationId) => api.call(SORTING_ROUTES.createBoxes, { body, operationId }),
    dimensions: () => api.call(DIMENSIONS_ROUTES.list, {}),
  };
}
