import { z } from 'zod';

import { blankToUndefined, INT4_MAX, ZId, zText } from '../input-rules.js';

// The schemas of the integration API (docs/DECISIONS.md "Integration"; docs/INTEGRATION.md):
// API keys managed by a sorting centre's administrators, parcels fed in by batches and the
// floor's events read out by cursor. The route map is `integration.routes.ts`.

/** What a key may do: read the event feed, write master data, write operational data. */
export const API_KEY_SCOPES = ['read', 'write:master', 'write:operations'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** At most this many objects in one batch (one transaction). */
export const INTEGRATION_BATCH_MAX = 1000;
/** The event feed's page: default and largest. */
export const INTEGRATION_EVENTS_PAGE = 100;
export const INTEGRATION_EVENTS_MAX_PAGE = 1000;
/** Calls per key per clock minute (docs/DECISIONS.md "Integration", rate limit). */
export const INTEGRATION_CALLS_PER_MINUTE = 120;
/** The header naming a batch: the same key with the same body answers the stored answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Letters, digits and `-_.:`, 1..100: a UUID or the caller's own batch name. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

/** `POST /users-api/v1/{code}/ApiKeys`: a named key of the centre, optionally of one warehouse. */
export const ZApiKeyCreateRequest = z
  .object({
    name: zText({ min: 1, max: 100 }),
    scopes: z
      .array(ZApiKeyScope)
      .min(1)
      .max(API_KEY_SCOPES.length)
      .refine((scopes) => new Set(scopes).size === scopes.length, 'scopes must not repeat'),
    /** The warehouse's number (as the floor knows it); absent: every warehouse of the centre. */
    warehouseNumber: z.preprocess(blankToUndefined, ZId.optional()),
  })
  .meta({ examples: [{ name: 'ERP orders', scopes: ['read', 'write:operations'] }] });
export type TApiKeyCreateRequest = z.infer<typeof ZApiKeyCreateRequest>;

export const ZApiKeyParams = z.object({ code: ZId, apiKeyId: ZId });
export type TApiKeyParams = z.infer<typeof ZApiKeyParams>;

/** A key as the list shows it: never its secret, only the first characters (`prefix`). */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  warehouseNumber: z.number().int().nullable(),
  createdByUserId: z.number().int().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The created key with its secret, shown ONCE (stored only as a sha256 hash). */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZApiKeyList = z.object({ items: z.array(ZApiKey) });
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

const zOptionalText = (max: number) => z.preprocess(blankToUndefined, zText({ max }).optional());

/**
 * A parcel as the caller's order system knows it, upserted by `externalId`. `sortingKey` and
 * `sortingName` are what the sorting screens sort it by (spec part 1 §5), `routeNumber` its
 * route; absent optional fields are cleared on update.
 */
export const ZIntegrationParcel = z.strictObject({
  externalId: zText({ min: 1, max: 100 }),
  /** The barcode the floor scans; unique over the whole system. */
  number: zText({ min: 1, max: 100 }),
  name: zText({ min: 1, max: 200 }),
  /** The warehouse it is sorted in (its number); absent: the key's own warehouse. */
  warehouseNumber: z.int().min(1).max(INT4_MAX).optional(),
  sortingKey: zText({ min: 1, max: 100 }),
  sortingName: zText({ min: 1, max: 200 }),
  routeNumber: zOptionalText(100),
  clientName: zOptionalText(200),
  makeName: zOptionalText(200),
  detailNumber: zOptionalText(100),
  detailName: zOptionalText(200),
  quantity: z.int().min(1).max(100_000).default(1),
  needsMeasure: z.boolean().default(false),
  needsWeight: z.boolean().default(false),
  needsSticker: z.boolean().default(false),
  attentionMessage: zOptionalText(500),
  /** Factory barcodes the goods carry besides `number` (the first is kept as receipt barcode). */
  factoryBarcodes: z
    .array(zText({ min: 1, max: 100 }))
    .max(20)
    .default([]),
});
export type TIntegrationParcel = z.infer<typeof ZIntegrationParcel>;

/** `POST /integration-api/v1/parcels/batch`: ≤ 1,000 parcels, externalIds and numbers unique. */
/** One parcel as docs/INTEGRATION.md feeds it. */
const PARCEL_EXAMPLE = {
  externalId: 'ORD-1001-1',
  number: 'EXT-1001',
  name: 'Фильтр масляный',
  warehouseNumber: 34717,
  sortingKey: 'SPB-01',
  sortingName: 'Санкт-Петербург',
  routeNumber: 'R-7',
  clientName: 'ООО Ромашка',
  makeName: 'Bosch',
  detailNumber: '0451103316',
  detailName: 'Фильтр',
  quantity: 1,
  needsMeasure: false,
  needsWeight: true,
  needsSticker: false,
  attentionMessage: 'Хрупкое',
  factoryBarcodes: ['4600000000017'],
};

export const ZParcelsBatchRequest = z
  .strictObject({
    parcels: z
      .array(ZIntegrationParcel)
      .min(1)
      .max(INTEGRATION_BATCH_MAX)
      .superRefine((parcels, context) => {
        for (const field of ['externalId', 'number'] as const) {
          const seen = new Set<string>();
          parcels.forEach((parcel, index) => {
            if (seen.has(parcel[field])) {
              context.addIssue({
                code: 'custom',
                path: [index, field],
                message: `${field} repeats an earlier object of this batch`,
              });
            }
            seen.add(parcel[field]);
          });
        }
      }),
  })
  .meta({ examples: [{ parcels: [PARCEL_EXAMPLE] }] });
export type TParcelsBatchRequest = z.infer<typeof ZParcelsBatchRequest>;

export const BATCH_OBJECT_STATUSES = ['created', 'updated', 'unchanged', 'refused'] as const;

/** Why an object of a batch was refused (the whole batch is then unapplied). */
export const BATCH_REFUSAL_CODES = [
  /** The floor already moved it (in a box, received): a change is never applied silently. */
  'parcelMovedOn',
  /** Its `number` belongs to another parcel. */
  'numberTaken',
  /** Its warehouse is not the key's (or not of its centre), or none was named. */
  'warehouseForbidden',
] as const;
export type TBatchRefusalCode = (typeof BATCH_REFUSAL_CODES)[number];

export const ZBatchObjectResult = z.object({
  index: z.number().int(),
  externalId: z.string(),
  status: z.enum(BATCH_OBJECT_STATUSES),
  /** The parcel's id on the floor (null when refused and not yet created). */
  id: z.number().int().nullable(),
  code: z.enum(BATCH_REFUSAL_CODES).nullable(),
  field: z.string().nullable(),
});
export type TBatchObjectResult = z.infer<typeof ZBatchObjectResult>;

/** The batch's answer: `applied` false when any object was refused (then nothing changed). */
export const ZBatchResult = z
  .object({
    applied: z.boolean(),
    results: z.array(ZBatchObjectResult),
  })
  .meta({
    examples: [
      {
        applied: true,
        results: [
          {
            index: 0,
            externalId: 'ORD-1001-1',
            status: 'created',
            id: 412,
            code: null,
            field: null,
          },
        ],
      },
      {
        applied: false,
        results: [
          {
            index: 0,
            externalId: 'ORD-1001-1',
            status: 'refused',
            id: 412,
            code: 'parcelMovedOn',
            field: 'sortingKey',
          },
        ],
      },
    ],
  });
export type TBatchResult = z.infer<typeof ZBatchResult>;

/**
 * `GET /integration-api/v1/events?after=&limit=`: `after` is the last `nextCursor` read (absent
 * or 0: from the beginning). A cursor is opaque to the caller (`<transaction>:<event id>`).
 */
export const ZIntegrationEventsQuery = z.object({
  after: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(0|\d{1,20}:\d{1,19})$/, 'a cursor is 0 or the nextCursor of a previous answer')
      .default('0'),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(INTEGRATION_EVENTS_MAX_PAGE)
      .default(INTEGRATION_EVENTS_PAGE),
  ),
});
export type TIntegrationEventsQuery = z.infer<typeof ZIntegrationEventsQuery>;

/** An event of the floor: ids and barcodes, never a person's or a place's name. */
export const ZIntegrationEvent = z.object({
  /** Unique: de-duplicate by it. */
  id: z.string(),
  /** The cursor just after this event. */
  cursor: z.string(),
  kind: z.string(),
  at: z.string(),
  warehouseId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  /** The barcodes of the units it concerns (parcel, box, cell). */
  units: z.array(z.string()),
  /** The event's data without names and free text (ids, numbers, states). */
  data: z.record(z.string(), z.unknown()),
});
export type TIntegrationEvent = z.infer<typeof ZIntegrationEvent>;

export const ZIntegrationEventsPage = z
  .object({
    events: z.array(ZIntegrationEvent),
    /** Send it as `after` next time; equal to `after` when nothing new was there. */
    nextCursor: z.string(),
  })
  .meta({
    examples: [
      {
        events: [
          {
            id: '5120',
            cursor: '88231:5120',
            kind: 'parcel.moved',
            at: '2026-03-02T08:15:00.000Z',
            warehouseId: 1,
            userId: 3,
            units: ['=34717-1-a-01', 'EXT-1001', '_34717-1'],
            data: { parcelId: 412, cellId: 17, boxNumber: 1 },
          },
        ],
        nextCursor: '88231:5120',
      },
    ],
  });
export type TIntegrationEventsPage = z.infer<typeof ZIntegrationEventsPage>;

export const INTEGRATION_ADMIN_SCHEMAS = {
  createKey: {
    summary: 'Create an API key of the sorting centre; its secret is answered once',
    params: z.object({ code: ZId }),
    body: ZApiKeyCreateRequest,
    response: ZCreatedApiKey,
  },
  listKeys: {
    summary: "The sorting centre's API keys: prefix, scopes, last use",
    params: z.object({ code: ZId }),
    response: ZApiKeyList,
  },
  revokeKey: {
    summary: 'Revoke an API key at once',
    params: ZApiKeyParams,
    response: ZApiKey,
  },
} as const;

export const INTEGRATION_SCHEMAS = {
  parcelsBatch: {
    summary:
      'Upsert ≤ 1,000 parcels by externalId in one transaction; headers Authorization: Bearer <key> (scope write:operations) and Idempotency-Key',
    body: ZParcelsBatchRequest,
    response: ZBatchResult,
  },
  events: {
    summary:
      'The events the floor made, in order, after a cursor; header Authorization: Bearer <key> (scope read)',
    query: ZIntegrationEventsQuery,
    response: ZIntegrationEventsPage,
  },
} as const;
