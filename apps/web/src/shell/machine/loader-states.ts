/** Spec part 2 §9: the main loader shows after 250 ms of a call. */
export const LOADER_DELAY_MS = 250;

/**
 * The child states of a scan flow's calling state: `quiet` for the first LOADER_DELAY_MS, then
 * `slow`, tagged `loader` (the page shows its loading line). The calling state carries the
 * `busy` tag and the invoke; this is only its clock (the deconsolidation and vision machines).
 */
export const LOADER_STATES = {
  initial: 'quiet',
  states: {
    quiet: { after: { [LOADER_DELAY_MS]: 'slow' } },
    slow: { tags: ['loader'] },
  },
} as const;
