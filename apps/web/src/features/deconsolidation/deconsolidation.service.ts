import { DECONSOLIDATION_ROUTES } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { DeconsolidationPorts } from './deconsolidation.machine';

/** The calls of the screen; the page gives the real ones, tests give a fake server. */
export type DeconsolidationCalls = Pick<DeconsolidationPorts, 'loadBox' | 'deconsolidate'>;

/** Spec part 2 §7 "Deconsolidation" (`DECONSOLIDATION_ROUTES`) over the typed API client. */
export function createDeconsolidationService(api: ApiClient): DeconsolidationCalls {
  return {
    loadBox: ({ warehouseCode, barcode }) =>
      api.call(DECONSOLIDATION_ROUTES.box, { params: { warehouseCode, barcode } }),
    deconsolidate: ({ warehouseCode, cellBarcode, operationId }) =>
      api.call(DECONSOLIDATION_ROUTES.deconsolidate, {
        params: { warehouseCode, cellBarcode },
        operationId,
      }),
  };
}
