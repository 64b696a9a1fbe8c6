import { defineRoute, fillPath } from '../routing/route.js';
import type { DECONSOLIDATION_SCHEMAS } from './deconsolidation.schemas.js';

type Schemas = typeof DECONSOLIDATION_SCHEMAS;

/**
 * Spec part 2 §6: no role checks; a signed-in user, and the `{warehouseCode}` warehouse must be
 * theirs: the routes declare it and the route hook refuses another (403, nothing read).
 */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 2 §7 "Deconsolidation": `/deconsolidating-api/v1/{warehouseCode}/Consolidating/…`,
 * PascalCase envelope and fields (docs/DECISIONS.md "Deconsolidation").
 */
export const DECONSOLIDATION_ROUTES = {
  box: defineRoute<Schemas['box']>()({
    service: 'deconsolidating',
    method: 'GET',
    path: '/deconsolidating-api/v1/{warehouseCode}/Consolidating/{barcode}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  deconsolidate: defineRoute<Schemas['deconsolidate']>()({
    service: 'deconsolidating',
    method: 'DELETE',
    path: '/deconsolidating-api/v1/{warehouseCode}/Consolidating/{cellBarcode}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'path', param: 'warehouseCode' },
    isOperation: true,
    errors: ['objectNotFound', 'repeatedFailure'],
  }),
} as const;

/** `GET …/Consolidating/{barcode}` filled in (the barcode URL-encoded). */
export function consolidationPath(warehouseCode: string, barcode: string): string {
  return fillPath(DECONSOLIDATION_ROUTES.box.path, { warehouseCode, barcode });
}

/** `DELETE …/Consolidating/{cellBarcode}` filled in. */
export function consolidationCellPath(warehouseCode: string, cellBarcode: string): string {
  return fillPath(DECONSOLIDATION_ROUTES.deconsolidate.path, { warehouseCode, cellBarcode });
}
