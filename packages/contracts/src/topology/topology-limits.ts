// The topology limits without a schema beside them: the web imports them, and a module that
// builds zod schemas would bring zod's eval probe into the browser (a CSP report).

/** Columns of a cell range: 1–99 (two digits in the cell name, part 1 §9). */
export const TOPOLOGY_MAX_COL = 99;
/** At most this many cells made by one call (docs/DECISIONS.md "Topology"). */
export const TOPOLOGY_MAX_CELLS_PER_CALL = 1000;
/** At most this many box numbers in one reprint range. */
export const TOPOLOGY_MAX_BOXES_PER_CALL = 500;
/** Zone numbers 1–999. */
export const TOPOLOGY_MAX_ZONE_NUMBER = 999;
