import { z } from 'zod';

// The two rules every input value of the API goes through (decided
// in docs/DECISIONS.md "Faults and bad input"): text has no control characters, and an id
// (or a number that a column of type integer holds) is a positive int4. Every schema of the
// calls uses these; the endpoint fuzz test (apps/server/test/faults/endpoint-fuzz.test.ts)
// sends NUL, control characters and ±2³¹ to every field of every route.

/** The largest value of PostgreSQL's `integer`: every id and number column is one. */
export const INT4_MAX = 2_147_483_647;

/**
 * Why a value was refused, carried in the zod issue's `params.rule`: the server turns these
 * into translated messages (the rest of zod's issues keep zod's text).
 */
export const INPUT_RULES = { text: 'text', id: 'id' } as const;
export type InputRule = (typeof INPUT_RULES)[keyof typeof INPUT_RULES];

/** C0 controls U+0000–U+001F (NUL included), DEL and the C1 controls U+0080–U+009F. */
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without TAB, LF and CR, which a free-text comment may hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** The same without GS (U+001D), the GS1 separator (FNC1) a scanner sends inside a code. */
// eslint-disable-next-line no-control-regex -- finding control characters is the rule
const CONTROL_BUT_GS = /[\u0000-\u001c\u001e\u001f\u007f-\u009f]/;
/** Half of a surrogate pair alone: no character, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\u{d800}-\u{dfff}]/u;

/** Where a text may hold what other text may not. */
export interface TextKind {
  /** A free-text comment: TAB, LF and CR allowed inside. */
  multiline?: boolean;
  /**
   * A scanned barcode: GS (U+001D) allowed inside, as a GS1 code carries it and the web's
   * recognizer keeps it (packages/domain recognize-barcode.ts).
   */
  barcode?: boolean;
}

/**
 * True when a text may be stored and shown: no control character (see TextKind for the
 * exceptions) and no lone surrogate. PostgreSQL refuses NUL in text (SQLSTATE 22021); the
 * other controls are never typed or scanned into a value, and would make a log line or a
 * CSV cell lie.
 */
export function isCleanText(text: string, kind: TextKind = {}): boolean {
  const control = kind.multiline ? CONTROL_BUT_LINES : kind.barcode ? CONTROL_BUT_GS : CONTROL;
  return !control.test(text) && !LONE_SURROGATE.test(text);
}

/** A header value made safe to record: control characters and lone surrogates dropped. */
export function withoutControlCharacters(text: string): string {
  // eslint-disable-next-line no-control-regex -- finding control characters is the rule
  return text.replace(/[\u0000-\u001f\u007f-\u009f]|[\u{d800}-\u{dfff}]/gu, '');
}

export interface TextRuleOptions extends TextKind {
  /** Most characters, after trimming. */
  max: number;
  /** Fewest characters, after trimming (default 0). */
  min?: number;
  /** Trimmed first (default true); a password is taken as typed. */
  trim?: boolean;
}

/**
 * The text rule: a string, trimmed (a scanner's trailing CR or TAB is no part of a barcode),
 * with no control characters, of `min`..`max` characters.
 */
export function zText(options: TextRuleOptions) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base
    .refine((text) => isCleanText(text, options), {
      message: 'control characters are not allowed',
      params: { rule: INPUT_RULES.text },
    })
    .min(options.min ?? 0)
    .max(options.max);
}

/** A positive int4 from a JSON number or a text of digits; null for anything else. */
export function toInt4Id(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,10}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(number) && number >= 1 && number <= INT4_MAX ? number : null;
}

/**
 * The id rule: a positive int4 (1..2147483647), sent as a JSON number or as text (a path or
 * query value is text). Also for the numbers of warehouses, zones and centres, which integer
 * columns hold. Past int4 PostgreSQL would refuse the value (SQLSTATE 22003).
 */
export const ZId = z.unknown().transform((value, context): number => {
  const id = toInt4Id(value);
  if (id !== null) return id;
  context.issues.push({
    code: 'custom',
    input: value,
    message: `a whole number from 1 to ${INT4_MAX} is required`,
    params: { rule: INPUT_RULES.id },
  });
  return z.NEVER;
});

/** '' and null count as absent: the web sends empty fields as it has them. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** An id that may be absent ('' and null too). */
export const ZOptionalId = z.preprocess(blankToUndefined, ZId.optional());

/** The rule a zod issue broke, when it is one of ours. */
export function inputRuleOf(issue: { code: string; params?: unknown }): InputRule | null {
  if (issue.code !== 'custom') return null;
  const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
  return rule === INPUT_RULES.text || rule === INPUT_RULES.id ? rule : null;
}
