import { describe, expect, it } from 'vitest';
import { parseScaleLine } from './scale-protocol.js';

describe('parseScaleLine (A&D / CAS continuous output)', () => {
  it.each([
    ['ST,GS,+0001.234kg', { status: 'stable', mode: 'gross', weightKg: 1.234 }],
    ['ST,NT,+0000.500kg\r', { status: 'stable', mode: 'net', weightKg: 0.5 }],
    ['US,GS,+0002.100kg', { status: 'unstable', mode: 'gross', weightKg: 2.1 }],
    ['ST,GS,+01234.0  g', { status: 'stable', mode: 'gross', weightKg: 1.234 }],
    ['ST,GS,   12.5 kg', { status: 'stable', mode: 'gross', weightKg: 12.5 }],
    ['ST,NT,-0000.120kg', { status: 'stable', mode: 'net', weightKg: -0.12 }],
    ['st,gs,+0003.000KG', { status: 'stable', mode: 'gross', weightKg: 3 }],
    ['ST,GS,+0000750g', { status: 'stable', mode: 'gross', weightKg: 0.75 }],
    ['OL,GS,+9999.999kg', { status: 'overload', mode: 'gross', weightKg: null }],
    ['OL,GS,', { status: 'overload', mode: 'gross', weightKg: null }],
  ])('reads %j', (line, expected) => {
    expect(parseScaleLine(line)).toEqual(expected);
  });

  it.each(['', 'hello', 'ST,GS,', 'ST,XX,+0001.000kg', 'ST,GS,+0001.000lb', 'ST,GS,abc kg'])(
    'rejects %j',
    (line) => {
      expect(parseScaleLine(line)).toBeNull();
    },
  );
});
