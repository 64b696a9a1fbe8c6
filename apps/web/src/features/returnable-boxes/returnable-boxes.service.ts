import {
  DIMENSIONS_ROUTES,
  SORTING_ROUTES,
  type CallArguments,
  type CallInput,
  type TDimension,
  type TReturnableBox,
  type TReturnableBoxSticker,
} from '@sorting/contracts';
import type { ApiClient, ApiResult, FlatCallInput } from '../../lib/api-client';

/** The returnable boxes calls of spec part 1 §7 (and the two sorting calls the screen uses). */
export interface ReturnableBoxesCalls {
  /** `GET containerAccounting/all`: the registry of the user's warehouse, number descending. */
  list(): Promise<ApiResult<TReturnableBox[]>>;
  /** `POST boxes/create` with IsReturnable true. */
  create(
    input: Omit<FlatCallInput<typeof SORTING_ROUTES.createBoxes>, 'IsReturnable'>,
  ): Promise<ApiResult<TReturnableBox[]>>;
  /** `DELETE containerAccounting?barcode`. */
  remove(
    input: CallArguments<typeof SORTING_ROUTES.deleteContainer>['query'] &
      Pick<CallInput<typeof SORTING_ROUTES.deleteContainer>, 'operationId'>,
  ): Promise<ApiResult<TReturnableBox>>;
  /** `GET containerAccounting/sticker?barcode`: the `returnable-box` label's parameters. */
  sticker(barcode: string): Promise<ApiResult<TReturnableBoxSticker>>;
  /** `GET dimension?barcode`: a scanned dimension type fills the size of new boxes. */
  dimension(barcode: string): Promise<ApiResult<TDimension>>;
  /**
   * `GET /dimensions-api/dimension` (spec part 2 §7): the types to choose from, those of the
   * user's warehouse and the common ones, id descending.
   */
  dimensions(): Promise<ApiResult<TDimension[]>>;
}

export function createReturnableBoxesService(api: ApiClient): ReturnableBoxesCalls {
  return {
    list: () => api.call(SORTING_ROUTES.listContainers, {}),
    create: ({ operationId, ...request }) =>
      api.call(SORTING_ROUTES.createBoxes, {
        body: { ...request, IsReturnable: true },
        operationId,
      }),
    remove: ({ barcode, operationId }) =>
      api.call(SORTING_ROUTES.deleteContainer, { query: { barcode }, operationId }),
    sticker: (barcode) => api.call(SORTING_ROUTES.containerSticker, { query: { barcode } }),
    dimension: (barcode) => api.call(SORTING_ROUTES.dimension, { query: { barcode } }),
    dimensions: () => api.call(DIMENSIONS_ROUTES.list, {}),
  };
}
