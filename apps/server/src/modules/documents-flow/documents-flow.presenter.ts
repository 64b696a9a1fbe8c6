import type { TDocumentFlowItem } from '@sorting/contracts';
import type { DocumentRow } from './documents-flow.repository.js';

/** Spec part 2 §3 "Document flow item" of a row: the sum in rubles, the date in ISO 8601 UTC. */
export function presentDocument(row: DocumentRow): TDocumentFlowItem {
  return {
    documentId: row.id,
    number: row.number,
    typeName: row.typeName,
    direction: row.direction,
    documentDate: row.documentDate.toISOString(),
    contragents: row.contragents.map((contragent) => ({
      type: contragent.type,
      name: contragent.name,
      contragentId: contragent.contragentId,
    })),
    sum: row.sumKopecks / 100,
    state: row.state,
  };
}

/**
 * What a sign signs (docs/DECISIONS.md "Document flow"): the document's fields that make it
 * what it is, who signs for whom and when, as JSON with a fixed field order (so the same
 * document always gives the same text); stored beside the signature, so the signature can be
 * verified with the public key whatever becomes of the row.
 */
export function canonicalContent(
  row: DocumentRow,
  signing: { signId: number; signedAt: Date; userId: number },
): string {
  return JSON.stringify({
    documentId: row.id,
    sortingCenterId: row.sortingCenterId,
    number: row.number,
    typeName: row.typeName,
    direction: row.direction,
    documentDate: row.documentDate.toISOString(),
    sumKopecks: row.sumKopecks,
    contragents: [...row.contragents]
      .sort((a, b) => a.contragentId - b.contragentId)
      .map((c) => ({ contragentId: c.contragentId, type: c.type, name: c.name })),
    signId: signing.signId,
    signerUserId: signing.userId,
    signedAt: signing.signedAt.toISOString(),
  });
}
