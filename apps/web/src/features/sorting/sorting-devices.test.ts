import { describe, expect, it } from 'vitest';
import { createSortingDevices, toStickerOutcome } from './sorting-devices';

describe('sorting devices over the shell printer and scale', () => {
  it('maps every print outcome to the sticker step', () => {
    expect(toStickerOutcome({ status: 'printed', channel: 'local', jobId: 'a' })).toBe('printed');
    // Through the hub only the agent's report makes a printed sticker; a jam is a failure.
    expect(toStickerOutcome({ status: 'printed', channel: 'hub', jobId: 'b' })).toBe('printed');
    expect(toStickerOutcome({ status: 'failed', channel: 'hub', message: 'Paper jam' })).toBe(
      'failed',
    );
    expect(toStickerOutcome({ status: 'unavailable' })).toBe('noPrinter');
    expect(toStickerOutcome({ status: 'failed', channel: 'hub', message: 'x' })).toBe('failed');
  });

  it('a runtime that cannot load is a failed print, not a thrown error', async () => {
    const devices = createSortingDevices({
      print: () => Promise.reject(new Error('chunk failed')),
      readStableWeight: async () => 1,
      openDeviceDialog: () => undefined,
    });
    await expect(
      devices.printSticker({ barcodeName: 'parcel', barcodeData: [], copies: 1 }),
    ).resolves.toBe('failed');
  });

  it('reads the weight through the scale with the abort signal', async () => {
    const signals: AbortSignal[] = [];
    const devices = createSortingDevices({
      print: async () => ({ status: 'unavailable' }),
      readStableWeight: async (signal) => {
        signals.push(signal);
        return 1.5;
      },
      openDeviceDialog: () => undefined,
    });
    const controller = new AbortController();
    await expect(devices.readStableWeightKg(controller.signal)).resolves.toBe(1.5);
    expect(signals).toEqual([controller.signal]);
  });
});
