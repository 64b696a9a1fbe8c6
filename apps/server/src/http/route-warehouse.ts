import type { FastifyRequest } from 'fastify';
import { toInt4Id, type RouteWarehouse as RouteWarehouseSource } from '@sorting/contracts';
import type { Db } from '../db/database.js';
import { findRouteWarehouse, type RouteWarehouseLookup } from '../db/warehouse-key.js';
import { canUseWarehouse } from '../lib/authorise.js';
import type { RouteWarehouse, SessionUser } from '../lib/call-context.js';
import { refusal } from '../lib/refusal.js';

// The warehouse on the route (docs/DECISIONS.md "Contract and errors"): a route declares where
// its warehouse comes from; this resolves it once, after validation and the access check, and
// refuses a warehouse the caller may not use before the handler reads anything.

/** The lookup a declaration makes of this request; null when it names no warehouse. */
function lookupOf(
  source: RouteWarehouseSource,
  request: FastifyRequest,
  user: SessionUser,
): RouteWarehouseLookup | null {
  const own = (): RouteWarehouseLookup | null =>
    user.defaultWarehouseNumber === null
      ? null
      : { by: 'number', number: user.defaultWarehouseNumber };
  switch (source.from) {
    case 'none':
      return null;
    case 'user':
      return own();
    case 'path': {
      const key = (request.params as Record<string, unknown>)[source.param];
      return typeof key === 'string' || typeof key === 'number'
        ? { by: 'key', key: String(key) }
        : null;
    }
    case 'body':
    case 'query': {
      const values = (source.from === 'body' ? request.body : request.query) as
        Record<string, unknown> | undefined;
      const value = values?.[source.field];
      if (value === undefined) return source.absent === 'user' ? own() : null;
      // A value that can be no id or number (the contracts' int4 rule) finds nothing.
      const whole = toInt4Id(value);
      if (whole === null) return null;
      return source.by === 'id' ? { by: 'id', id: whole } : { by: 'number', number: whole };
    }
  }
}

/**
 * Warehouses are few and no call edits them: a looked-up one is kept this long per process
 * and database, so the hook adds no statement to the scan's hot path (docs/DECISIONS.md
 * "Contract and errors", the warehouse on the route). A moved warehouse is seen within it.
 */
const WAREHOUSE_CACHE_MS = 2_000;
const WAREHOUSE_CACHE_ENTRIES = 1_000;
const caches = new WeakMap<Db, Map<string, { row: RouteWarehouse; until: number }>>();

async function cachedWarehouse(
  db: Db,
  lookup: RouteWarehouseLookup,
): Promise<RouteWarehouse | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const key = JSON.stringify(lookup);
  const now = performance.now();
  const kept = cache.get(key);
  if (kept && kept.until > now) return kept.row;
  const row = await findRouteWarehouse(db, lookup);
  // Only a found one: a warehouse that does not exist yet may be added any moment.
  if (row === null) return null;
  if (cache.size >= WAREHOUSE_CACHE_ENTRIES) cache.clear();
  cache.set(key, { row, until: now + WAREHOUSE_CACHE_MS });
  return row;
}

/**
 * The route's warehouse for `call.warehouse`: null when it names none or none exists (the
 * service answers its own not-found); 403 when the user may not use it (part 1 §6; the spec's
 * `warehouseForbidden`, or `zoneForbidden` where the route's refusal speaks of a zone).
 */
export async function resolveRouteWarehouse(
  db: Db,
  source: RouteWarehouseSource,
  request: FastifyRequest,
  user: SessionUser,
): Promise<RouteWarehouse | null> {
  const lookup = lookupOf(source, request, user);
  if (lookup === null) return null;
  const warehouse = await cachedWarehouse(db, lookup);
  if (warehouse && !canUseWarehouse(user, warehouse)) {
    if ('refusal' in source && source.refusal === 'zoneForbidden') {
      throw refusal('forbidden', 'zoneForbidden');
    }
    throw refusal('forbidden', 'warehouseForbidden', { number: warehouse.number });
  }
  return warehouse;
}
