// The limits of a run of topology labels (docs/DECISIONS.md "Topology"); the run itself is
// topology.machine.ts.

/** At most this many labels (cells or boxes × copies) in one run (docs/DECISIONS.md "Topology"). */
export const MAX_LABELS_PER_RUN = 500;
/** Copies of each label: 1..99. */
export const MAX_COPIES = 99;
