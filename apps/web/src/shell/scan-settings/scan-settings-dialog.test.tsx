import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryCookieJar } from '../../lib/cookies';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider, type ShellServices } from '../shell-services';
import { ScanSettingsButton } from './scan-settings-button';

async function renderButton(services: ShellServices) {
  return renderWithI18n(
    <ShellServicesProvider services={services}>
      <ScanSettingsButton />
    </ShellServicesProvider>,
    'en',
  );
}

describe('scan settings', () => {
  it('a header button with an accessible name and the icon of the device opens the dialog', async () => {
    const services = createTestServices();
    await renderButton(services);
    const button = screen.getByRole('button', { name: 'Scan settings (Scanner)' });
    expect(button.querySelector('svg')).toBeTruthy();
    expect(button.dataset.device).toBe('scanner');
    expect(screen.queryByTestId('dialog')).toBeNull();
    await userEvent.click(button);
    // The dialog's code loads when it is opened.
    expect(await screen.findByRole('heading', { name: 'Scan settings' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('scan-settings-done'));
    expect(screen.queryByTestId('dialog')).toBeNull();
  });

  it('keeps every change in cookies at once', async () => {
    const cookies = createMemoryCookieJar();
    const services = createTestServices({
      cookies,
      listCameras: async () => [
        { deviceId: 'd1', label: 'Front camera' },
        { deviceId: 'd2', label: '' },
      ],
    });
    await renderButton(services);
    await userEvent.click(screen.getByTestId('scan-settings-button'));
    await userEvent.click(await screen.findByTestId('scan-settings-device-camera'));
    await userEvent.click(screen.getByTestId('scan-settings-keyboard'));
    const select = screen.getByTestId('scan-settings-camera') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect([...select.options].map((option) => option.text)).toEqual([
      'Default camera',
      'Front camera',
      'Camera 2',
    ]);
    await userEvent.selectOptions(select, 'Front camera');
    expect(services.scanSettings.getSnapshot()).toEqual({
      inputDevice: 'camera',
      isKeyboardAllowed: true,
      cameraDeviceName: 'Front camera',
    });
    expect(cookies.get('scan_input_device')).toBe('camera');
    expect(cookies.get('scan_keyboard_allowed')).toBe('true');
    expect(cookies.get('scan_camera_device')).toBe('Front camera');
    expect(screen.getByTestId('scan-settings-button').dataset.device).toBe('camera');
  });

  it('says so when the browser cannot list cameras', async () => {
    const services = createTestServices({ listCameras: async () => null });
    await renderButton(services);
    await userEvent.click(screen.getByTestId('scan-settings-button'));
    expect(await screen.findByTestId('scan-settings-camera-unavailable')).toBeTruthy();
    expect((screen.getByTestId('scan-settings-camera') as HTMLSelectElement).disabled).toBe(true);
    act(() => services.scanSettings.update({ cameraDeviceName: 'Old camera' }));
    expect(screen.getByRole('option', { name: 'Old camera' })).toBeTruthy();
  });
});
