import { ZPrintOutcomeMessage } from '@sorting/contracts';

/** The longest outcome message the hub takes (`ZPrintOutcomeMessage`). */
const MAX_MESSAGE_LENGTH = 20_000;

/** A UTF-16 surrogate without its other half (String#toWellFormed, ES2024, does the same). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/**
 * A printer's own words made fit for PrintResult: the hub refuses control characters other
 * than TAB, LF and CR, lone surrogates and over-long text (the shared input rules, docs/DECISIONS.md "Faults and bad input"
 * item 3), and the agent takes a refusal by a connected hub as final. So a driver's stray
 * escape sequence would cost the job its outcome: a control character becomes a space, a lone
 * surrogate U+FFFD, and the text is cut to what the hub takes.
 */
export function printableOutcomeMessage(message: string | null): string | null {
  if (message === null) return null;
  const cleaned = wellFormed(
    wellFormed(message)
      .replace(/[^\P{Cc}\t\n\r]/gu, ' ')
      .slice(0, MAX_MESSAGE_LENGTH),
  );
  return ZPrintOutcomeMessage.safeParse(cleaned).success ? cleaned : null;
}
