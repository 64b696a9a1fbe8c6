import { z } from 'zod';

import { INT4_MAX, ZId, zText } from '../input-rules.js';

// The schemas of the document flow calls (spec part 2 §3 "Document flow item", §4, §7 "Document
// flow"); the route map is `documents-flow.routes.ts`. Fields and envelope are camelCase, as
// part 2 §3 writes them (docs/DECISIONS.md "Document flow").

/** Spec part 2 §9: the flow list is paged by 40 (`pageSize`, ours). */
export const DOCUMENTS_FLOW_PAGE_SIZE = 40;
/** The largest page a client may ask for. */
export const DOCUMENTS_FLOW_MAX_PAGE_SIZE = 200;
/** The widest search range (ours): a year and a day, so one call never reads every year. */
export const DOCUMENTS_FLOW_MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** An instant with its offset (the web sends the local start and end of the days chosen). */
const ZInstant = z.iso.datetime({ offset: true }).nullish();

/**
 * `POST /documentsflow-api/Documents/search`: states (empty or absent: all), searchString
 * (number, type or a contragent's name), dateBegin and dateEnd (absent or null: the last 6
 * days); `page` and `pageSize` are ours (absent: every match of the range).
 */
export const ZDocumentsSearchRequest = z
  .object({
    states: z.array(z.number().int().min(0).max(INT4_MAX)).max(20).nullish(),
    searchString: zText({ max: 100 }).nullish(),
    dateBegin: ZInstant,
    dateEnd: ZInstant,
    page: z.number().int().min(1).max(100_000).nullish(),
    pageSize: z.number().int().min(1).max(DOCUMENTS_FLOW_MAX_PAGE_SIZE).nullish(),
  })
  .refine(
    (body) =>
      !body.dateBegin || !body.dateEnd || Date.parse(body.dateBegin) <= Date.parse(body.dateEnd),
    { message: 'dateBegin must not be after dateEnd', path: ['dateBegin'] },
  )
  .refine(
    (body) =>
      !body.dateBegin ||
      !body.dateEnd ||
      Date.parse(body.dateEnd) - Date.parse(body.dateBegin) <=
        DOCUMENTS_FLOW_MAX_RANGE_DAYS * DAY_MS,
    {
      message: `the range spans at most ${DOCUMENTS_FLOW_MAX_RANGE_DAYS} days`,
      path: ['dateEnd'],
    },
  );
export type TDocumentsSearchRequest = z.input<typeof ZDocumentsSearchRequest>;
export type TDocumentsSearch = z.output<typeof ZDocumentsSearchRequest>;

/** `…/documents/{documentId}/sign` and `…/validate`. */
export const ZDocumentParams = z.object({ documentId: ZId });
export type TDocumentParams = z.infer<typeof ZDocumentParams>;

/** Spec part 2 §3: a contragent of a document, our organisation (inner) or another (out). */
export const ZDocumentContragent = z.object({
  type: z.enum(['inner', 'out']),
  name: z.string(),
  contragentId: z.number().int(),
});
export type TDocumentContragent = z.infer<typeof ZDocumentContragent>;

/**
 * Spec part 2 §3 "Document flow item": documentId, number, typeName, direction, documentDate
 * (ISO 8601 UTC), contragents, sum (rubles, two decimals), state (1, 2, 3; another value reads
 * "status unknown"). isInWork, the colour and signId are derived (packages/domain).
 */
export const ZDocumentFlowItem = z.object({
  documentId: z.number().int(),
  number: z.string(),
  typeName: z.string(),
  direction: z.enum(['in', 'out']),
  documentDate: z.string(),
  contragents: z.array(ZDocumentContragent),
  sum: z.number(),
  state: z.number().int(),
});
export type TDocumentFlowItem = z.infer<typeof ZDocumentFlowItem>;

/** Ours: the signature a sign made (docs/DECISIONS.md "Document flow"). */
export const ZDocumentSignature = z.object({
  /** The inner contragent signed for (spec part 2 §3 signId). */
  signId: z.number().int(),
  algorithm: z.literal('Ed25519'),
  /** The signature of the document's canonical content, base64. */
  value: z.string(),
  /** The signing key's id: the sha256 of its public key (SPKI DER), hex. */
  keyId: z.string(),
  signedAt: z.string(),
});
export type TDocumentSignature = z.infer<typeof ZDocumentSignature>;

/** Ours: what a sign answers, the document in its new state and the signature. */
export const ZDocumentSigned = z.object({
  document: ZDocumentFlowItem,
  signature: ZDocumentSignature,
});
export type TDocumentSigned = z.infer<typeof ZDocumentSigned>;

/** The document flow calls' schemas, bound to `DOCUMENTS_FLOW_ROUTES` by name. */
export const DOCUMENTS_FLOW_SCHEMAS = {
  search: {
    summary:
      'Documents of the user’s sorting centre by states, text and date range (documentId descending)',
    body: ZDocumentsSearchRequest,
    response: z.array(ZDocumentFlowItem),
  },
  sign: {
    summary: 'Signs an incoming document in state 1 for its inner contragent (→ state 2)',
    params: ZDocumentParams,
    response: ZDocumentSigned,
  },
  validate: {
    summary: 'Confirms receipt of the signature of a document in state 2 (→ state 3)',
    params: ZDocumentParams,
    response: ZDocumentFlowItem,
  },
};
