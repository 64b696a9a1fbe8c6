import type { CallContext } from '../../lib/call-context.js';
import { refusal } from '../../lib/refusal.js';

// Who may change a picking (spec part 1 §4 "Picking"; docs/DECISIONS.md "Recipient picking"):
// the picking module and the delivery module (through picking's face) refuse alike.

/** The caller's default warehouse number, where pickings are begun; none → 104. */
export function pickingWarehouseNumberOf(context: CallContext): number {
  const number = context.user.defaultWarehouseNumber;
  if (number === null) throw refusal('objectNotFound', 'pickingWarehouseUnknown');
  return number;
}

/** What the holder check reads of a picking row. */
export interface HeldPicking {
  state: string;
  userId: number;
  clientCode: string;
  userName: string;
}

/**
 * The picking (locked by the caller's repository in its warehouse) when it is OPEN and the
 * caller's: not found → 104; closed or someone else's → ErrorCode 1 naming who holds it.
 */
export function openPickingOfCaller<P extends HeldPicking>(
  picking: P | null,
  id: number,
  context: CallContext,
): P {
  if (!picking) throw refusal('objectNotFound', 'pickingNotFound', { id });
  if (picking.state !== 'OPEN') throw refusal('refused', 'pickingClosed', { id });
  if (picking.userId !== context.user.id) {
    throw refusal('refused', 'pickingHeldBy', {
      client: picking.clientCode,
      user: picking.userName,
    });
  }
  return picking;
}
