import type { Page } from '@playwright/test';

/**
 * Types like a keyboard-wedge scanner: fast keystrokes (5–10 ms apart) ending in Enter,
 * wherever the focus is.
 */
export class Scanner {
  constructor(
    private readonly page: Page,
    private readonly delayMs: { min: number; max: number } = { min: 5, max: 10 },
  ) {}

  /** Scans one barcode. */
  async scan(barcode: string): Promise<void> {
    for (const char of barcode) {
      await this.page.keyboard.type(char);
      const { min, max } = this.delayMs;
      await this.page.waitForTimeout(min + Math.random() * (max - min));
    }
    await this.page.keyboard.press('Enter');
  }
}
