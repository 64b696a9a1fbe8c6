import {
  DIMENSIONS_ROUTES,
  type TDimension,
  type TDimensionDeleted,
  type TDimensionRequest,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The dimension types calls of spec part 2 §7 "Dimensions" (PascalCase answers). */
export interface DimensionsCalls {
  /** `GET /dimensions-api/dimension`: the current warehouse's and the common types. */
  list(): Promise<ApiResult<TDimension[]>>;
  create(request: TDimensionRequest, operationId: string): Promise<ApiResult<TDimension>>;
  update(
    id: number,
    request: TDimensionRequest,
    operationId: string,
  ): Promise<ApiResult<TDimension>>;
  remove(id: number, operationId: string): Promise<ApiResult<TDimensionDeleted>>;
}

export function createDimensionsService(api: ApiClient): DimensionsCalls {
  return {
    list: () => api.call(DIMENSIONS_ROUTES.list, {}),
    create: (body, operationId) => api.call(DIMENSIONS_ROUTES.create, { body, operationId }),
    update: (id, body, operationId) =>
      api.call(DIMENSIONS_ROUTES.update, { params: { id }, body, operationId }),
    remove: (id, operationId) =>
      api.call(DIMENSIONS_ROUTES.remove, { params: { id }, operationId }),
  };
}
