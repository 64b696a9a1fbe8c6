// The maker patterns of stock matching (spec part 1 §5 names the five makers; the patterns are
// ours, docs/DECISIONS.md "Guided workflows", Stock matching): how each maker writes its part
// numbers and the canonical number a written form stands for. One table; the pipeline
// (`stock-matching.ts`) and the normalisation (`stock-normalisation.ts`) read it.

/** The makers with a pattern, as the result names them. */
export const PATTERN_MAKERS = [
  'Suzuki',
  'Febest',
  'Daimler AG',
  'Peugeot / Citroen',
  'Depo',
] as const;
export type PatternMaker = (typeof PATTERN_MAKERS)[number];

export interface MakerPattern {
  maker: PatternMaker;
  /** Other names of the maker in stock data (compared as `makerKey` compares). */
  aliases: readonly string[];
  /**
   * The canonical number (upper-case) of a text written in this maker's format, else null. The
   * text comes trimmed; a canonical number reads as itself (normalising twice = once).
   */
  read: (text: string) => string | null;
}

// A break between groups of a number: nothing, one hyphen, dot or space ("however spaced or
// hyphenated"; a run of two spaces never reaches here, step 1 cut the text there).
const SEP = '[-. ]?';
// Case-insensitive without the `u` flag: only ASCII letters match `[A-Z]` (with `u`, `ſ` and the
// Kelvin sign would too), so a canonical number is made of the text's own ASCII characters.
const FLAGS = 'i';

const SUZUKI = new RegExp(`^(\\d{5})${SEP}([0-9A-Z]{5})(?:${SEP}[0-9A-Z]{3})?$`, FLAGS);
// Daimler writes `A 000 420 12 20`; a trailing two-to-four character group is the colour code.
const DAIMLER = new RegExp(
  `^(?:A${SEP})?(\\d{3})${SEP}(\\d{3})${SEP}(\\d{2})${SEP}(\\d{2})(?:${SEP}[0-9A-Z]{2,4})?$`,
  FLAGS,
);
const PEUGEOT_DIGITS = /^\d(?:[-. ]?\d){9}$/;
const PEUGEOT_SHORT = new RegExp(`^(\\d{4})${SEP}([0-9A-Z]{2})$`, FLAGS);
// Depo: `212-1118L` is the number, what follows (`-LD-EM`, `-UE`) is the region's version.
const DEPO = new RegExp(`^(\\d{3})${SEP}(\\d{4}[A-Z]?)(?:[- ][0-9A-Z]+)*$`, FLAGS);
const FEBEST = /^[0-9A-Z]+(?:[- ][0-9A-Z]+)*$/i;
const BREAKS = /[-. ]/g;

function readFebest(text: string): string | null {
  if (!FEBEST.test(text)) return null;
  const compact = text.replace(BREAKS, '').toUpperCase();
  // Febest numbers carry a digit and are short: a plain word is no Febest number.
  return compact.length >= 3 && compact.length <= 20 && /\d/.test(compact) ? compact : null;
}

function readPeugeot(text: string): string | null {
  if (PEUGEOT_DIGITS.test(text)) return text.replace(BREAKS, '');
  const short = PEUGEOT_SHORT.exec(text);
  return short ? `${short[1]}${short[2]}`.toUpperCase() : null;
}

/** Spec part 1 §5: the five makers' patterns with their aliases (the issue's table). */
export const MAKER_PATTERNS: readonly MakerPattern[] = [
  {
    maker: 'Suzuki',
    aliases: [],
    // `09160-10008`, `0916010008`, `09160-10008-000` → `09160-10008`.
    read: (text) => {
      const match = SUZUKI.exec(text);
      return match ? `${match[1]}-${match[2]}`.toUpperCase() : null;
    },
  },
  {
    maker: 'Febest',
    aliases: [],
    // `ASZ-001`, `asz001` → `ASZ001`; `0101-GX2` → `0101GX2`.
    read: readFebest,
  },
  {
    maker: 'Daimler AG',
    aliases: ['Mercedes-Benz'],
    // `A 000 420 12 20`, `A0004201220`, `0004201220`, `A 000 420 12 20 64` → `A0004201220`.
    read: (text) => {
      const match = DAIMLER.exec(text);
      return match ? `A${match[1]}${match[2]}${match[3]}${match[4]}` : null;
    },
  },
  {
    maker: 'Peugeot / Citroen',
    aliases: ['Peugeot', 'Citroen', 'PSA'],
    // `1609000080`, `16 090 000 80` → `1609000080`; `4254.A4`, `4254A4` → `4254A4`.
    read: readPeugeot,
  },
  {
    maker: 'Depo',
    aliases: [],
    // `212-1118L-LD-EM`, `2121118L` → `212-1118L`.
    read: (text) => {
      const match = DEPO.exec(text);
      return match ? `${match[1]}-${match[2]}`.toUpperCase() : null;
    },
  },
];
