import type { CallContext } from '../../lib/call-context.js';
import { openPickingOfCaller, pickingWarehouseNumberOf } from './picking-holder.js';
import { refusal } from '../../lib/refusal.js';
import type {
  PickingClientRow,
  PickingRepository,
  PickingRow,
  PickingWarehouseRow,
} from './picking.repository.js';

// Which rows of recipient picking a caller may touch (docs/DECISIONS.md "Recipient picking":
// the caller's default warehouse; only the holder changes an open picking), shared by the
// core service and the validation service.

/**
 * The caller's default warehouse (as `containerAccounting/all`), which the route declares and
 * the route hook resolves (`call.warehouse`); none → 104.
 */
export function warehouseOf(context: CallContext): PickingWarehouseRow {
  if (!context.warehouse) throw refusal('objectNotFound', 'pickingWarehouseUnknown');
  return context.warehouse;
}

/** A client of the caller's warehouse by code; unknown → 104. */
export async function clientOrRefuse(
  repository: PickingRepository,
  code: string,
  context: CallContext,
): Promise<{ warehouse: PickingWarehouseRow; client: PickingClientRow }> {
  const warehouse = warehouseOf(context);
  const client = await repository.findClient(warehouse.id, code);
  if (!client) throw refusal('objectNotFound', 'pickingClientNotFound', { code });
  return { warehouse, client };
}

/**
 * An OPEN picking of the caller's warehouse, locked, that is the caller's: another
 * warehouse's is not found (104, its row not even locked); closed or someone else's →
 * ErrorCode 1.
 */
export async function openPickingOrRefuse(
  repository: PickingRepository,
  id: number,
  mode: 'update' | 'share',
  context: CallContext,
): Promise<PickingRow> {
  // The default warehouse is the caller's own by definition: no lookup of it first.
  const picking = await repository.lockPicking(id, pickingWarehouseNumberOf(context), mode);
  return openPickingOfCaller(picking, id, context);
}

/**
 * Part 1 §7, part 2 §7 `UserId` of pickup, lost, end and pay: the session's user acts; a body
 * naming another user is refused before anything is read or written (403).
 */
export function refuseOtherUserId(userId: number | undefined, context: CallContext): void {
  if (userId !== undefined && userId !== context.user.id) {
    throw refusal('forbidden', 'pickingUserIdNotCaller', { userId });
  }
}
