// Constants of the time tracking calls (spec part 1 §3 "Workplace", §4, §7), no zod: the web
// imports these without pulling the schemas into a chunk. The calls' shapes are in
// `time-tracking.schemas.ts`, their routes in `time-tracking.routes.ts`.

/** Spec part 1 §9, part 2 §9: the tracked users list is paged by 40 (the web pages it). */
export const TIME_TRACKING_PAGE_SIZE = 40;

/** Spec part 1 §5: '=ALL' is no workplace (f-008). */
export const ALL_WORKPLACES_BARCODE = '=ALL';

/** Spec part 1 §4: the toggle answer's Status; 1 joined, anything else left. */
export const WORKPLACE_TOGGLE_STATUS = { joined: 1, left: 2 } as const;
export type TWorkplaceToggleStatus =
  (typeof WORKPLACE_TOGGLE_STATUS)[keyof typeof WORKPLACE_TOGGLE_STATUS];

/**
 * Envelope ErrorCodes of the time tracking calls (docs/DECISIONS.md "Users and time
 * tracking"); the web maps them to f-codes, never the message text.
 */
export const TIME_TRACKING_ERROR_CODES = {
  /** The workplace barcode is no workplace of this sorting centre → f-011. */
  workplaceNotFound: 104,
  /** The UserToken is no active badge → the web's "unknown badge" text (f-009 family). */
  badgeNotFound: 105,
  /** The badge belongs to a user of another sorting centre. */
  userOfOtherSortingCenter: 106,
  /** `leave`: the user is not at that workplace (already left, or elsewhere). */
  notAtWorkplace: 107,
} as const;

/** The longest range a report may span. */
export const WORKED_TIME_REPORT_MAX_DAYS = 93;
