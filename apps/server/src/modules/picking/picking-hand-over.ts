// The port between the picking module, which calls it at `end`, and the delivery module, which
// implements it (docs/DECISIONS.md "Delivery to a recipient"); app.ts wires the two.

/**
 * The picking's delivery at `end`, run in the end's transaction: none → null (a plain pick-up);
 * unfinished → refused; finished → handed over with the handed parcels.
 */
export type PickingHandOver = (input: {
  pickingId: number;
  warehouseId: number;
  clientCode: string;
  userId: number;
  at: Date;
  parcels: string[];
}) => Promise<{ deliveryId: number } | null>;
