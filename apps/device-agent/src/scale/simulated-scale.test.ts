import { describe, expect, it } from 'vitest';
import { SimulatedScale } from './simulated-scale.js';

describe('SimulatedScale', () => {
  it('reads its start weight as stable, then unstable for the settle time after a change', () => {
    let now = 1_000;
    const scale = new SimulatedScale('s1', 1.25, 800, () => now);
    expect(scale.read()).toEqual({ weightKg: 1.25, isStable: true });

    scale.setWeight(3.5);
    expect(scale.read()).toEqual({ weightKg: null, isStable: false });
    now += 799;
    expect(scale.read()).toEqual({ weightKg: null, isStable: false });
    now += 1;
    expect(scale.read()).toEqual({ weightKg: 3.5, isStable: true });
  });
});
