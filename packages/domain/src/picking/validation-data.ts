// The recipient's proof at the end of a picking (spec part 1 §3 validationType, §4 "end with
// validation data"; part 2 §3 validation kinds none, pincode, attorney). The bounds are ours
// (docs/DECISIONS.md "Picking validation"); the web form and the server judge with these.

/** A pincode (код получения) is 4–6 digits. */
export const PINCODE_PATTERN = /^\d{4,6}$/;
export const PINCODE_MIN_LENGTH = 4;
export const PINCODE_MAX_LENGTH = 6;

/** Wrong pincodes within one picking before it is locked, and for how long. */
export const PINCODE_MAX_FAILURES = 5;
export const PINCODE_LOCK_MINUTES = 15;

export const ATTORNEY_NUMBER_MAX = 50;
export const HOLDER_NAME_MIN = 2;
export const HOLDER_NAME_MAX = 200;
/** A power of attorney at most this many years old counts. */
export const ATTORNEY_MAX_AGE_YEARS = 3;

export type AttorneyField = 'number' | 'date' | 'holderName';
export type AttorneyProblem = 'required' | 'tooLong' | 'tooShort' | 'badDate' | 'future' | 'tooOld';

export interface AttorneyInput {
  number: string;
  /** yyyy-mm-dd. */
  date: string;
  holderName: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd that names a real calendar day, as its parts; else null. */
function calendarDay(text: string): { y: number; m: number; d: number } | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) {
    return null;
  }
  return { y, m, d };
}

/**
 * The earliest date of a power of attorney that still counts on `today` (both yyyy-mm-dd):
 * the same day ATTORNEY_MAX_AGE_YEARS years before (29 February → 28 February).
 */
export function oldestAttorneyDate(today: string): string {
  const day = calendarDay(today);
  if (!day) throw new Error(`not a date: ${today}`);
  const y = day.y - ATTORNEY_MAX_AGE_YEARS;
  const last = new Date(Date.UTC(y, day.m, 0)).getUTCDate();
  const d = Math.min(day.d, last);
  return `${String(y).padStart(4, '0')}-${String(day.m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The problems of a power of attorney by field (empty when it is valid): number 1–50
 * characters, a real date not after `today` and not older than 3 years, holder's name 2–200
 * characters; texts are judged trimmed.
 */
export function attorneyProblems(
  input: AttorneyInput,
  today: string,
): Partial<Record<AttorneyField, AttorneyProblem>> {
  const problems: Partial<Record<AttorneyField, AttorneyProblem>> = {};
  const number = input.number.trim();
  if (number === '') problems.number = 'required';
  else if (number.length > ATTORNEY_NUMBER_MAX) problems.number = 'tooLong';
  const date = input.date.trim();
  if (date === '') problems.date = 'required';
  else if (!calendarDay(date)) problems.date = 'badDate';
  else if (date > today) problems.date = 'future';
  else if (date < oldestAttorneyDate(today)) problems.date = 'tooOld';
  const holder = input.holderName.trim();
  if (holder === '') problems.holderName = 'required';
  else if (holder.length < HOLDER_NAME_MIN) problems.holderName = 'tooShort';
  else if (holder.length > HOLDER_NAME_MAX) problems.holderName = 'tooLong';
  return problems;
}

/** True when a pincode as typed is 4–6 digits. */
export function isPincode(text: string): boolean {
  return PINCODE_PATTERN.test(text);
}

/** A pincode shown in groups of three digits (or two and two for four), e.g. «482 193». */
export function groupPincode(digits: string): string {
  if (digits.length <= 3) return digits;
  if (digits.length === 4) return `${digits.slice(0, 2)} ${digits.slice(2)}`;
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
