import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import {
  contragents,
  documentContragents,
  documents,
  signatures,
} from '../../db/schema-documents-flow.js';
import { createEventRecorder } from '../../db/events.js';

/** A document row as the service sees it, its contragents included. */
export interface DocumentRow {
  id: number;
  sortingCenterId: number;
  number: string;
  typeName: string;
  direction: 'in' | 'out';
  documentDate: Date;
  sumKopecks: number;
  state: number;
  contragents: DocumentContragentRow[];
}

export interface DocumentContragentRow {
  contragentId: number;
  name: string;
  type: 'inner' | 'out';
}

/** What a search asks for: one centre, the states (null: all), a text, a range, a page. */
export interface DocumentSearch {
  sortingCenterId: number;
  states: readonly number[] | null;
  text: string | null;
  begin: Date;
  end: Date;
  /** null: every match. */
  page: { offset: number; limit: number } | null;
}

const documentColumns = {
  id: documents.id,
  sortingCenterId: documents.sortingCenterId,
  number: documents.number,
  typeName: documents.typeName,
  direction: documents.direction,
  documentDate: documents.documentDate,
  sumKopecks: documents.sumKopecks,
  state: documents.state,
};

type DocumentHead = Omit<DocumentRow, 'contragents'>;

/** SQL of the document flow (spec part 2 §7 "Document flow"): documents, contragents, signatures. */
export function createDocumentsFlowRepository(db: Db) {
  /** The contragents of documents, by document id, in contragent id order. */
  async function contragentsOf(ids: number[]): Promise<Map<number, DocumentContragentRow[]>> {
    const byDocument = new Map<number, DocumentContragentRow[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byDocument;
    const rows = await db
      .select({
        documentId: documentContragents.documentId,
        contragentId: contragents.id,
        name: contragents.name,
        type: documentContragents.type,
      })
      .from(documentContragents)
      .innerJoin(contragents, eq(contragents.id, documentContragents.contragentId))
      .where(inArray(documentContragents.documentId, ids))
      .orderBy(asc(documentContragents.documentId), asc(contragents.id));
    for (const { documentId, ...row } of rows) byDocument.get(documentId)?.push(row);
    return byDocument;
  }

  async function withContragents(heads: DocumentHead[]): Promise<DocumentRow[]> {
    const byDocument = await contragentsOf(heads.map((head) => head.id));
    return heads.map((head) => ({ ...head, contragents: byDocument.get(head.id) ?? [] }));
  }

  function searchCondition(search: DocumentSearch): SQL {
    const conditions: (SQL | undefined)[] = [
      eq(documents.sortingCenterId, search.sortingCenterId),
      gte(documents.documentDate, search.begin),
      lte(documents.documentDate, search.end),
    ];
    if (search.states !== null) conditions.push(inArray(documents.state, [...search.states]));
    if (search.text !== null) {
      const pattern = likePattern(search.text);
      conditions.push(
        or(
          ilike(documents.number, pattern),
          ilike(documents.typeName, pattern),
          exists(
            db
              .select({ one: sql`1` })
              .from(documentContragents)
              .innerJoin(contragents, eq(contragents.id, documentContragents.contragentId))
              .where(
                and(
                  eq(documentContragents.documentId, documents.id),
                  ilike(contragents.name, pattern),
                ),
              ),
          ),
        ),
      );
    }
    return and(...conditions) as SQL;
  }

  return {
    /** Spec part 2 §5: the matching documents of a centre, documentId descending. */
    async search(search: DocumentSearch): Promise<DocumentRow[]> {
      const query = db
        .select(documentColumns)
        .from(documents)
        .where(searchCondition(search))
        .orderBy(desc(documents.id));
      const heads =
        search.page === null
          ? await query
          : await query.limit(search.page.limit).offset(search.page.offset);
      return withContragents(heads);
    },

    /**
     * A document of a centre, locked until the transaction ends: a second sign or validate of
     * it waits here and then sees the state the first one left.
     */
    async lockDocument(id: number, sortingCenterId: number): Promise<DocumentRow | null> {
      const rows = await db
        .select(documentColumns)
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.sortingCenterId, sortingCenterId)))
        .for('update');
      const [document] = await withContragents(rows);
      return document ?? null;
    },

    async setState(
      id: number,
      state: number,
      validated: { at: Date; userId: number } | null,
    ): Promise<void> {
      await db
        .update(documents)
        .set({
          state,
          ...(validated ? { validatedAt: validated.at, validatedBy: validated.userId } : {}),
        })
        .where(eq(documents.id, id));
    },

    async insertSignature(row: typeof signatures.$inferInsert): Promise<void> {
      await db.insert(signatures).values(row);
    },

    /** The signature stored for a document (tests and audits read it back). */
    async findSignature(documentId: number) {
      const rows = await db
        .select()
        .from(signatures)
        .where(eq(signatures.documentId, documentId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The history (db/events.ts): `events.record(origin, kind, payload, units)`. */
    events: createEventRecorder(db),
  };
}

export type DocumentsFlowRepository = ReturnType<typeof createDocumentsFlowRepository>;
