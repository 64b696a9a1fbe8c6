// Constants live apart from the zod schemas, so the web bundle that needs only these does not
// pull in zod (packages are marked side-effect free).

/** Spec part 1 §7: default sortingCenterId when none is configured. */
export const DEFAULT_SORTING_CENTER_ID = 34717;

/** Path of the runtime settings call (spec part 2 §7 "Core"). */
export const RUNTIME_SETTINGS_PATH = '/local-settings-newsort';
