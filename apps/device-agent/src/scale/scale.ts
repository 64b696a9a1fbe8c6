// What the scale API reads from a scale, whichever kind it is.

/** One reading: kilograms only when the platform has settled (spec: stable weight only). */
export interface WeightReading {
  weightKg: number | null;
  isStable: boolean;
}

/** A scale the agent serves under a scale id. */
export interface Scale {
  readonly scaleId: string;
  readonly kind: 'simulated' | 'serial';
  read(): WeightReading;
  close(): Promise<void>;
}

/** No weight to offer: off, settling, overloaded or silent. */
export const NO_READING: WeightReading = { weightKg: null, isStable: false };
