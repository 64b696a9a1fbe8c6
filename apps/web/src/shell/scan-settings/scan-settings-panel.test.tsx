import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../../lib/cookies';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider } from '../shell-services';
import { ScanSettingsPanel } from './scan-settings-panel';

describe('the scan settings panel', () => {
  it('keeps «Читать NFC-метки» in its cookie', async () => {
    const cookies = createMemoryCookieJar();
    await renderWithI18n(
      <ShellServicesProvider services={createTestServices({ cookies })}>
        <ScanSettingsPanel cookiesDisabledText="Cookie disabled, please enable cookies" />
      </ShellServicesProvider>,
      'ru',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Читать NFC-метки' }));
    expect(cookies.get('scan_nfc_enabled')).toBe('true');
    expect(screen.queryByTestId('scan-settings-cookies-disabled')).toBeNull();
  });

  it('says cookies are disabled, in place, when a setting does not read back', async () => {
    const cookies = { ...createMemoryCookieJar(), set: () => undefined };
    await renderWithI18n(
      <ShellServicesProvider services={createTestServices({ cookies })}>
        <ScanSettingsPanel cookiesDisabledText="Cookie disabled, please enable cookies" />
      </ShellServicesProvider>,
      'ru',
    );
    await userEvent.click(screen.getByTestId('scan-settings-device-camera'));
    expect(screen.getByTestId('scan-settings-cookies-disabled').textContent).toBe(
      'Cookie disabled, please enable cookies',
    );
  });
});
