import { defineRoute } from '../routing/route.js';
import type { DOCUMENTS_SCHEMAS } from './documents.schemas.js';

type Schemas = typeof DOCUMENTS_SCHEMAS;

/**
 * Spec part 2 §6: no role checks; a signed-in user, and the service keeps to the user's
 * default warehouse (docs/DECISIONS.md "Inbound supplies and outbound shipments").
 */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 2 §7 "Inbound and outbound documents" on `/sortingsystem-api` (PascalCase
 * envelope, camelCase operation objects). Fastify is case-sensitive: `Documents/inbound/states/
 * count` has a capital D as the spec spells it, the others do not.
 */
export const DOCUMENTS_ROUTES = {
  inboundStatesCount: defineRoute<Schemas['inboundStatesCount']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/Documents/inbound/states/count',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  inboundHeads: defineRoute<Schemas['inboundHeads']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/inbound/heads',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  inboundDetails: defineRoute<Schemas['inboundDetails']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/inbound/details',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  outboundHeads: defineRoute<Schemas['outboundHeads']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/outbound/heads',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  outboundDetails: defineRoute<Schemas['outboundDetails']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/outbound/details',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  closeInbound: defineRoute<Schemas['closeInbound']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/inbound/close',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  receiptPlaceId: defineRoute<Schemas['receiptPlaceId']>()({
    service: 'sortingSystem',
    method: 'GET',
    path: '/sortingsystem-api/documents/inbound/receiptplaceid',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    /** Spec part 2 §4: "an error code of 0 means OK". */
    successErrorCode: 0,
    errors: ['objectNotFound'],
  }),
  outboundSyncState: defineRoute<Schemas['outboundSyncState']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/outbound/syncstate',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound'],
  }),
  inboundDetailLabel: defineRoute<Schemas['inboundDetailLabel']>()({
    service: 'sortingSystem',
    method: 'POST',
    path: '/sortingsystem-api/documents/inbound/details/{inboundDetailId}/barcode/json',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  inboundDetailStickered: defineRoute<Schemas['inboundDetailStickered']>()({
    service: 'sortingSystem',
    method: 'PUT',
    path: '/sortingsystem-api/documents/inbound/details/{inboundDetailId}/stickered',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  receiptPlace: defineRoute<Schemas['receiptPlace']>()({
    service: 'sortingSystem',
    method: 'GET',
    path: '/sortingsystem-api/documents/inbound/receiptplace/{id}',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
} as const;
