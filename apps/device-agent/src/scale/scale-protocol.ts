// The continuous ASCII output of A&D / CAS-type scales: one line per reading, e.g.
// `ST,GS,+0001.234kg` (stable gross) or `US,NT,-0000.120kg` (unstable net), `OL,...` overload.

/** One decoded line. */
export interface ScaleLine {
  status: 'stable' | 'unstable' | 'overload';
  /** GS gross, NT net. */
  mode: 'gross' | 'net';
  /** In kilograms, null on overload. */
  weightKg: number | null;
}

const LINE = /^(ST|US|OL),(GS|NT),\s*([+-])?\s*(\d+(?:\.\d+)?)?\s*(kg|g)?\s*$/i;

/** Decodes one line of the scale's output; null for anything that is not a reading. */
export function parseScaleLine(raw: string): ScaleLine | null {
  const match = LINE.exec(raw.trim());
  if (!match) return null;
  const [, header, mode, sign, digits, unit] = match;
  const status =
    header!.toUpperCase() === 'ST'
      ? 'stable'
      : header!.toUpperCase() === 'US'
        ? 'unstable'
        : 'overload';
  const modeName = mode!.toUpperCase() === 'GS' ? 'gross' : 'net';
  if (status === 'overload') return { status, mode: modeName, weightKg: null };
  if (digits === undefined || unit === undefined) return null;
  const value = Number(digits) * (sign === '-' ? -1 : 1);
  const weightKg = unit.toLowerCase() === 'g' ? value / 1000 : value;
  // Avoid binary noise such as 1.2340000000000002 from the gram conversion.
  return { status, mode: modeName, weightKg: Math.round(weightKg * 1e6) / 1e6 };
}
