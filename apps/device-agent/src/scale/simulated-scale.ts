// A scale without hardware for demos and tests: the weight is set through `POST api/simulate`.
import type { Scale, WeightReading } from './scale.js';
import { NO_READING } from './scale.js';

/** How long a real platform swings after a parcel is put on it. */
export const DEFAULT_SETTLE_MS = 800;

export class SimulatedScale implements Scale {
  readonly kind = 'simulated';
  private weightKg: number;
  private changedAt = -Infinity;

  constructor(
    readonly scaleId: string,
    initialWeightKg = 0,
    private readonly settleMs = DEFAULT_SETTLE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.weightKg = initialWeightKg;
  }

  /** Puts a new weight on the platform; it reads unstable until it settles. */
  setWeight(weightKg: number): void {
    this.weightKg = weightKg;
    this.changedAt = this.now();
  }

  read(): WeightReading {
    if (this.now() - this.changedAt < this.settleMs) return NO_READING;
    return { weightKg: this.weightKg, isStable: true };
  }

  async close(): Promise<void> {}
}
