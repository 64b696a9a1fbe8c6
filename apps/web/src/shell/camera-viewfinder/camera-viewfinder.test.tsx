import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@sorting/domain';
import type { CameraMedia } from '../../devices/camera/camera-scan';
import type { FrameDecoder } from '../../devices/camera/decoder';
import { createScanInput, type Scan } from '../../devices/scanner/scan-input';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createTestRegistry } from '../../test/render';
import CameraViewfinder from './camera-viewfinder';

function fakeMedia(fail?: string) {
  const stop = vi.fn();
  const media: CameraMedia = {
    enumerateDevices: async () => [],
    getUserMedia: async () => {
      if (fail) throw Object.assign(new Error(fail), { name: fail });
      const track = { stop, getSettings: () => ({ deviceId: 'back' }) };
      return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
    },
  };
  return { media, stop };
}

async function renderViewfinder(
  options: {
    locale?: Locale;
    media?: CameraMedia;
    loadDecoder?: () => Promise<FrameDecoder>;
  } = {},
) {
  const i18n = createTestRegistry().instance(options.locale ?? 'en');
  const scheduler = createFakeScheduler();
  const scans: Scan[] = [];
  const scanInput = createScanInput({ play: () => undefined, now: scheduler.now });
  scanInput.onScan((scan) => {
    scans.push(scan);
  });
  const onClose = vi.fn();
  // jsdom has no media playback; the viewfinder's reading does not depend on it.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  render(
    <CameraViewfinder
      i18n={i18n}
      onClose={onClose}
      scanInput={scanInput}
      scheduler={scheduler}
      deviceName={null}
      media={options.media ?? fakeMedia().media}
      loadDecoder={options.loadDecoder ?? (async () => ({ kind: 'zxing', decode: async () => [] }))}
    />,
  );
  await screen.findByTestId('camera-viewfinder');
  return { scheduler, scans, onClose };
}

describe('CameraViewfinder', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('pushes what the camera reads as camera scans, once per label in view', async () => {
    let frame = 0;
    const decoder: FrameDecoder = {
      kind: 'zxing',
      decode: async () => (frame++ < 5 ? ['%Z34717-1'] : []),
    };
    const { scheduler, scans } = await renderViewfinder({ loadDecoder: async () => decoder });
    await waitFor(() =>
      expect(screen.getByTestId('camera-viewfinder').dataset.status).toBe('scanning'),
    );
    expect(screen.getByRole('status').textContent).toBe('Point the camera at a barcode');
    for (let i = 0; i < 6; i++) {
      await act(async () => {
        scheduler.advance(120);
        await Promise.resolve();
      });
    }
    await waitFor(() =>
      expect(scans.map((scan) => `${scan.source}:${scan.text}`)).toEqual(['camera:%Z34717-1']),
    );
  });

  it('tells the worker, in Russian, that the camera permission was refused', async () => {
    await renderViewfinder({ locale: 'ru', media: fakeMedia('NotAllowedError').media });
    const alert = await screen.findByRole('alert');
    expect(alert.dataset.error).toBe('permission-denied');
    expect(alert.textContent).toContain('Нет доступа к камере');
  });

  it('says when there is no camera', async () => {
    await renderViewfinder({ media: fakeMedia('NotFoundError').media });
    expect((await screen.findByRole('alert')).textContent).toContain('No camera found');
  });

  it('says when the decoder did not load, releases the camera, and tries again on request', async () => {
    const { media, stop } = fakeMedia();
    const loadDecoder = vi
      .fn<() => Promise<FrameDecoder>>()
      .mockRejectedValueOnce(new Error('wasm 404'))
      .mockResolvedValue({ kind: 'zxing', decode: async () => [] });
    await renderViewfinder({ media, loadDecoder });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The barcode reader could not be loaded',
    );
    expect(stop).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('camera-viewfinder').dataset.status).toBe('scanning'),
    );
  });

  it('closes by its labelled button, by Escape, and when the page is hidden', async () => {
    const { onClose } = await renderViewfinder();
    const close = screen.getByRole('button', { name: 'Close camera' });
    // The focus moves in an effect after the (suspended) first paint: wait for it, not a tick.
    await waitFor(() => expect(document.activeElement).toBe(close));
    await userEvent.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
