import type { CDPSession, Page } from '@playwright/test';

type KeyEvent = {
  type: 'keyDown' | 'keyUp';
  key: string;
  code?: string;
  text?: string;
  windowsVirtualKeyCode?: number;
};

/**
 * Types like a keyboard-wedge scanner: fast keystrokes (5–10 ms apart) ending in Enter,
 * wherever the focus is. The keys go through the DevTools protocol stamped with the scanner's
 * own timing, as a real scanner's keys carry the time the hardware sent them: one awaited
 * `page.keyboard` call per key takes 30–200 ms on a loaded machine, slower than a person types,
 * and the app tells a scan from typing by those timestamps (`KeyboardEvent.timeStamp`).
 */
export class Scanner {
  private session: Promise<CDPSession> | undefined;

  constructor(
    private readonly page: Page,
    private readonly delayMs: { min: number; max: number } = { min: 5, max: 10 },
  ) {}

  /** Scans one barcode. */
  async scan(barcode: string): Promise<void> {
    this.session ??= this.page.context().newCDPSession(this.page);
    const session = await this.session;
    const sent: Promise<unknown>[] = [];
    let at = Date.now();
    // Sent without waiting for each answer; the protocol keeps their order.
    const send = (event: KeyEvent) =>
      sent.push(session.send('Input.dispatchKeyEvent', { ...event, timestamp: at / 1000 }));
    for (const char of barcode) {
      send({ type: 'keyDown', key: char, text: char });
      send({ type: 'keyUp', key: char });
      const { min, max } = this.delayMs;
      const gap = min + Math.random() * (max - min);
      at += gap;
      await new Promise((resolve) => setTimeout(resolve, gap));
    }
    const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
    send({ type: 'keyDown', ...enter, text: '\r' });
    send({ type: 'keyUp', ...enter });
    await Promise.all(sent);
  }
}
