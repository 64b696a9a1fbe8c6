import { defineRoute } from '../routing/route.js';
import type { PICKING_PAYMENT_SCHEMAS } from './picking-payment.schemas.js';

type Schemas = typeof PICKING_PAYMENT_SCHEMAS;

/** As the other picking calls (part 1 §6): a signed-in user; the service checks the rows. */
const SIGNED_IN = { kind: 'session' } as const;

/**
 * Spec part 2 §7 "Picking": payment (`{pickingId}/pay` POST, GET, PUT; PascalCase as part 2
 * §3) and item return (`return/reasons`, `return`; camelCase as the picking items).
 * Joined with PICKING_ROUTES in the `picking` service's map (maps/route-maps.ts).
 */
export const PICKING_PAYMENT_ROUTES = {
  pay: defineRoute<Schemas['pay']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/{pickingId}/pay',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused', 'pincodeLocked'],
  }),
  payState: defineRoute<Schemas['payState']>()({
    service: 'picking',
    method: 'GET',
    path: '/picking-api/picking/{pickingId}/pay',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  setPayState: defineRoute<Schemas['setPayState']>()({
    service: 'picking',
    method: 'PUT',
    path: '/picking-api/picking/{pickingId}/pay',
    answer: 'pascal',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  returnReasons: defineRoute<Schemas['returnReasons']>()({
    service: 'picking',
    method: 'GET',
    path: '/picking-api/picking/return/reasons',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'user' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  returnItem: defineRoute<Schemas['returnItem']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/return',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
