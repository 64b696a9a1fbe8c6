import { describe, expect, it } from 'vitest';
import { ZPrintOutcomeMessage } from '@sorting/contracts';
import { printableOutcomeMessage } from './print-outcome-message.js';

describe('printableOutcomeMessage', () => {
  it('keeps a plain message, its lines and tabs as they are', () => {
    const message = 'lp: Error - printer zebra-1 is not ready\n\tcheck the paper\r\n';
    expect(printableOutcomeMessage(message)).toBe(message);
    expect(printableOutcomeMessage(null)).toBeNull();
  });

  it('turns control characters into spaces and a lone surrogate into U+FFFD, so the hub takes it', () => {
    const message = 'jam\u0000 at\u001b[31m head\u0085 \ud800 end';
    const printable = printableOutcomeMessage(message);
    expect(printable).toBe('jam  at [31m head  \ufffd end');
    expect(ZPrintOutcomeMessage.safeParse(message).success).toBe(false);
    expect(ZPrintOutcomeMessage.safeParse(printable).success).toBe(true);
  });

  it('cuts an over-long message to what the hub takes', () => {
    const printable = printableOutcomeMessage('x'.repeat(30_000));
    expect(printable).toHaveLength(20_000);
    expect(ZPrintOutcomeMessage.safeParse(printable).success).toBe(true);
  });
});
