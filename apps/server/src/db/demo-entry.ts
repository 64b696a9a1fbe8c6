// The scannable demo object's type (demo-entries.ts lists them): a module of its own, so the
// demo data files that add entries import it without an import circle.

export type DemoEntryKind =
  | 'user'
  | 'warehouse'
  | 'zone'
  | 'cell'
  | 'parcel'
  | 'box'
  | 'acceptance-report'
  | 'dimension'
  | 'returnable-box'
  | 'workplace'
  | 'return-parcel'
  | 'consolidation'
  | 'document'
  | 'recipient'
  | 'audit-session'
  | 'supply'
  | 'supply-detail'
  | 'shipment'
  // The receipt of cargo (demo-receipt-data.ts): places and `.69.` reports, goods' labels.
  | 'cargo-unit'
  | 'goods-label';

/** One scannable demo object for docs and tests. */
export interface DemoEntry {
  kind: DemoEntryKind;
  barcode: string;
  description: string;
}
