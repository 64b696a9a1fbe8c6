// Recipient picking's balance rule (spec part 1 §5: "Balance check applies when the server flag
// says so and balance minus cash on delivery is negative"; docs/DECISIONS.md "Picking
// validation"). Pure: kopecks in, kopecks out, so no float rounding decides a refusal.

export interface BalanceCheckInput {
  /** `isNeedBalanceCheck` of the client (part 1 §3). */
  isNeedBalanceCheck: boolean;
  /** The client's balance in kopecks; null when the client has none (treated as 0). */
  balanceKopecks: number | null;
  /** The cash on delivery of the parcels to hand out, in kopecks. */
  cashOnDeliveryKopecks: number;
}

export type BalanceCheck =
  | { applies: false }
  | { applies: true; passes: true }
  | { applies: true; passes: false; shortfallKopecks: number };

/**
 * The balance rule: it applies when the client needs a balance check; it fails when balance −
 * cash on delivery < 0, the shortfall being that difference's magnitude.
 */
export function checkBalance(input: BalanceCheckInput): BalanceCheck {
  if (!input.isNeedBalanceCheck) return { applies: false };
  const rest = (input.balanceKopecks ?? 0) - input.cashOnDeliveryKopecks;
  if (rest >= 0) return { applies: true, passes: true };
  return { applies: true, passes: false, shortfallKopecks: -rest };
}
