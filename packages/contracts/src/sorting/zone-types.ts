// Zone types without a schema beside them (the web imports them; see topology-limits.ts).

/** Spec part 1 §3 zone types, as in @sorting/domain (contracts do not depend on it). */
export const ZONE_TYPES = ['SITO', 'EXPEDITION', 'FAST', 'TRANSIT', 'SUGGESTED'] as const;
