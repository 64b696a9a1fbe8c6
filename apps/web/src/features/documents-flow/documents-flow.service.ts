import {
  DOCUMENTS_FLOW_ROUTES,
  type TDocumentFlowItem,
  type TDocumentSigned,
  type TDocumentsSearchRequest,
} from '@sorting/contracts';
import type { ApiClient, ApiResult } from '../../lib/api-client';

/** The document flow calls of spec part 2 §7 "Document flow" (camelCase answers). */
export interface DocumentsFlowCalls {
  /** `POST /documentsflow-api/Documents/search`: documentId descending. */
  search(filter: TDocumentsSearchRequest): Promise<ApiResult<TDocumentFlowItem[]>>;
  /** `POST …/documents/{documentId}/sign`: an incoming document in state 1. */
  sign(documentId: number, operationId: string): Promise<ApiResult<TDocumentSigned>>;
  /** `POST …/documents/{documentId}/validate`: confirms receipt of the signature (state 2). */
  validate(documentId: number, operationId: string): Promise<ApiResult<TDocumentFlowItem>>;
}

export function createDocumentsFlowService(api: ApiClient): DocumentsFlowCalls {
  return {
    search: (filter) => api.call(DOCUMENTS_FLOW_ROUTES.search, { body: filter }),
    sign: (documentId, operationId) =>
      api.call(DOCUMENTS_FLOW_ROUTES.sign, { params: { documentId }, operationId }),
    validate: (documentId, operationId) =>
      api.call(DOCUMENTS_FLOW_ROUTES.validate, { params: { documentId }, operationId }),
  };
}
