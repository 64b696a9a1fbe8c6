import type {
  TBoxCreateRequest,
  TDimension,
  TReturnableBox,
  TReturnableBoxSticker,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The returnable boxes calls of spec part 1 §7 (and the two sorting calls the screen uses). */
export interface ReturnableBoxesCalls {
  /** `GET containerAccounting/all`: the registry of the user's warehouse, number descending. */
  list(): Promise<ApiResult<TReturnableBox[]>>;
  /** `POST boxes/create` with IsReturnable true. */
  create(input: {
    request: Omit<TBoxCreateRequest, 'IsReturnable'>;
    operationId: string;
  }): Promise<ApiResult<TReturnableBox[]>>;
  /** `DELETE containerAccounting?barcode`. */
  remove(input: { barcode: string; operationId: string }): Promise<ApiResult<TReturnableBox>>;
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
    list: () => api.get<TReturnableBox[]>('sorting', '/sorting-api/containerAccounting/all'),
    create: ({ request, operationId }) =>
      api.post<TReturnableBox[]>(
        'sorting',
        '/sorting-api/boxes/create',
        { ...request, IsReturnable: true },
        { operationId },
      ),
    remove: ({ barcode, operationId }) =>
      api.delete<TReturnableBox>('sorting', '/sorting-api/containerAccounting', {
        query: { barcode },
        operationId,
      }),
    sticker: (barcode) =>
      api.get<TReturnableBoxSticker>('sorting', '/sorting-api/containerAccounting/sticker', {
        query: { barcode },
      }),
    dimension: (barcode) =>
      api.get<TDimension>('sorting', '/sorting-api/dimension', { query: { barcode } }),
    dimensions: () => api.get<TDimension[]>('dimensions', '/dimensions-api/dimension'),
  };
}
