import { describe, expect, it } from 'vitest';
import { describeBrowser, layoutBand } from './device-info';

describe('this device', () => {
  it('names the layout band by the part 1 §2 breakpoints', () => {
    expect([1366, 1184, 1183, 992, 991, 558, 557, 360].map(layoutBand)).toEqual([
      'wide',
      'wide',
      'desktop',
      'desktop',
      'tablet',
      'tablet',
      'handheld',
      'handheld',
    ]);
  });

  it('compares the browser with its minimum', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
    expect(describeBrowser(android)).toEqual({
      kind: 'chromeMobile',
      major: 120,
      minimum: 90,
      isSupported: true,
    });
    const oldSafari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15';
    expect(describeBrowser(oldSafari)).toMatchObject({
      kind: 'safari',
      major: 12,
      isSupported: false,
    });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect(describeBrowser(firefox)).toMatchObject({ kind: 'other', isSupported: false });
  });
});
