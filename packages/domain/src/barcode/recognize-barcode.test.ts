import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SCAN_OBJECT_TYPES,
  parseMeasurementAmount,
  parseQueryParams,
  recognizeBarcode,
  trimScannedText,
  type RecognizedBarcode,
} from './recognize-barcode.js';
import { convertRussianLayoutToLatin } from './keyboard-layout.js';

/** Text that neither is nor (after layout conversion) becomes a URL, so rules 3–8 apply. */
function isUrlFree(text: string): boolean {
  return !/https?:\/\//u.test(text) && !/https?:\/\//u.test(convertRussianLayoutToLatin(text));
}

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  // Pieces that hit the rules: schemes, prefixes, Russian-layout schemes, controls, queries.
  fc.string({
    unit: fc.constantFrom(
      'http://',
      'https://',
      'реезыЖ..',
      'реезЖ..',
      '.69.',
      '.GL',
      '.GW',
      '.GH',
      '=',
      '%',
      '~',
      '>',
      '<',
      '_',
      '?',
      '&',
      '#',
      'lkdToken',
      '=',
      'a',
      '1',
      ',',
      '.',
      ' ',
      '\r',
      '\n',
      '\t',
      '\x1d',
      'Ж',
      'ю',
      '%E2',
      '%zz',
      '+',
    ),
  }),
);

describe('recognizeBarcode: each rule of spec part 1 §4', () => {
  it.each<[string, RecognizedBarcode]>([
    // Rule 1: URL, query parsed.
    [
      'https://host/path?a=1&b=2',
      {
        type: 'url',
        raw: 'https://host/path?a=1&b=2',
        url: 'https://host/path?a=1&b=2',
        params: { a: '1', b: '2' },
      },
    ],
    ['http://x', { type: 'url', raw: 'http://x', url: 'http://x', params: {} }],
    [
      'see http://x/?q=a+b%20c#frag?z=1',
      {
        type: 'url',
        raw: 'see http://x/?q=a+b%20c#frag?z=1',
        url: 'http://x/?q=a+b%20c#frag?z=1',
        params: { q: 'a b c' },
      },
    ],
    [
      'https://x/?a=1&a=2&flag&=v&&%ZZ=%E2%82%AC',
      {
        type: 'url',
        raw: 'https://x/?a=1&a=2&flag&=v&&%ZZ=%E2%82%AC',
        url: 'https://x/?a=1&a=2&flag&=v&&%ZZ=%E2%82%AC',
        params: { a: '1', flag: '', '': 'v', '%ZZ': '€' },
      },
    ],
    [
      'https://x/?bad=%E2%82',
      {
        type: 'url',
        raw: 'https://x/?bad=%E2%82',
        url: 'https://x/?bad=%E2%82',
        params: { bad: '%E2%82' },
      },
    ],
    // Rule 2: a URL carrying lkdToken is a token.
    ['http://x?lkdToken=abc', { type: 'token', raw: 'http://x?lkdToken=abc', token: 'abc' }],
    [
      'https://auth.example/cb?state=1&lkdToken=eyJ.a%2Bb.c',
      {
        type: 'token',
        raw: 'https://auth.example/cb?state=1&lkdToken=eyJ.a%2Bb.c',
        token: 'eyJ.a+b.c',
      },
    ],
    [
      'http://x?lkdToken=',
      {
        type: 'url',
        raw: 'http://x?lkdToken=',
        url: 'http://x?lkdToken=',
        params: { lkdToken: '' },
      },
    ],
    [
      'http://x?lkdtoken=abc',
      {
        type: 'url',
        raw: 'http://x?lkdtoken=abc',
        url: 'http://x?lkdtoken=abc',
        params: { lkdtoken: 'abc' },
      },
    ],
    [
      'http://x#lkdToken=abc',
      { type: 'url', raw: 'http://x#lkdToken=abc', url: 'http://x#lkdToken=abc', params: {} },
    ],
    // Rule 3: acceptance report.
    ['.69.12345', { type: 'acceptance-report', raw: '.69.12345', value: '12345' }],
    ['.69.', { type: 'acceptance-report', raw: '.69.', value: '' }],
    ['.69.https:/x', { type: 'acceptance-report', raw: '.69.https:/x', value: 'https:/x' }],
    // Rule 4: measurements.
    ['.GL12', { type: 'length', raw: '.GL12', value: '12', amount: 12 }],
    ['.GW12.5', { type: 'width', raw: '.GW12.5', value: '12.5', amount: 12.5 }],
    ['.GH7,25', { type: 'height', raw: '.GH7,25', value: '7,25', amount: 7.25 }],
    ['.GL', { type: 'length', raw: '.GL', value: '', amount: null }],
    ['.GLabc', { type: 'length', raw: '.GLabc', value: 'abc', amount: null }],
    ['.GL.69.1', { type: 'length', raw: '.GL.69.1', value: '.69.1', amount: null }],
    // Rule 5: cells (and zones, which carry '%').
    ['=ALL', { type: 'cell', raw: '=ALL', value: '=ALL' }],
    ['=34717-1-a-07', { type: 'cell', raw: '=34717-1-a-07', value: '=34717-1-a-07' }],
    ['%Z34717-1', { type: 'cell', raw: '%Z34717-1', value: '%Z34717-1' }],
    ['=', { type: 'cell', raw: '=', value: '=' }],
    // Rule 6: users.
    ['~W1001-7KQ2', { type: 'user', raw: '~W1001-7KQ2', value: '~W1001-7KQ2' }],
    ['>U1', { type: 'user', raw: '>U1', value: '>U1' }],
    ['<U1', { type: 'user', raw: '<U1', value: '<U1' }],
    // Rule 7: boxes.
    ['_B123', { type: 'box', raw: '_B123', value: '_B123' }],
    // Rule 8: parcels, including near misses of every prefix.
    ['4607001234567', { type: 'parcel', raw: '4607001234567', value: '4607001234567' }],
    ['.69', { type: 'parcel', raw: '.69', value: '.69' }],
    ['.6912', { type: 'parcel', raw: '.6912', value: '.6912' }],
    ['69.1', { type: 'parcel', raw: '69.1', value: '69.1' }],
    ['.gl12', { type: 'parcel', raw: '.gl12', value: '.gl12' }],
    ['.Gl12', { type: 'parcel', raw: '.Gl12', value: '.Gl12' }],
    ['GL12', { type: 'parcel', raw: 'GL12', value: 'GL12' }],
    ['.GX12', { type: 'parcel', raw: '.GX12', value: '.GX12' }],
    ['A=1', { type: 'parcel', raw: 'A=1', value: 'A=1' }],
    ['B_1~', { type: 'parcel', raw: 'B_1~', value: 'B_1~' }],
    ['http:/x', { type: 'parcel', raw: 'http:/x', value: 'http:/x' }],
    ['HTTP://X', { type: 'parcel', raw: 'HTTP://X', value: 'HTTP://X' }],
    ['ftp://x', { type: 'parcel', raw: 'ftp://x', value: 'ftp://x' }],
  ])('%j', (scanned, expected) => {
    expect(recognizeBarcode(scanned)).toEqual(expected);
  });
});

describe('recognizeBarcode: Russian keyboard layout (spec part 1 §4 rule 2)', () => {
  it('converts a URL typed on a Russian layout', () => {
    expect(recognizeBarcode('реезыЖ..рщыеюкг.згдд_id?fБ2')).toEqual({
      type: 'url',
      raw: 'реезыЖ..рщыеюкг.згдд_id?fБ2',
      url: 'https://host.ru/pull_id&f<2',
      params: {},
    });
    expect(recognizeBarcode('реезЖ..ч.цщкл,ш]1')).toEqual({
      type: 'url',
      raw: 'реезЖ..ч.цщкл,ш]1',
      url: 'http://x/work?i]1',
      params: { 'i]1': '' },
    });
  });

  it('reads a login token typed on a Russian layout', () => {
    // 'https://x?lkdToken=Abc1' typed on a Russian layout.
    expect(recognizeBarcode('реезыЖ..ч,длвЕщлут=Фис1')).toEqual({
      type: 'token',
      raw: 'реезыЖ..ч,длвЕщлут=Фис1',
      token: 'Abc1',
    });
    // 'https://x?a=1&lkdToken=Abc1': Shift+7 types '?' on a Russian layout.
    expect(recognizeBarcode('реезыЖ..ч,ф=1?длвЕщлут=Фис1')).toEqual({
      type: 'token',
      raw: 'реезыЖ..ч,ф=1?длвЕщлут=Фис1',
      token: 'Abc1',
    });
  });

  it.each([
    'Посылка №5 / коробка',
    'Тормозные колодки, 4 шт.',
    'реезы', // converts to 'https' only: no '://'
    'ретро.. пост',
  ])('leaves Cyrillic that is not a URL untouched: %s', (text) => {
    expect(recognizeBarcode(text)).toEqual({ type: 'parcel', raw: text, value: text });
  });

  it('takes a real URL with a Cyrillic path as it is', () => {
    expect(recognizeBarcode('https://пример.рф/путь?имя=значение')).toEqual({
      type: 'url',
      raw: 'https://пример.рф/путь?имя=значение',
      url: 'https://пример.рф/путь?имя=значение',
      params: { имя: 'значение' },
    });
  });

  it('keeps Cyrillic after the other prefixes untouched', () => {
    expect(recognizeBarcode('=Ячейка')).toEqual({ type: 'cell', raw: '=Ячейка', value: '=Ячейка' });
    expect(recognizeBarcode('.69.Акт')).toEqual({
      type: 'acceptance-report',
      raw: '.69.Акт',
      value: 'Акт',
    });
  });
});

describe('recognizeBarcode: trimming', () => {
  it.each([
    ['=ALL\r\n', 'cell', '=ALL'],
    ['\t~W1001-7KQ2\r', 'user', '~W1001-7KQ2'],
    ['  _B123  ', 'box', '_B123'],
    ['\x1d.GL12\n', 'length', '.GL12'],
    ['\u00a0\ufeff4607001234567\u0000', 'parcel', '4607001234567'],
    [' https://host/?a=1 \n', 'url', 'https://host/?a=1'],
    ['01\x1d17250101', 'parcel', '01\x1d17250101'],
  ])('%j', (scanned, type, raw) => {
    const result = recognizeBarcode(scanned);
    expect(result.type).toBe(type);
    expect(result.raw).toBe(raw);
  });

  it.each(['', ' ', '\r\n', '\t\x1d \u00a0'])('nothing left is empty: %j', (scanned) => {
    expect(recognizeBarcode(scanned)).toEqual({ type: 'empty', raw: '' });
  });

  it('trims only the ends', () => {
    expect(trimScannedText('\r a \t b \n')).toBe('a \t b');
  });
});

describe('parseMeasurementAmount', () => {
  it.each([
    ['12', 12],
    ['0', 0],
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' 7 ', 7],
    ['-3', -3],
    ['', null],
    ['12.', null],
    ['.5', null],
    ['1,2,3', null],
    ['1e3', null],
    ['0x10', null],
    ['12cm', null],
    ['9'.repeat(400), null],
  ])('%j → %s', (text, expected) => {
    expect(parseMeasurementAmount(text)).toBe(expected);
  });
});

describe('SCAN_OBJECT_TYPES', () => {
  it('lists the twelve types of spec part 1 §3', () => {
    expect([...SCAN_OBJECT_TYPES].sort()).toEqual(
      [
        'acceptance-report',
        'box',
        'cell',
        'height',
        'length',
        'parcel',
        'token',
        'url',
        'user',
        'warehouse',
        'width',
        'zone',
      ].sort(),
    );
  });
});

describe('recognizeBarcode: properties', () => {
  it('never throws and always gives a known type with the trimmed text as raw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = recognizeBarcode(text);
        expect([...SCAN_OBJECT_TYPES, 'empty']).toContain(result.type);
        expect(result.raw).toBe(trimScannedText(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('ignores surrounding whitespace and control characters', () => {
    const junk = fc.string({ unit: fc.constantFrom(' ', '\r', '\n', '\t', '\x1d', '\u00a0') });
    fc.assert(
      fc.property(junk, anyText, junk, (before, text, after) => {
        expect(recognizeBarcode(before + text + after)).toEqual(recognizeBarcode(text));
      }),
    );
  });

  it.each([
    ['=', 'cell'],
    ['%', 'cell'],
    ['~', 'user'],
    ['>', 'user'],
    ['<', 'user'],
    ['_', 'box'],
    ['.GL', 'length'],
    ['.GW', 'width'],
    ['.GH', 'height'],
    ['.69.', 'acceptance-report'],
  ])('%s + any URL-free suffix gives %s', (prefix, type) => {
    fc.assert(
      fc.property(
        anyText.filter((s) => isUrlFree(prefix + s)),
        (suffix) => {
          expect(recognizeBarcode(prefix + suffix).type).toBe(type);
        },
      ),
    );
  });

  it('measurement and acceptance-report values are the text after the prefix', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('.GL', '.GW', '.GH', '.69.'),
        anyText.map(trimScannedText).filter((s) => isUrlFree(s)),
        (prefix, suffix) => {
          const result = recognizeBarcode(prefix + suffix);
          expect('value' in result && result.value).toBe(suffix);
        },
      ),
    );
  });

  it('a URL anywhere wins over every prefix (rule 1 comes first)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', '.69.', '.GL', '.GW', '.GH', '=', '%', '~', '>', '<', '_', 'x'),
        anyText,
        fc.constantFrom('http://', 'https://'),
        fc.webUrl().map((u) => u.replace(/^https?:\/\//u, '')),
        (prefix, middle, scheme, rest) => {
          const type = recognizeBarcode(`${prefix}${middle}${scheme}${rest}`).type;
          expect(['url', 'token']).toContain(type);
        },
      ),
    );
  });

  it('a URL with a non-empty lkdToken gives that token back', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: false, withFragments: true }),
        fc.string({ minLength: 1, unit: 'grapheme' }),
        fc.dictionary(fc.stringMatching(/^[a-km-z]\w*$/u), fc.string()),
        (base, token, other) => {
          const hash = base.indexOf('#');
          const path = hash < 0 ? base : base.slice(0, hash);
          const fragment = hash < 0 ? undefined : base.slice(hash + 1);
          const query = [
            ...Object.entries(other).map(
              ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
            ),
            `lkdToken=${encodeURIComponent(token)}`,
          ].join('&');
          const scanned = `${path}?${query}${fragment === undefined ? '' : `#${fragment}`}`;
          expect(recognizeBarcode(scanned)).toEqual({ type: 'token', raw: scanned, token });
        },
      ),
    );
  });

  it('Cyrillic text that does not become a URL stays untouched', () => {
    const cyrillic = fc.string({
      unit: fc.constantFrom(...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБЖЁЮ .,:;"№?/0123456789'),
    });
    fc.assert(
      fc.property(cyrillic.filter(isUrlFree), (text) => {
        const result = recognizeBarcode(text);
        expect(result.raw).toBe(trimScannedText(text));
        expect(['url', 'token']).not.toContain(result.type);
        if (result.type === 'parcel') expect(result.value).toBe(result.raw);
      }),
    );
  });
});

describe('parseQueryParams agrees with WHATWG URLSearchParams', () => {
  // The test may use the runtime's URLSearchParams as an oracle; the domain package may not.
  const { URLSearchParams: SearchParams } = globalThis as unknown as {
    URLSearchParams: new (query: string) => Iterable<[string, string]>;
  };

  function firstWins(query: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of new SearchParams(query)) if (!Object.hasOwn(out, k)) out[k] = v;
    return out;
  }

  it('on well-formed queries', () => {
    const part = fc.string({ unit: fc.constantFrom('a', 'b', 'Я', '€', ' ', '+', '=', '/', '?') });
    const encoded = part.map((s) => encodeURIComponent(s).replace(/%20/gu, '+'));
    fc.assert(
      fc.property(fc.array(fc.tuple(encoded, fc.option(encoded))), (pairs) => {
        const query = pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&');
        expect(parseQueryParams(`https://h/p?${query}#x`)).toEqual(firstWins(query));
      }),
    );
  });
});
