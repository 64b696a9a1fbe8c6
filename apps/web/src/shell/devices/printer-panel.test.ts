import { describe, expect, it } from 'vitest';
import { testLabel } from './printer-panel';

describe('the test label', () => {
  it('without a user: TEST-<hhmmss> and the print check name', () => {
    expect(testLabel(null, 'Проверка печати', new Date(2026, 0, 2, 9, 5, 7))).toEqual({
      barcodeName: 'user',
      barcodeData: [
        { name: 'barcode', value: 'TEST-090507' },
        { name: 'name', value: 'Проверка печати' },
      ],
    });
  });

  it('signed in: the user number and name', () => {
    const user = { userId: '11', number: '0042', userName: 'Иванов Пётр' };
    expect(testLabel(user as never, 'Проверка печати').barcodeData).toEqual([
      { name: 'barcode', value: 'TEST-0042' },
      { name: 'name', value: 'Иванов Пётр' },
    ]);
  });
});
