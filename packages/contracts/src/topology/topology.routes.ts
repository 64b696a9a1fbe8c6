import { defineRoute } from '../routing/route.js';
import type { TOPOLOGY_SCHEMAS } from './topology.schemas.js';

type Schemas = typeof TOPOLOGY_SCHEMAS;

/** Reads: any signed-in user of the `{warehouseCode}` warehouse (the route hook checks it). */
const SIGNED_IN = { kind: 'session' } as const;
/** Writes: supervisors and administrators (docs/DECISIONS.md "Topology"). */
const MANAGERS = { kind: 'session', roles: ['supervisor', 'administrator'] } as const;
const WAREHOUSE = { from: 'path', param: 'warehouseCode' } as const;

const BASE = '/topology-api/v1/{warehouseCode}';

/**
 * `/topology-api/v1/{warehouseCode}/…` (ours: part 1 §1 names topology among the operations,
 * §7 its base path comes from configuration; docs/DECISIONS.md "Topology"). camelCase
 * envelope; every write is an operation (`X-Operation-Id`).
 */
export const TOPOLOGY_ROUTES = {
  zones: defineRoute<Schemas['zones']>()({
    service: 'topology',
    method: 'GET',
    path: `${BASE}/zones`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: WAREHOUSE,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
  cells: defineRoute<Schemas['cells']>()({
    service: 'topology',
    method: 'GET',
    path: `${BASE}/zones/{zoneNumber}/cells`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: WAREHOUSE,
    isOperation: false,
    errors: ['objectNotFound', 'zoneNotFound'],
  }),
  createZone: defineRoute<Schemas['createZone']>()({
    service: 'topology',
    method: 'POST',
    path: `${BASE}/zones`,
    answer: 'camel',
    access: MANAGERS,
    warehouse: WAREHOUSE,
    isOperation: true,
    errors: ['objectNotFound', 'refused'],
  }),
  createCells: defineRoute<Schemas['createCells']>()({
    service: 'topology',
    method: 'POST',
    path: `${BASE}/zones/{zoneNumber}/cells`,
    answer: 'camel',
    access: MANAGERS,
    warehouse: WAREHOUSE,
    isOperation: true,
    errors: ['objectNotFound', 'zoneNotFound'],
  }),
  boxes: defineRoute<Schemas['boxes']>()({
    service: 'topology',
    method: 'GET',
    path: `${BASE}/boxes`,
    answer: 'camel',
    access: SIGNED_IN,
    warehouse: WAREHOUSE,
    isOperation: false,
    errors: ['objectNotFound'],
  }),
} as const;
