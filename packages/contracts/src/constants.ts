// Constants live apart from the zod schemas, so the web bundle that needs only these does not
// pull in zod (packages are marked side-effect free).

/** Spec part 1 §7: default sortingCenterId when none is configured. */
export const DEFAULT_SORTING_CENTER_ID = 34717;

/** Path of the runtime settings call (spec part 2 §7 "Core"). */
export const RUNTIME_SETTINGS_PATH = '/local-settings-newsort';

/**
 * The HttpOnly cookie that carries the session token (docs/DECISIONS.md "Sessions and
 * sign-in").
 */
export const SESSION_COOKIE = 'sorting_session';

/**
 * The HttpOnly cookie naming this browser as a device for sign-in rate limiting: identical
 * handhelds behind one address are still told apart (docs/DECISIONS.md "Sessions and sign-in").
 */
export const DEVICE_COOKIE = 'sorting_device';

/** Spec part 1 §4: the badge token the client puts in a cookie before `users/search`. */
export const LKD_TOKEN_COOKIE = 'lkdToken';

/**
 * CSRF defence: every cookie-authenticated write carries this header with this value; a
 * custom header forces a CORS preflight, which a foreign page cannot pass.
 */
export const REQUESTED_WITH_HEADER = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'sorting';

/** Spec part 1 §8: the warehouse search message the web app shows as 'Склад не найден'. */
export const WAREHOUSE_NOT_FOUND_MESSAGE = 'Object not found';

/** Spec part 1 §3 device settings (cookies): input device type, 'scanner' or 'camera'. */
export const SCAN_INPUT_DEVICE_COOKIE = 'scan_input_device';

/** Spec part 1 §3 device settings (cookies): keyboard input allowed, 'true' or 'false'. */
export const SCAN_KEYBOARD_ALLOWED_COOKIE = 'scan_keyboard_allowed';

/** Spec part 1 §3 device settings (cookies): the camera device name used for scanning. */
export const SCAN_CAMERA_DEVICE_COOKIE = 'scan_camera_device';

/**
 * Spec part 1 §9: the last zone number, kept in a cookie (path /, expiry 2100) and tried again
 * when the sorting entry reaches the zone step (docs/DECISIONS.md "Sorting entry").
 */
export const LAST_ZONE_NUMBER_COOKIE = 'LAST_ZONE_NUMBER';

/**
 * Idempotency: every mutating user action carries one id in this header (the spec's payload
 * field names stay exactly as written); a replay answers the stored result with IsRepeat true.
 */
export const OPERATION_ID_HEADER = 'X-Operation-Id';

/** Spec part 1 §9 sound files: the named sounds, which a workflow answer's `result.sounds` name. */
export const SOUND_NAMES = [
  'attention',
  'free',
  'new',
  'stop',
  'tara',
  'ok-new',
  'success-big',
  'success-small',
  'repeat',
  'err',
  'scan',
] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

/**
 * The request id (docs/DECISIONS.md "Error reporting"): the web app sends one per user action;
 * the server keeps a well-formed one, else makes its own, and echoes it on every answer.
 * Lower case: Node's incoming headers are.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** 8–128 characters of letters, digits and `._:-` (a UUID, a proxy's hex id): nothing a log line could be forged with. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** True for a request id the server keeps as sent. */
export function isWellFormedRequestId(value: string): boolean {
  return REQUEST_ID_PATTERN.test(value);
}
