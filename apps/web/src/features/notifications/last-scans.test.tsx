import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShellServicesProvider } from '../../shell/shell-services';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { LAST_SCANS_LIMIT, LastScans } from './last-scans';

describe('LastScans', () => {
  it('lists what the scan input received, newest first, up to the limit', async () => {
    const services = createTestServices();
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <LastScans />
      </ShellServicesProvider>,
      'en',
      ['notifications'],
    );
    expect(screen.getByTestId('last-scans-empty').textContent).toBe(
      'Scan a barcode: it will appear here.',
    );
    await act(async () => {
      for (let index = 1; index <= LAST_SCANS_LIMIT + 2; index++) {
        services.scanInput.push(`_B${index}`, index === 1 ? 'keyboard' : 'scanner');
      }
    });
    const texts = screen.getAllByTestId('last-scan-text').map((item) => item.textContent);
    expect(texts).toHaveLength(LAST_SCANS_LIMIT);
    expect(texts[0]).toBe(`_B${LAST_SCANS_LIMIT + 2}`);
    expect(texts.at(-1)).toBe('_B3');
    expect(screen.getAllByTestId('last-scan')[0]?.textContent).toContain('Scanner');
  });

  it('lists a scan the shell claimed too (a badge that switched the user)', async () => {
    const services = createTestServices();
    services.scanInput.claim((scan) => scan.text.startsWith('~'));
    await renderWithI18n(
      <ShellServicesProvider services={services}>
        <LastScans />
      </ShellServicesProvider>,
      'en',
      ['notifications'],
    );
    await act(async () => {
      services.scanInput.push('~W1002-3MX8', 'camera');
    });
    expect(screen.getByTestId('last-scan-text').textContent).toBe('~W1002-3MX8');
  });
});
