// Cash payment of a picking (spec part 2 §4 checkPayment; docs/DECISIONS.md "Picking
// payment"): the change the worker hands back. Pure, in kopecks, so no float rounding decides
// whether the money received is enough.

export type ChangeDue =
  /** Enough money: the change to hand back (0 when exact). */
  | { enough: true; changeKopecks: number }
  /** Too little («недостаточно»): what is still missing. */
  | { enough: false; shortKopecks: number };

function kopecksOrThrow(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of kopecks: ${value}`);
  }
  return value;
}

/** The change for `receivedKopecks` handed over against `dueKopecks`. */
export function changeDue(dueKopecks: number, receivedKopecks: number): ChangeDue {
  const due = kopecksOrThrow(dueKopecks, 'due');
  const received = kopecksOrThrow(receivedKopecks, 'received');
  return received >= due
    ? { enough: true, changeKopecks: received - due }
    : { enough: false, shortKopecks: due - received };
}
