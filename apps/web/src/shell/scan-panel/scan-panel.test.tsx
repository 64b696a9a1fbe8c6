import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { renderWithI18n } from '../../test/render';
import { createTestServices } from '../../test/services';
import { ShellServicesProvider, type ShellServices } from '../shell-services';
import { createRecordingPlayer } from '../sounds/sound-player';
import { SCAN_FLASH_MS, ScanPanel } from './scan-panel';

async function renderPanel(services: ShellServices, locale: 'ru' | 'en' = 'en') {
  return renderWithI18n(
    <ShellServicesProvider services={services}>
      <ScanPanel />
    </ShellServicesProvider>,
    locale,
  );
}

describe('ScanPanel', () => {
  it('shows no typed entry while keyboard input is not allowed', async () => {
    await renderPanel(createTestServices());
    expect(screen.getByTestId('scan-panel').getAttribute('aria-label')).toBe('Scan panel');
    expect(screen.queryByTestId('scan-panel-input')).toBeNull();
    expect(screen.queryByTestId('scan-panel-submit')).toBeNull();
  });

  it('shows the field once keyboard input is allowed, and hides it again', async () => {
    const services = createTestServices();
    await renderPanel(services, 'ru');
    act(() => services.scanSettings.update({ isKeyboardAllowed: true }));
    expect(screen.getByLabelText('Штрихкод')).toBe(screen.getByTestId('scan-panel-input'));
    expect(screen.getByTestId('scan-panel-submit').textContent).toBe('Ввести');
    act(() => services.scanSettings.update({ isKeyboardAllowed: false }));
    expect(screen.queryByTestId('scan-panel-input')).toBeNull();
  });

  it('submits typed text as a keyboard scan, with the scan sound, and clears the field', async () => {
    const sounds = createRecordingPlayer();
    const services = createTestServices({ sounds });
    services.scanSettings.update({ isKeyboardAllowed: true });
    const scans: string[] = [];
    services.scanInput.onScan((scan) => {
      scans.push(`${scan.source}:${scan.text}`);
    });
    await renderPanel(services);
    const input = screen.getByTestId('scan-panel-input') as HTMLInputElement;
    await userEvent.type(input, ' =1-2-3 ');
    await userEvent.click(screen.getByTestId('scan-panel-submit'));
    await userEvent.type(input, '_B9{Enter}');
    await userEvent.click(screen.getByTestId('scan-panel-submit')); // empty: nothing
    expect(scans).toEqual(['keyboard:=1-2-3', 'keyboard:_B9']);
    expect(sounds.played).toEqual(['scan', 'scan']);
    expect(input.value).toBe('');
  });

  it('flashes on every scan, whatever its source, then goes dark', async () => {
    const scheduler = createFakeScheduler();
    const services = createTestServices({ scheduler });
    await renderPanel(services);
    const panel = screen.getByTestId('scan-panel');
    expect(panel.dataset.flash).toBe('false');
    act(() => {
      services.scanInput.push('123', 'scanner');
    });
    expect(panel.dataset.flash).toBe('true');
    act(() => scheduler.advance(SCAN_FLASH_MS - 1));
    expect(panel.dataset.flash).toBe('true');
    act(() => scheduler.advance(1));
    expect(panel.dataset.flash).toBe('false');
  });

  it('in camera mode offers the camera, whose viewfinder opens and closes', async () => {
    const services = createTestServices();
    await renderPanel(services, 'ru');
    expect(screen.queryByTestId('scan-panel-camera')).toBeNull();
    act(() => services.scanSettings.update({ inputDevice: 'camera' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сканировать камерой' }));
    const viewfinder = await screen.findByTestId('camera-viewfinder');
    // While it is open, its own close button is the one way to close it.
    expect(screen.queryByTestId('scan-panel-camera')).toBeNull();
    // jsdom has no camera at all: the worker is told so.
    expect((await screen.findByRole('alert')).textContent).toContain('Камера не найдена');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть камеру' }));
    expect(viewfinder.isConnected).toBe(false);
    expect(document.activeElement).toBe(screen.getByTestId('scan-panel-camera'));
    act(() => services.scanSettings.update({ inputDevice: 'scanner' }));
    expect(screen.queryByTestId('scan-panel-camera')).toBeNull();
  });

  it('offers «Прочитать текст» by the typed entry only; its reader opens under the panel and closes', async () => {
    const services = createTestServices();
    await renderPanel(services, 'ru');
    // A scanner-only panel stays its strip.
    expect(screen.queryByTestId('scan-panel-read-text')).toBeNull();
    act(() => services.scanSettings.update({ isKeyboardAllowed: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Прочитать текст' }));
    const reader = await screen.findByTestId('text-reader');
    expect(screen.queryByTestId('scan-panel-read-text')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть чтение текста' }));
    expect(reader.isConnected).toBe(false);
    // Keyboard focus goes back to the button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByTestId('scan-panel-read-text')),
    );
  });
});
