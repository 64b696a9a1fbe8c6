// The label templates: size, symbology, parameters and layout of each (docs/DECISIONS.md
// "Labels"). One layout in millimetres feeds both printer languages, so a PDF preview and a
// Zebra label look alike.
import { LABEL_TEMPLATES, type LabelParameter, type LabelTemplate } from '@sorting/contracts';
import {
  encodeBarcode,
  MIN_MODULE_DOTS,
  moduleDotsFor,
  PRINT_DPI,
  type BarcodeSymbol,
  type Symbology,
} from './barcode.js';
import { LINE_HEIGHT } from './fit-text.js';

/** One label job: template, its parameters, how many identical labels. */
export interface LabelRequest {
  template: LabelTemplate;
  parameters: LabelParameter[];
  copies: number;
}

/** Every parameter name a template reads; `barcode` is the encoded text. */
export const LABEL_PARAMETER_NAMES = [
  'barcode',
  'name',
  'number',
  'zone',
  'row',
  'col',
  'route',
  'client',
  'dims',
  'destination',
  'make',
  'quantity',
  'place',
  'delivery',
  'date',
] as const;
export type LabelParameterName = (typeof LABEL_PARAMETER_NAMES)[number];

type Values = Partial<Record<LabelParameterName, string>>;

/**
 * A caption in a box: top edge, left edge, width and height in mm, font size (em) in mm. The
 * backends fit it (fit-text.ts): smaller, then over the lines the box holds.
 */
export interface TextElement {
  kind: 'text';
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  size: number;
  isBold: boolean;
  align: 'left' | 'center';
}

/** A barcode drawn into the box (mm), centred, quiet zones included in the box. */
export interface BarcodeElement {
  kind: 'barcode';
  symbology: Symbology;
  symbol: BarcodeSymbol;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Width of one module (narrowest bar, QR cell) in dots of the 203 dpi print grid. */
  moduleDots: number;
}

export type LayoutElement = TextElement | BarcodeElement;

/** A resolved label: everything a printer-language backend needs, already validated. */
export interface LabelLayout {
  template: LabelTemplate;
  widthMm: number;
  heightMm: number;
  elements: LayoutElement[];
  copies: number;
}

type TextSlot = Omit<TextElement, 'kind' | 'text' | 'isBold' | 'align' | 'height'> & {
  /** The box's height; one line of `size` when left out. */
  height?: number;
  isBold?: boolean;
  align?: 'left' | 'center';
  compose: (values: Values) => string | null;
};
type BarcodeSlot = Omit<BarcodeElement, 'kind' | 'symbol' | 'text' | 'symbology' | 'moduleDots'> & {
  kind: 'barcode';
};

/** The documented shape of a template. */
export interface LabelTemplateSpec {
  widthMm: number;
  heightMm: number;
  symbology: Symbology;
  /** A label without one of these is refused with an Error, never printed blank. */
  required: readonly LabelParameterName[];
  /** Printed when present; the line is left out otherwise. */
  optional: readonly LabelParameterName[];
  description: string;
}

interface TemplateDefinition extends LabelTemplateSpec {
  slots: ReadonlyArray<TextSlot | BarcodeSlot>;
}

/** "label text" when the value is present, else null (the line is left out). */
function line(prefix: string, value: string | undefined, suffix = ''): string | null {
  return value ? `${prefix}${value}${suffix}` : null;
}

function joined(parts: Array<string | null>): string | null {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(' · ') : null;
}

const barcodeText = (v: Values): string | null => v.barcode ?? null;

function cellDetails(v: Values): string | null {
  return joined([line('Зона ', v.zone), line('ряд ', v.row), line('место ', v.col)]);
}

// Captions are Russian: labels are printed for the warehouse floor, whose default locale is ru.
// Code128 boxes are wide enough for their usual codes at 2 dots a module (barcode.ts); a caption
// box with `height` takes more lines of a smaller size when its text is long (fit-text.ts).
const TEMPLATES: Record<LabelTemplate, TemplateDefinition> = {
  user: {
    // 100 mm: a badge is `~` and 20 characters (credentials.ts), 255 Code128 modules; with
    // quiet zones at 2 dots that is 69 mm, more than a 58 mm label holds
    // (docs/DECISIONS.md "Labels").
    widthMm: 100,
    heightMm: 30,
    symbology: 'code128',
    required: ['barcode', 'name'],
    optional: ['number'],
    description: 'User badge sticker: name, personal number, badge barcode (~, >, <).',
    slots: [
      { x: 3, y: 1, width: 94, height: 6.4, size: 4.5, isBold: true, align: 'center', compose: (v) => v.name ?? null },
      { x: 3, y: 7.6, width: 94, size: 3, align: 'center', compose: (v) => line('Таб. № ', v.number) },
      { kind: 'barcode', x: 2, y: 11.4, width: 96, height: 13 },
      { x: 3, y: 25.2, width: 94, size: 3, align: 'center', compose: barcodeText },
    ],
  },
  'cell-bar-long': {
    widthMm: 100,
    heightMm: 30,
    symbology: 'code128',
    required: ['barcode'],
    optional: ['name', 'zone', 'row', 'col'],
    description: 'Long 1D cell label: barcode on the left, the cell name large on the right.',
    slots: [
      { kind: 'barcode', x: 1, y: 3, width: 62, height: 18 },
      { x: 3, y: 23.5, width: 58, size: 3, align: 'center', compose: barcodeText },
      { x: 64, y: 3, width: 34, height: 10, size: 8, isBold: true, compose: (v) => v.name ?? null },
      { x: 64, y: 15, width: 34, height: 12, size: 3, compose: cellDetails },
    ],
  },
  'cell-bar-short': {
    widthMm: 58,
    heightMm: 30,
    symbology: 'code128',
    required: ['barcode'],
    optional: ['name'],
    description: 'Short 1D cell label: barcode, its text, the cell name.',
    slots: [
      { kind: 'barcode', x: 1, y: 2, width: 56, height: 14 },
      { x: 3, y: 17, width: 52, size: 2.8, align: 'center', compose: barcodeText },
      { x: 3, y: 21, width: 52, height: 8, size: 5.5, isBold: true, align: 'center', compose: (v) => v.name ?? null },
    ],
  },
  'cell-qr-long': {
    widthMm: 100,
    heightMm: 30,
    symbology: 'qr',
    required: ['barcode'],
    optional: ['name', 'zone', 'row', 'col'],
    description: 'Long QR cell label: QR on the left, the cell name large on the right.',
    slots: [
      { kind: 'barcode', x: 1, y: 1, width: 28, height: 28 },
      { x: 31, y: 2, width: 66, height: 12, size: 9, isBold: true, compose: (v) => v.name ?? null },
      { x: 31, y: 15, width: 66, height: 7.5, size: 3.5, compose: cellDetails },
      { x: 31, y: 23, width: 66, height: 6, size: 3, compose: barcodeText },
    ],
  },
  'cell-qr-short': {
    widthMm: 40,
    heightMm: 30,
    symbology: 'qr',
    required: ['barcode'],
    optional: ['name'],
    description: 'Short QR cell label: QR, the cell name and the barcode text under it.',
    slots: [
      { kind: 'barcode', x: 9, y: 0.5, width: 22, height: 22 },
      { x: 1.5, y: 22.5, width: 37, size: 3.5, isBold: true, align: 'center', compose: (v) => v.name ?? null },
      { x: 1.5, y: 26.6, width: 37, size: 2.4, align: 'center', compose: barcodeText },
    ],
  },
  box: {
    widthMm: 68,
    heightMm: 60,
    symbology: 'code128',
    required: ['barcode'],
    optional: ['number', 'route', 'client', 'dims'],
    description: 'Box label 68x60 mm (spec part 2 §9): barcode, box number, route, client, LxWxH.',
    slots: [
      { kind: 'barcode', x: 2, y: 2.5, width: 64, height: 18 },
      { x: 3, y: 21.5, width: 62, size: 3.5, align: 'center', compose: barcodeText },
      { x: 3, y: 26.2, width: 62, size: 6, isBold: true, align: 'center', compose: (v) => line('Короб № ', v.number) },
      { x: 3, y: 33.6, width: 62, height: 9.4, size: 4, compose: (v) => line('Маршрут ', v.route) },
      { x: 3, y: 43.4, width: 62, height: 8.2, size: 3.5, compose: (v) => v.client ?? null },
      { x: 3, y: 52.2, width: 62, height: 6, size: 3.5, compose: (v) => line('Габариты ', v.dims) },
    ],
  },
  'returnable-box': {
    widthMm: 58,
    heightMm: 40,
    symbology: 'code128',
    required: ['barcode', 'number'],
    optional: ['dims'],
    description: 'Returnable box label: barcode, box number, LxWxH.',
    slots: [
      { kind: 'barcode', x: 1, y: 2.5, width: 56, height: 15 },
      { x: 3, y: 18.5, width: 52, size: 3, align: 'center', compose: barcodeText },
      { x: 3, y: 23, width: 52, height: 8, size: 5.5, isBold: true, align: 'center', compose: (v) => line('Тара № ', v.number) },
      { x: 3, y: 32, width: 52, height: 6.5, size: 3.5, align: 'center', compose: (v) => line('Габариты ', v.dims) },
    ],
  },
  parcel: {
    widthMm: 58,
    heightMm: 40,
    symbology: 'code128',
    required: ['barcode'],
    optional: ['name', 'destination', 'route', 'client'],
    // The server composes each caption in the sticker's language ("Маршрут R-101"), so the
    // template prints the values as they come (GET /sorting-api/Parcels/{id}/sticker?lang).
    description: 'Parcel sticker: barcode, item name, destination, route, client.',
    slots: [
      { kind: 'barcode', x: 1, y: 2, width: 56, height: 11 },
      { x: 3, y: 13.6, width: 52, size: 2.8, align: 'center', compose: barcodeText },
      { x: 3, y: 17.2, width: 52, height: 7.6, size: 3.8, isBold: true, compose: (v) => v.name ?? null },
      { x: 3, y: 25.1, width: 52, height: 7.2, size: 3.2, compose: (v) => joined([v.destination ?? null, v.route ?? null]) },
      { x: 3, y: 32.6, width: 52, height: 7, size: 3.2, compose: (v) => v.client ?? null },
    ],
  },
  'inbound-detail': {
    widthMm: 58,
    heightMm: 40,
    symbology: 'code128',
    required: ['barcode', 'name'],
    optional: ['number', 'make', 'quantity'],
    description: 'Inbound detail label (spec part 2): barcode, detail name, number, make, quantity.',
    slots: [
      { kind: 'barcode', x: 1, y: 2, width: 56, height: 11 },
      { x: 3, y: 13.6, width: 52, size: 2.8, align: 'center', compose: barcodeText },
      { x: 3, y: 17.2, width: 52, height: 8, size: 3.8, isBold: true, compose: (v) => v.name ?? null },
      { x: 3, y: 25.5, width: 52, height: 7.2, size: 3.2, compose: (v) => joined([line('№ ', v.number), v.make ?? null]) },
      { x: 3, y: 33.2, width: 52, height: 5.5, size: 3.5, compose: (v) => line('Кол-во: ', v.quantity) },
    ],
  },
  'delivery-package': {
    widthMm: 58,
    heightMm: 40,
    symbology: 'code128',
    required: ['barcode', 'place'],
    optional: ['client', 'destination', 'delivery', 'date'],
    // "1/3" large, the recipient, the delivery address, the delivery and its date.
    description: 'Delivery package sticker 58x40: barcode, place "1/3", recipient, address, delivery number, send date.',
    slots: [
      { kind: 'barcode', x: 1, y: 1.5, width: 40, height: 11 },
      { x: 42, y: 2, width: 15, height: 10, size: 5.5, isBold: true, align: 'center', compose: (v) => v.place ?? null },
      { x: 3, y: 13.2, width: 52, size: 2.8, align: 'center', compose: barcodeText },
      { x: 3, y: 17, width: 52, height: 7, size: 3.6, isBold: true, compose: (v) => v.client ?? null },
      { x: 3, y: 24.4, width: 52, height: 8.6, size: 3.1, compose: (v) => v.destination ?? null },
      { x: 3, y: 33.6, width: 52, height: 5.5, size: 3, compose: (v) => joined([line('Доставка № ', v.delivery), v.date ?? null]) },
    ],
  },
}; // prettier-ignore

/** Size, symbology and parameters of every template (the documented table). */
export const LABEL_TEMPLATE_SPECS: Readonly<Record<LabelTemplate, LabelTemplateSpec>> =
  Object.fromEntries(
    LABEL_TEMPLATES.map((template) => {
      const { slots: _slots, ...spec } = TEMPLATES[template];
      return [template, spec];
    }),
  ) as Record<LabelTemplate, LabelTemplateSpec>;

/** Label size in mm of every template. */
export const LABEL_SIZES: Readonly<Record<LabelTemplate, { widthMm: number; heightMm: number }>> =
  Object.fromEntries(
    LABEL_TEMPLATES.map((template) => [
      template,
      { widthMm: TEMPLATES[template].widthMm, heightMm: TEMPLATES[template].heightMm },
    ]),
  ) as Record<LabelTemplate, { widthMm: number; heightMm: number }>;

/** A printer prints at most this many copies of one job; more is surely a typo. */
export const MAX_LABEL_COPIES = 999;

function isTemplate(value: unknown): value is LabelTemplate {
  return typeof value === 'string' && (LABEL_TEMPLATES as readonly string[]).includes(value);
}

function readValues(template: LabelTemplate, parameters: LabelParameter[]): Values {
  if (!Array.isArray(parameters)) {
    throw new Error(`Label "${template}": parameters must be a list of {name, value}`);
  }
  const values: Values = {};
  const seen = new Set<string>();
  for (const parameter of parameters) {
    const name = parameter?.name;
    if (typeof name !== 'string' || typeof parameter.value !== 'string') {
      throw new Error(`Label "${template}": every parameter needs a string name and value`);
    }
    if (seen.has(name)) throw new Error(`Label "${template}": parameter "${name}" given twice`);
    seen.add(name);
    // Decision: names no template reads are ignored, so a caller may send extra data (spec
    // part 2's inbound label JSON carries more fields than the label shows).
    if ((LABEL_PARAMETER_NAMES as readonly string[]).includes(name)) {
      const value = parameter.value.trim();
      if (value !== '') values[name as LabelParameterName] = value;
    }
  }
  return values;
}

/**
 * The barcode in its box with a module of whole dots, at least `MIN_MODULE_DOTS`. A Code128 too
 * long for its box may use the label's whole width (quiet zones up to the edges); one too long
 * for that is refused: a code whose bars the printer cannot draw evenly would not scan.
 */
function placeBarcode(
  template: LabelTemplate,
  definition: TemplateDefinition,
  slot: BarcodeSlot,
  symbol: BarcodeSymbol,
  text: string,
): BarcodeElement {
  const { kind: _kind, ...box } = slot;
  const { symbology } = definition;
  let moduleDots = moduleDotsFor(symbology, symbol, box.width, box.height);
  if (moduleDots === null && symbol.kind === 'linear') {
    box.x = 0;
    box.width = definition.widthMm;
    moduleDots = moduleDotsFor(symbology, symbol, box.width, box.height);
  }
  if (moduleDots === null) {
    throw new Error(
      `Label "${template}": barcode ${JSON.stringify(text)} is too long for a ` +
        `${definition.widthMm} mm label (bars of at least ${MIN_MODULE_DOTS} dots at ${PRINT_DPI} dpi)`,
    );
  }
  return { ...box, kind: 'barcode', symbology, symbol, text, moduleDots };
}

/**
 * Validates a request and lays its label out. Throws an Error naming the template and the
 * parameter when a required one is missing or blank, the barcode cannot be encoded or is too
 * long for the label, or the copies are not a whole number 1..999.
 */
export function layOutLabel(request: LabelRequest): LabelLayout {
  const { template, copies } = request;
  if (!isTemplate(template)) {
    throw new Error(
      `Unknown label template ${JSON.stringify(template)}; known: ${LABEL_TEMPLATES.join(', ')}`,
    );
  }
  if (!Number.isInteger(copies) || copies < 1 || copies > MAX_LABEL_COPIES) {
    throw new Error(`Label "${template}": copies must be a whole number 1..${MAX_LABEL_COPIES}`);
  }
  const definition = TEMPLATES[template];
  const values = readValues(template, request.parameters);
  for (const name of definition.required) {
    if (values[name] === undefined) {
      throw new Error(`Label "${template}" needs the parameter "${name}"`);
    }
  }
  const barcode = values.barcode as string;
  const symbol = encodeBarcode(definition.symbology, barcode);
  const elements: LayoutElement[] = [];
  for (const slot of definition.slots) {
    if ('kind' in slot) {
      elements.push(placeBarcode(template, definition, slot, symbol, barcode));
      continue;
    }
    const text = slot.compose(values);
    if (text === null) continue;
    const { compose: _compose, ...box } = slot;
    elements.push({
      ...box,
      kind: 'text',
      text,
      height: slot.height ?? slot.size * LINE_HEIGHT,
      isBold: slot.isBold ?? false,
      align: slot.align ?? 'left',
    });
  }
  return {
    template,
    widthMm: definition.widthMm,
    heightMm: definition.heightMm,
    elements,
    copies,
  };
}
