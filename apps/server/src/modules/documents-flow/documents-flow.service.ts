import {
  DOCUMENTS_FLOW_PAGE_SIZE,
  type TDocumentFlowItem,
  type TDocumentSigned,
  type TDocumentsSearch,
} from '@sorting/contracts';
import {
  DOCUMENT_SEARCH_DEFAULT_DAYS,
  STATE_AFTER,
  documentSignId,
  signRefusal,
  validateRefusal,
  type DocumentActionRefusal,
} from '@sorting/domain';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';
import type { MessageKey } from '../../i18n/messages.js';
import type { DocumentSigner } from './document-signer.js';
import { canonicalContent, presentDocument } from './documents-flow.presenter.js';
import type { DocumentRow, DocumentsFlowRepository } from './documents-flow.repository.js';

const DAY_MS = 86_400_000;

/** The message of each refused action (docs/DECISIONS.md "Document flow"). */
const REFUSAL_KEYS: Record<DocumentActionRefusal, MessageKey> = {
  outgoing: 'documentOutgoing',
  noInnerContragent: 'documentNoInnerContragent',
  alreadySigned: 'documentAlreadySigned',
  notAwaitingSignature: 'documentNotAwaitingSignature',
  notAwaitingValidation: 'documentNotAwaitingValidation',
  ended: 'documentEnded',
};

/**
 * Spec part 2 §1, §4, §7 "Document flow" (docs/DECISIONS.md "Document flow"): the
 * documents of the user's sorting centre, signing incoming ones and confirming receipt of a
 * signature. No role checks (part 2 §6); another centre's document is unknown (104).
 */
export function createDocumentsFlowService(options: {
  db: Db;
  repository: RepositoryFactory<Db, DocumentsFlowRepository>;
  signer: () => DocumentSigner;
  now: () => Date;
}) {
  const { db, now, signer } = options;
  const repositoryOf = options.repository;
  const operations = operationsOver(db, repositoryOf);

  function notFound(documentId: number) {
    return refusal('objectNotFound', 'documentNotFound', { documentId });
  }

  /** The caller's document, locked; another centre's or none → 104. */
  async function lockOwn(
    repository: DocumentsFlowRepository,
    documentId: number,
    context: CallContext,
  ): Promise<DocumentRow> {
    const centre = context.user.sortingCenterId;
    const document = centre === null ? null : await repository.lockDocument(documentId, centre);
    if (!document) throw notFound(documentId);
    return document;
  }

  function refuse(reason: DocumentActionRefusal, document: DocumentRow) {
    return refusal('refused', REFUSAL_KEYS[reason], {
      number: document.number,
      state: document.state,
    });
  }

  return {
    /**
     * `POST …/Documents/search`: the centre's documents, documentId descending; no states →
     * all; no dates → the last 6 days (part 2 §9); a user of no centre has none.
     */
    async search(body: TDocumentsSearch, context: CallContext): Promise<TDocumentFlowItem[]> {
      const centre = context.user.sortingCenterId;
      if (centre === null) return [];
      const end = body.dateEnd ? new Date(body.dateEnd) : now();
      const begin = body.dateBegin
        ? new Date(body.dateBegin)
        : new Date(end.getTime() - DOCUMENT_SEARCH_DEFAULT_DAYS * DAY_MS);
      const states = body.states && body.states.length > 0 ? body.states : null;
      const text = body.searchString ? body.searchString : null;
      // Ours: with `page` or `pageSize` one page (40 by default, part 2 §9), else every match.
      const size = body.pageSize ?? DOCUMENTS_FLOW_PAGE_SIZE;
      const page =
        body.page || body.pageSize ? { limit: size, offset: ((body.page ?? 1) - 1) * size } : null;
      const rows = await repositoryOf(db).search({
        sortingCenterId: centre,
        states,
        text,
        begin,
        end,
        page,
      });
      return rows.map(presentDocument);
    },

    /**
     * `POST …/documents/{documentId}/sign`: an incoming document in state 1, signed for its
     * inner contragent with the organisation's key; the signature (with what was signed, who
     * signed and when) is stored and the document moves to state 2, one event records it. A
     * second sign, even at the same moment, finds state 2 and is refused.
     */
    async sign(
      documentId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TDocumentSigned>> {
      return operations.run(context, async (repository) => {
        const document = await lockOwn(repository, documentId, context);
        const reason = signRefusal(document);
        if (reason !== null) throw refuse(reason, document);
        const signId = documentSignId(document);
        if (signId === null) throw refuse('noInnerContragent', document);
        const signedAt = now();
        const content = canonicalContent(document, {
          signId,
          signedAt,
          userId: context.user.id,
        });
        const key = signer();
        const value = key.sign(content);
        await repository.insertSignature({
          documentId: document.id,
          contragentId: signId,
          userId: context.user.id,
          signedAt,
          algorithm: key.algorithm,
          keyId: key.keyId,
          content,
          signature: value,
        });
        await repository.setState(document.id, STATE_AFTER.sign, null);
        await repository.events.record(
          { userId: context.user.id, warehouseId: null, at: signedAt },
          'document.signed',
          {
            documentId: document.id,
            number: document.number,
            sortingCenterId: document.sortingCenterId,
            signId,
            keyId: key.keyId,
          },
        );
        return {
          document: presentDocument({ ...document, state: STATE_AFTER.sign }),
          signature: {
            signId,
            algorithm: key.algorithm,
            value,
            keyId: key.keyId,
            signedAt: signedAt.toISOString(),
          },
        };
      });
    },

    /**
     * `POST …/documents/{documentId}/validate`: confirms receipt of the signature of a document
     * in state 2; it moves to state 3 (the flow ended), who and when are kept, one event.
     */
    async validate(
      documentId: number,
      context: CallContext,
    ): Promise<OperationOutcome<TDocumentFlowItem>> {
      return operations.run(context, async (repository) => {
        const document = await lockOwn(repository, documentId, context);
        const reason = validateRefusal(document);
        if (reason !== null) throw refuse(reason, document);
        const at = now();
        await repository.setState(document.id, STATE_AFTER.validate, {
          at,
          userId: context.user.id,
        });
        await repository.events.record(
          { userId: context.user.id, warehouseId: null, at },
          'document.validated',
          {
            documentId: document.id,
            number: document.number,
            sortingCenterId: document.sortingCenterId,
          },
        );
        return presentDocument({ ...document, state: STATE_AFTER.validate });
      });
    },
  };
}

export type DocumentsFlowService = ReturnType<typeof createDocumentsFlowService>;
