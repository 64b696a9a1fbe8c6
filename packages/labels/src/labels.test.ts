import { LABEL_TEMPLATES, type LabelTemplate } from '@sorting/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  LABEL_SIZES,
  LABEL_TEMPLATE_SPECS,
  expandCellRange,
  renderLabel,
  type LabelRequest,
} from './index.js';
import { LONG_LABELS, sampleRequest } from './testing/long-labels.js';

const SAMPLE_VALUES: Record<string, string> = {
  name: 'Иванов Пётр',
  number: '1001',
  zone: '1',
  row: 'a',
  col: '01',
  route: 'МСК-7',
  client: 'ООО «Ромашка»',
  dims: '40x30x20',
  destination: 'Казань',
  make: 'Bosch',
  quantity: '12',
};

const SAMPLE_BARCODES: Record<LabelTemplate, string> = {
  user: '~W1001-7KQ2',
  'cell-bar-long': '=34717-1-a-01',
  'cell-bar-short': '=34717-2-z-12',
  'cell-qr-long': '=34717-1-a-01',
  'cell-qr-short': '%34717-3-c-05',
  box: '_B00012345',
  'returnable-box': '_R000777',
  parcel: '4650012345678',
  'inbound-detail': 'D-000123-7',
  'delivery-package': 'DLV12-01',
};

/** A cell's name is its short address; a person's or a detail's a few words. */
function sampleValue(template: LabelTemplate, name: string): string {
  if (name === 'name' && template.startsWith('cell-')) return '1-a-01';
  return SAMPLE_VALUES[name] ?? 'x';
}

/** A request with every parameter its template reads. */
function fullRequest(template: LabelTemplate, copies = 1): LabelRequest {
  const spec = LABEL_TEMPLATE_SPECS[template];
  const names = [...spec.required, ...spec.optional].filter((name) => name !== 'barcode');
  return {
    template,
    copies,
    parameters: [
      { name: 'barcode', value: SAMPLE_BARCODES[template] },
      ...names.map((name) => ({ name, value: sampleValue(template, name) })),
    ],
  };
}

/** The field data of a ZPL text with ^FH\ hex escapes undone. */
function zplFields(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((match) =>
    (match[1] ?? '').replace(/\\([0-9A-F]{2})/g, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
  );
}

async function zplOf(request: LabelRequest): Promise<string> {
  return new TextDecoder().decode(await renderLabel(request, 'zpl'));
}

describe('every template', () => {
  it.each(LABEL_TEMPLATES)('%s renders a PDF page of the label size per copy', async (template) => {
    const pdf = await PDFDocument.load(await renderLabel(fullRequest(template, 3), 'pdf'));
    expect(pdf.getPageCount()).toBe(3);
    const { width, height } = pdf.getPage(0).getSize();
    const { widthMm, heightMm } = LABEL_SIZES[template];
    expect(width).toBeCloseTo((widthMm * 72) / 25.4, 3);
    expect(height).toBeCloseTo((heightMm * 72) / 25.4, 3);
  });

  it.each(LABEL_TEMPLATES)(
    '%s renders ZPL with its barcode, captions and copies',
    async (template) => {
      const zpl = await zplOf(fullRequest(template, 4));
      const { widthMm, heightMm } = LABEL_SIZES[template];
      expect(zpl.startsWith('^XA\n^CI28\n')).toBe(true);
      expect(zpl).toContain(`^PW${widthMm * 8}\n^LL${heightMm * 8}\n`);
      expect(zpl).toMatch(/\^PQ4,0,1,Y\n\^XZ\n$/);
      const fields = zplFields(zpl);
      const barcode = SAMPLE_BARCODES[template];
      if (LABEL_TEMPLATE_SPECS[template].symbology === 'qr') {
        expect(zpl).toMatch(/\^BQN,2,\d+\^FH\\\^FDMA,/);
        expect(fields).toContain(`MA,${barcode}`);
      } else {
        expect(zpl).toMatch(/\^BCN,\d+,N,N,N,A\^FH\\\^FD/);
        expect(fields.filter((field) => field === barcode)).toHaveLength(2); // bars and text
      }
      // Each caption the template reads appears in some field (captions carry their prefix).
      for (const name of [
        ...LABEL_TEMPLATE_SPECS[template].required,
        ...LABEL_TEMPLATE_SPECS[template].optional,
      ]) {
        if (name === 'barcode') continue;
        expect(
          fields.some((field) => field.includes(sampleValue(template, name))),
          name,
        ).toBe(true);
      }
    },
  );
});

describe('long realistic captions and codes', () => {
  it.each(
    LONG_LABELS.map((sample) => [sample.template, sample.parameters.barcode, sample] as const),
  )('%s %s: ZPL prints every caption whole', async (_template, _barcode, sample) => {
    const fields = zplFields(await zplOf(sampleRequest(sample)));
    // A wrapped caption is several fields, one per line.
    const text = fields.join(' ');
    expect(text).not.toContain('...');
    for (const [name, value] of Object.entries(sample.parameters)) {
      expect(text, name).toContain(value);
    }
  });

  it.each(
    LONG_LABELS.map((sample) => [sample.template, sample.parameters.barcode, sample] as const),
  )(
    '%s %s: the narrowest bar or QR module is at least 2 dots of a 203 dpi head',
    async (_template, _barcode, sample) => {
      const zpl = await zplOf(sampleRequest(sample));
      const module = /\^BY(\d+),/.exec(zpl) ?? /\^BQN,2,(\d+)/.exec(zpl);
      expect(Number(module?.[1])).toBeGreaterThanOrEqual(2);
    },
  );
});

describe('refusals', () => {
  it.each(LABEL_TEMPLATES)('%s without a barcode is refused in both formats', async (template) => {
    const request = fullRequest(template);
    const withoutBarcode = {
      ...request,
      parameters: request.parameters.filter((parameter) => parameter.name !== 'barcode'),
    };
    const message = `Label "${template}" needs the parameter "barcode"`;
    await expect(renderLabel(withoutBarcode, 'pdf')).rejects.toThrow(message);
    await expect(renderLabel(withoutBarcode, 'zpl')).rejects.toThrow(message);
  });

  it('a blank required caption is refused, an absent optional one leaves its line out', async () => {
    await expect(
      renderLabel(
        {
          template: 'user',
          copies: 1,
          parameters: [
            { name: 'barcode', value: '~W1' },
            { name: 'name', value: '  ' },
          ],
        },
        'zpl',
      ),
    ).rejects.toThrow('Label "user" needs the parameter "name"');
    const zpl = await zplOf({
      template: 'box',
      copies: 1,
      parameters: [{ name: 'barcode', value: '_B1' }],
    });
    expect(zplFields(zpl)).toEqual(['_B1', '_B1']);
  });

  it('refuses copies outside 1..999, unknown templates and a Cyrillic Code128', async () => {
    const request = fullRequest('box');
    await expect(renderLabel({ ...request, copies: 0 }, 'zpl')).rejects.toThrow(/copies/);
    await expect(renderLabel({ ...request, copies: 1.5 }, 'pdf')).rejects.toThrow(/copies/);
    await expect(renderLabel({ ...request, copies: 1000 }, 'pdf')).rejects.toThrow(/copies/);
    await expect(
      renderLabel({ ...request, template: 'sticker' as LabelTemplate }, 'pdf'),
    ).rejects.toThrow(/Unknown label template "sticker"/);
    await expect(
      renderLabel({ ...request, parameters: [{ name: 'barcode', value: 'КОРОБ-1' }] }, 'zpl'),
    ).rejects.toThrow(/printable ASCII/);
  });

  it('refuses a Code128 too long for its label at 2-dot bars, naming it', async () => {
    const barcode = 'PARCEL-0000000000000000000001';
    const request: LabelRequest = {
      template: 'parcel',
      copies: 1,
      parameters: [{ name: 'barcode', value: barcode }],
    };
    const message = `Label "parcel": barcode "${barcode}" is too long for a 58 mm label`;
    await expect(renderLabel(request, 'pdf')).rejects.toThrow(message);
    await expect(renderLabel(request, 'zpl')).rejects.toThrow(message);
  });

  it('escapes ZPL command prefixes in field data', async () => {
    const zpl = await zplOf({
      template: 'parcel',
      copies: 1,
      parameters: [
        { name: 'barcode', value: '>P^1~2\\3' },
        { name: 'client', value: 'A^B~C' },
      ],
    });
    expect(zpl).toContain('^FD>P\\5E1\\7E2\\5C3^FS');
    expect(zpl).toContain('^FDA\\5EB\\7EC^FS');
  });
});

describe('cell ranges (spec part 1 §9)', () => {
  it('expands row-from..row-to × col-from..col-to row by row', () => {
    const requests = expandCellRange({
      warehouseNumber: 34717,
      zoneNumber: 1,
      rowFrom: 'a',
      rowTo: 'c',
      colFrom: 9,
      colTo: 10,
      form: '1d',
      length: 'long',
      copies: 2,
    });
    expect(requests.map((r) => r.parameters.find((p) => p.name === 'barcode')?.value)).toEqual([
      '=34717-1-a-09',
      '=34717-1-a-10',
      '=34717-1-b-09',
      '=34717-1-b-10',
      '=34717-1-c-09',
      '=34717-1-c-10',
    ]);
    expect(requests[0]).toEqual({
      template: 'cell-bar-long',
      copies: 2,
      parameters: [
        { name: 'barcode', value: '=34717-1-a-09' },
        { name: 'name', value: '1-a-09' },
        { name: 'zone', value: '1' },
        { name: 'row', value: 'a' },
        { name: 'col', value: '09' },
      ],
    });
    const qr = expandCellRange({
      warehouseNumber: 1,
      zoneNumber: 2,
      rowFrom: 'z',
      rowTo: 'z',
      colFrom: 1,
      colTo: 1,
      form: 'qr',
      length: 'short',
    });
    expect(qr.map((r) => [r.template, r.copies])).toEqual([['cell-qr-short', 1]]);
  });

  it('refuses rows outside a–z and reversed ranges', () => {
    const base = {
      warehouseNumber: 1,
      zoneNumber: 1,
      colFrom: 1,
      colTo: 2,
      form: 'qr',
      length: 'long',
    } as const;
    expect(() => expandCellRange({ ...base, rowFrom: 'a', rowTo: 'A' })).toThrow(
      /rows run from a to z/,
    );
    expect(() => expandCellRange({ ...base, rowFrom: 'а', rowTo: 'b' })).toThrow(
      /rows run from a to z/,
    ); // Cyrillic а
    expect(() => expandCellRange({ ...base, rowFrom: 'c', rowTo: 'b' })).toThrow(/is after/);
    expect(() => expandCellRange({ ...base, rowFrom: 'a', rowTo: 'b', colFrom: 3 })).toThrow(
      /is after/,
    );
    expect(() => expandCellRange({ ...base, rowFrom: 'a', rowTo: 'b', colFrom: 0 })).toThrow(
      /columns/,
    );
  });
});
