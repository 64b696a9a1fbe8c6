import { defineRoute } from '../routing/route.js';
import type { PICKING_SCHEMAS } from './picking.schemas.js';

type Schemas = typeof PICKING_SCHEMAS;

/**
 * Spec part 1 §6: no role checks; a signed-in user, whose default warehouse is the one picked
 * in (docs/DECISIONS.md "Recipient picking"); the service refuses another warehouse's client.
 */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 1 §7 "Recipient picking", part 2 §7 "Picking": `/picking-api/picking/…`. The
 * clients, items and changes answer camelCase (part 1 §3), `info` PascalCase (part 2 §3).
 */
export const PICKING_ROUTES = {
  clients: defineRoute<Schemas['clients']>()({
    service: 'picking',
    method: 'GET',
    path: '/picking-api/picking/clients',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  info: defineRoute<Schemas['info']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/info',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  begin: defineRoute<Schemas['begin']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/begin',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  search: defineRoute<Schemas['search']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/search',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  pickup: defineRoute<Schemas['pickup']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/pickup',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound', 'repeatedFailure', 'refused'],
  }),
  end: defineRoute<Schemas['end']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/end',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused', 'paymentRequired', 'pincodeLocked'],
  }),
  balance: defineRoute<Schemas['balance']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/balance',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  lost: defineRoute<Schemas['lost']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/lost',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'parcelNotFound', 'refused'],
  }),
  cancel: defineRoute<Schemas['cancel']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/cancel',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
