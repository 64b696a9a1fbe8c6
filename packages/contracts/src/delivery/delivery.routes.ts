import { defineRoute } from '../routing/route.js';
import type { DELIVERY_SCHEMAS, PICKING_DELIVERY_SCHEMAS } from './delivery.schemas.js';

type Schemas = typeof DELIVERY_SCHEMAS;

/** Spec part 2 §6: no role checks; a signed-in user of the picking's warehouse (the service). */
const SIGNED_IN = { kind: 'session' } as const;

/** Spec part 2 §7 "Delivery" and the tariff of "Picking": `/delivery-api`, camelCase. */
export const DELIVERY_ROUTES = {
  tariff: defineRoute<Schemas['tariff']>()({
    service: 'delivery',
    method: 'GET',
    path: '/delivery-api/delivery/tariff',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: [],
  }),
  create: defineRoute<Schemas['create']>()({
    service: 'delivery',
    method: 'POST',
    path: '/delivery-api/delivery',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  items: defineRoute<Schemas['items']>()({
    service: 'delivery',
    method: 'GET',
    path: '/delivery-api/delivery/{deliveryId}/items',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  measure: defineRoute<Schemas['measure']>()({
    service: 'delivery',
    method: 'POST',
    path: '/delivery-api/delivery/{deliveryId}/items/{deliveryItemId}/measure',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused', 'invalidMeasure'],
  }),
} as const;

/** Spec part 2 §7 "Picking" `picking/delivery`: finish or skip the picking's delivery. */
export const PICKING_DELIVERY_ROUTES = {
  delivery: defineRoute<(typeof PICKING_DELIVERY_SCHEMAS)['delivery']>()({
    service: 'picking',
    method: 'POST',
    path: '/picking-api/picking/delivery',
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: { from: 'none' },
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
} as const;
