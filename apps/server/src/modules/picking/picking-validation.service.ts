import {
  PICKING_VALIDATION_KINDS,
  type TLostResult,
  type TPickingBalance,
  type TValidationData,
  type ZEndRequest,
  type ZLostRequest,
} from '@sorting/contracts';
import {
  attorneyProblems,
  checkBalance,
  PINCODE_LOCK_MINUTES,
  PINCODE_MAX_FAILURES,
} from '@sorting/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { operationsOver, type OperationOutcome } from '../../db/operations.js';
import type { CallContext, RepositoryFactory } from '../../lib/call-context.js';
import { verifyPassword } from '../../lib/credentials.js';
import { refusal } from '../../lib/refusal.js';
import { clientOrRefuse, openPickingOrRefuse, refuseOtherUserId } from './picking-access.js';
import { itemRemovalEvent, itemRemovalOf } from './picking-item-removal.js';
import { rublesOf } from './picking.presenter.js';
import type {
  PickingClientRow,
  PickingItemRow,
  PickingRepository,
  PickingRow,
  PickingWarehouseRow,
} from './picking.repository.js';
import type { PickingValidationRepository } from './picking-validation.repository.js';
import { paymentRulesOver } from './picking-payment-rules.js';

// Picking validation and floor rules (spec part 1 §3 "Picking client", §4 "Picking",
// §5, §6, §7 `balance`, `lost`, `end`; part 2 §3; docs/DECISIONS.md "Picking validation"):
// the balance check, lost items, the recipient's proof at end (pincode with a lockout counted
// in the database, power of attorney), gate cells and one picking per device. The core
// service (picking.service.ts) calls the rules of one transaction through `over(tx)`.

type LostInput = z.output<typeof ZLostRequest>;
type EndInput = z.output<typeof ZEndRequest>;

/** Who calls, with the device cookie (picking.service.ts `PickingCaller`). */
interface Caller extends CallContext {
  deviceId: string | null;
}

const MINUTE_MS = 60_000;
/** The latest time zone (UTC+14): its calendar day is the latest "today" anywhere. */
const LATEST_ZONE_MS = 14 * 60 * MINUTE_MS;

/** The calendar day no device anywhere has passed yet (yyyy-mm-dd): "not in the future". */
function latestToday(now: Date): string {
  return new Date(now.getTime() + LATEST_ZONE_MS).toISOString().slice(0, 10);
}

function expectedKind(validationType: number) {
  return PICKING_VALIDATION_KINDS[validationType] ?? 'none';
}

export function createPickingValidationService(options: {
  db: Db;
  repository: RepositoryFactory<Db, PickingRepository>;
  validation: RepositoryFactory<Db, PickingValidationRepository>;
  now: () => Date;
}) {
  const { db, now, repository: repositoryOf, validation: validationOf } = options;
  const changes = operationsOver(db, (tx) => ({
    core: repositoryOf(tx),
    rules: validationOf(tx),
    payments: paymentRulesOver(tx),
  }));

  /**
   * The pincode judged in a transaction of its own, so a wrong one is counted even though the
   * end is refused: locked → 429 with the wait; wrong → 1 with the attempts left, the fifth
   * locking the picking for 15 minutes; right → the count starts again.
   */
  async function checkPincode(pickingId: number, clientId: number, pincode: string) {
    const verdict = await db.transaction(async (tx) => {
      const rules = validationOf(tx);
      const state = await rules.lockValidation(pickingId);
      const at = now();
      if (state.lockedUntil !== null && state.lockedUntil.getTime() > at.getTime()) {
        return { kind: 'locked' as const, waitMs: state.lockedUntil.getTime() - at.getTime() };
      }
      const hash = await rules.findPincodeHash(clientId);
      if (hash !== null && (await verifyPassword(pincode, hash))) {
        if (state.pincodeFailures !== 0 || state.lockedUntil !== null) {
          await rules.setPincodeFailures(pickingId, 0, null);
        }
        return { kind: 'right' as const };
      }
      const failures = state.pincodeFailures + 1;
      if (failures >= PINCODE_MAX_FAILURES) {
        const waitMs = PINCODE_LOCK_MINUTES * MINUTE_MS;
        await rules.setPincodeFailures(pickingId, 0, new Date(at.getTime() + waitMs));
        return { kind: 'locked' as const, waitMs };
      }
      await rules.setPincodeFailures(pickingId, failures, null);
      return { kind: 'wrong' as const, attempts: PINCODE_MAX_FAILURES - failures };
    });
    if (verdict.kind === 'locked') {
      const minutes = Math.max(1, Math.ceil(verdict.waitMs / MINUTE_MS));
      throw refusal('pincodeLocked', 'pickingPincodeLocked', {
        wait: { waitSeconds: minutes * 60 },
      });
    }
    if (verdict.kind === 'wrong') {
      throw refusal('refused', 'pickingPincodeWrong', { attempts: verdict.attempts });
    }
  }

  function checkAttorney(data: Extract<TValidationData, { Kind: 'attorney' }>): void {
    const problems = attorneyProblems(
      { number: data.AttorneyNumber, date: data.AttorneyDate, holderName: data.HolderName },
      latestToday(now()),
    );
    // Lengths are the schema's (400 before here); the date's range needs the clock.
    const date = problems.date;
    if (date === 'future') {
      throw refusal('badRequest', 'pickingAttorneyDateFuture', { date: data.AttorneyDate });
    }
    if (date === 'tooOld') {
      throw refusal('badRequest', 'pickingAttorneyDateOld', { date: data.AttorneyDate });
    }
    if (date !== undefined) {
      throw refusal('badRequest', 'pickingAttorneyDateBad', { date: data.AttorneyDate });
    }
  }

  /** The rules of one transaction of the core service (begin, pickup, end). */
  function over(tx: Db) {
    const rules = validationOf(tx);
    return {
      /**
       * Before a new picking: one open picking per device where the warehouse says so (part 1
       * §6), and the balance check (part 1 §5): balance − cash on delivery < 0 refuses.
       */
      async beforeBegin(
        warehouse: PickingWarehouseRow,
        client: PickingClientRow,
        caller: Caller,
      ): Promise<void> {
        if (caller.deviceId !== null && warehouse.isSinglePickingPerDevice) {
          await rules.lockDevice(caller.deviceId);
          const open = await rules.findOpenOnDevice(warehouse.id, caller.deviceId, client.id);
          if (open) {
            throw refusal('refused', 'pickingDeviceBusy', {
              client: `${open.clientName} (${open.clientCode})`,
            });
          }
        }
        const balance = checkBalance({
          isNeedBalanceCheck: client.isNeedBalanceCheck,
          balanceKopecks: client.balanceKopecks,
          cashOnDeliveryKopecks: client.cashOnDeliveryKopecks,
        });
        if (balance.applies && !balance.passes) {
          throw refusal('refused', 'pickingBalanceShort', {
            code: client.code,
            shortfall: rublesOf(balance.shortfallKopecks).toFixed(2),
          });
        }
      },

      /**
       * The cell a pickup puts the parcel into: in gate mode one of the client's gate cells
       * (any other → 304 naming them), else the cell it lies in (any other → 304 naming it).
       */
      async pickupCell(
        picking: PickingRow,
        item: PickingItemRow,
        cellBarcode: string,
      ): Promise<{ gateCell: string | null }> {
        if (picking.pickingMode === 'with_cell') {
          if (!picking.allowedGateCells.includes(cellBarcode)) {
            throw refusal('repeatedFailure', 'pickingGateCellOnly', {
              cells: picking.allowedGateCells.join(', '),
              scanned: cellBarcode,
            });
          }
          return {
            gateCell: (await rules.findCellName(picking.warehouseId, cellBarcode)) ?? cellBarcode,
          };
        }
        if (item.cellBarcode !== cellBarcode) {
          throw refusal('repeatedFailure', 'pickingWrongCell', {
            barcode: item.barcode,
            cell: item.cellName ?? item.cellBarcode ?? '',
            cellBarcode: item.cellBarcode ?? '',
            scanned: cellBarcode,
          });
        }
        return { gateCell: null };
      },

      /** Stores the proof an end was made with; answers what its event records. */
      async recordProof(
        pickingId: number,
        data: TValidationData | undefined,
        at: Date,
      ): Promise<Record<string, string>> {
        const proof = data ?? { Kind: 'none' as const };
        await rules.storeProof(pickingId, proof, at);
        if (proof.Kind !== 'attorney') return { validation: proof.Kind };
        return {
          validation: proof.Kind,
          attorneyNumber: proof.AttorneyNumber,
          attorneyDate: proof.AttorneyDate,
          holderName: proof.HolderName,
        };
      },
    };
  }

  return {
    over,

    /**
     * Before an end: ValidationData must be the client's kind (else 400); a power of
     * attorney's date in range (else 400); a pincode right and the picking not locked. A
     * picking that is unknown, closed or someone else's is left to the end's own refusals (a
     * replay of a done end answers its stored answer).
     */
    async beforeEnd(body: EndInput, caller: Caller): Promise<void> {
      const picking = await validationOf(db).findPicking(body.PickingId);
      if (
        !picking ||
        picking.state !== 'OPEN' ||
        picking.userId !== caller.user.id ||
        picking.warehouseNumber !== caller.user.defaultWarehouseNumber
      ) {
        return;
      }
      const expected = expectedKind(picking.validationType);
      const data = body.ValidationData ?? (expected === 'none' ? { Kind: 'none' } : undefined);
      if (!data || data.Kind !== expected) {
        throw refusal('badRequest', 'pickingValidationKind', {
          expected,
          kind: data?.Kind ?? '—',
        });
      }
      if (data.Kind === 'attorney') checkAttorney(data);
      if (data.Kind === 'pincode') await checkPincode(picking.id, picking.clientId, data.Pincode);
    },

    /** `balance`: the client's balance and the balance rule's outcome; unknown → 104. */
    async balance(code: string, caller: CallContext): Promise<TPickingBalance> {
      const { client } = await clientOrRefuse(repositoryOf(db), code, caller);
      const check = checkBalance({
        isNeedBalanceCheck: client.isNeedBalanceCheck,
        balanceKopecks: client.balanceKopecks,
        cashOnDeliveryKopecks: client.cashOnDeliveryKopecks,
      });
      return {
        clientCode: client.code,
        balance: client.balanceKopecks === null ? null : rublesOf(client.balanceKopecks),
        balanceDebet:
          client.balanceDebetKopecks === null ? null : rublesOf(client.balanceDebetKopecks),
        isNeedBalanceCheck: client.isNeedBalanceCheck,
        cashOnDelivery: rublesOf(client.cashOnDeliveryKopecks),
        shortfall: !check.applies ? null : check.passes ? 0 : rublesOf(check.shortfallKopecks),
      };
    },

    /**
     * `lost`: a WAITING item of the caller's open picking becomes LOST with its description;
     * its parcel is flagged lost, an event `parcel.lost` written. Unknown item → 104, another
     * parcel's barcode → 404, not WAITING → 1.
     */
    async lost(body: LostInput, caller: Caller): Promise<OperationOutcome<TLostResult>> {
      refuseOtherUserId(body.UserId, caller);
      return changes.run(caller, async ({ core, rules, payments }) => {
        const seen = await rules.findItem(body.PickingItemId, false);
        if (!seen)
          throw refusal('objectNotFound', 'pickingLostItemNotFound', { id: body.PickingItemId });
        // The picking first, share-locked as a pickup does, then the item.
        const picking = await openPickingOrRefuse(core, seen.pickingId, 'share', caller);
        const item = await rules.findItem(seen.itemId, true);
        if (!item)
          throw refusal('objectNotFound', 'pickingLostItemNotFound', { id: body.PickingItemId });
        if (item.barcode !== body.Barcode) {
          throw refusal('parcelNotFound', 'pickingLostWrongBarcode', {
            barcode: body.Barcode,
            expected: item.barcode,
          });
        }
        if (item.state !== 'WAITING') {
          throw refusal('refused', 'pickingLostNotWaiting', { barcode: item.barcode });
        }
        // The picked list is frozen while a payment is live.
        await payments.refuseWhileLive(picking.id);
        const removal = itemRemovalOf(picking, item, caller.user.id, now(), body.Timestamp);
        await rules.markLost({ ...removal, description: body.Description });
        const details = { comment: body.Description };
        await core.events.record(
          ...itemRemovalEvent(picking, item, removal, 'parcel.lost', details, body.Timestamp),
        );
        const progress = await core.progress(picking.id);
        return {
          itemId: item.itemId,
          barcode: item.barcode,
          state: 'LOST' as const,
          description: body.Description,
          pickedCount: progress.picked,
          totalCount: progress.total,
        };
      });
    },
  };
}

export type PickingValidationService = ReturnType<typeof createPickingValidationService>;
/** The rules of one transaction, as the core service calls them. */
export type PickingRules = ReturnType<PickingValidationService['over']>;
