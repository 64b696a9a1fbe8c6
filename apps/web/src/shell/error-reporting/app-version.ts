// Set by vite.config.ts `define` at build (and test) time.
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;

/** The release an error report names (docs/DECISIONS.md "Error reporting"). */
export const APP_VERSION: string = __APP_VERSION__;
/** The commit the bundle was built from. */
export const APP_BUILD: string = __APP_BUILD__;
