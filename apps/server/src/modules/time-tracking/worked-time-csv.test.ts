import { describe, expect, it } from 'vitest';
import { formatWorkedTimeCsv } from './worked-time-csv.js';

const row = {
  UserId: 7,
  FullName: 'Иванов Пётр',
  CellBarcode: '=34717-WP-01',
  WorkplaceName: 'Стол 1',
  Minutes: 90,
  Intervals: 2,
};

const ENGLISH = {
  UserId: 'User id',
  FullName: 'Employee',
  CellBarcode: 'Workplace barcode',
  WorkplaceName: 'Workplace',
  Minutes: 'Minutes',
  Intervals: 'Intervals',
};

function linesOf(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').split('\r\n');
}

describe('formatWorkedTimeCsv', () => {
  it('writes a BOM, the header given and one CRLF line per row', () => {
    const csv = formatWorkedTimeCsv([row], ENGLISH);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(linesOf(csv)).toEqual([
      'User id,Employee,Workplace barcode,Workplace,Minutes,Intervals',
      "7,Иванов Пётр,'=34717-WP-01,Стол 1,90,2",
      '',
    ]);
  });

  it('neutralises text a spreadsheet would run as a formula and quotes separators', () => {
    const csv = formatWorkedTimeCsv(
      [
        { ...row, FullName: '+7 999', WorkplaceName: '@SUM(A1)' },
        { ...row, FullName: '-1', WorkplaceName: 'a\nb' },
        { ...row, FullName: 'Doe, "J"', WorkplaceName: '\tx' },
      ],
      ENGLISH,
    );
    expect(linesOf(csv).slice(1, 4)).toEqual([
      "7,'+7 999,'=34717-WP-01,'@SUM(A1),90,2",
      `7,'-1,'=34717-WP-01,"a\nb",90,2`,
      `7,"Doe, ""J""",'=34717-WP-01,'\tx,90,2`,
    ]);
  });
});
