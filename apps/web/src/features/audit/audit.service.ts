import { AUDIT_ROUTES } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { AuditCalls } from './audit.model';

/** Spec part 2 §7 "Audit" (`AUDIT_ROUTES`) over the typed API client. */
export function createAuditService(api: ApiClient): AuditCalls {
  return {
    sessions: ({ warehouseCode, ...body }) =>
      api.call(AUDIT_ROUTES.sessions, { params: { warehouseCode }, body }),
    start: ({ warehouseCode, operationId }) =>
      api.call(AUDIT_ROUTES.start, { params: { warehouseCode }, operationId }),
    items: ({ warehouseCode, sessionId }) =>
      api.call(AUDIT_ROUTES.items, { params: { warehouseCode, sessionId } }),
    openCell: ({ warehouseCode, sessionId, barcode, operationId }) =>
      api.call(AUDIT_ROUTES.openCell, {
        params: { warehouseCode, sessionId },
        body: { barcode },
        operationId,
      }),
    scan: ({ warehouseCode, sessionId, cellId, barcode, operationId }) =>
      api.call(AUDIT_ROUTES.scan, {
        params: { warehouseCode, sessionId, cellId },
        body: { barcode },
        operationId,
      }),
    finishCell: ({ warehouseCode, sessionId, cellId, operationId }) =>
      api.call(AUDIT_ROUTES.finishCell, {
        params: { warehouseCode, sessionId },
        body: { cellId },
        operationId,
      }),
    finish: ({ warehouseCode, sessionId, operationId }) =>
      api.call(AUDIT_ROUTES.finish, { params: { warehouseCode, sessionId }, operationId }),
  };
}
