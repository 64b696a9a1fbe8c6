import { describe, expect, it } from 'vitest';
import { scanCandidates, withLatinCodes } from './scan-candidates';

const texts = (read: string) => scanCandidates(read).map((candidate) => candidate.text);

describe('scan candidates in text read from a label', () => {
  it.each([
    ['Посылка P470001 Москва', [{ text: 'P470001', type: 'parcel' }]],
    ['Ячейка =34717-1-a-01', [{ text: '=34717-1-a-01', type: 'cell' }]],
    ['Зона %Z34717-1', [{ text: '%Z34717-1', type: 'cell' }]],
    ['Короб _B34717-0001.', [{ text: '_B34717-0001', type: 'box' }]],
    ['Акт .69.100200', [{ text: '.69.100200', type: 'acceptance-report' }]],
  ])('offers what part 1 §4 recognises in %s', (read, expected) => {
    expect(scanCandidates(read)).toEqual(expected);
  });

  it.each([
    ['P47O0O1', ['P470001', 'P47O0O1']],
    ['P47000I', ['P470001', 'P47000I']],
    ['P4700l1', ['P470011', 'P4700l1']],
    ['P|470001', ['P1470001', 'P|470001']],
    // Cyrillic Р read for the Latin P
    ['Р470001', ['P470001', 'Р470001']],
    ['(P470001),', ['P470001']],
  ])('corrects the OCR confusions in %s, the corrected text first', (read, expected) => {
    expect(texts(read)).toEqual(expected);
  });

  it('leaves letters outside digit runs as read', () => {
    expect(texts('OLIMP-12345')).toEqual(['OLIMP-12345']);
  });

  it.each([
    ['a badge', '~W1001-7KQ2'],
    ['a badge (>)', '>W1001-7KQ2'],
    ['a badge (<)', '<W1001-7KQ2'],
    ['a login token', 'https://sorting.example/?lkdToken=abc123'],
    ['a URL', 'https://sorting.example/p/12345'],
    ['a measurement', '.GL12345'],
    ['a number under 5 characters', 'P471'],
    ['a word without a digit', 'Отправитель'],
  ])('never offers %s (%s)', (_, read) => {
    expect(scanCandidates(read)).toEqual([]);
  });

  it('offers each text once, in reading order', () => {
    expect(texts('P470001 =34717-1-a-01 P470001 P47OOO1')).toEqual([
      'P470001',
      '=34717-1-a-01',
      'P47OOO1',
    ]);
  });

  it.each([
    ['Санкт-Петербург · 5РВ-01', 'Санкт-Петербург · 5PB-01'],
    ['Р470001\nФара левая', 'P470001\nФара левая'],
    ['Д-3 кв.12 ТС-2', 'Д-3 кв.12 TC-2'],
    ['Москва МСК', 'Москва МСК'],
  ])('writes the codes of %j in Latin: %j', (read, corrected) => {
    expect(withLatinCodes(read)).toBe(corrected);
  });
});
