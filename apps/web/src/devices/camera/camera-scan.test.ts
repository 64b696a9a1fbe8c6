import { describe, expect, it, vi } from 'vitest';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { cameraErrorKind } from './camera-error';
import { startCameraScan, type CameraMedia } from './camera-scan';
import type { FrameDecoder } from './decoder';

interface FakeTrack {
  stop: ReturnType<typeof vi.fn>;
  getSettings: () => { deviceId: string };
}

function fakeStream(deviceId: string) {
  const tracks: FakeTrack[] = [{ stop: vi.fn(), getSettings: () => ({ deviceId }) }];
  return {
    tracks,
    stream: { getTracks: () => tracks, getVideoTracks: () => tracks } as unknown as MediaStream,
  };
}

function fakeMedia(devices: Partial<MediaDeviceInfo>[], fail?: string) {
  const opened: { constraints: MediaStreamConstraints; tracks: FakeTrack[] }[] = [];
  const media: CameraMedia = {
    enumerateDevices: async () => devices as MediaDeviceInfo[],
    getUserMedia: async (constraints) => {
      if (fail) throw Object.assign(new Error(fail), { name: fail });
      const video = constraints?.video as MediaTrackConstraints;
      const exact = (video.deviceId as { exact?: string } | undefined)?.exact ?? 'back';
      const { stream, tracks } = fakeStream(exact);
      opened.push({ constraints: constraints ?? {}, tracks });
      return stream;
    },
  };
  return { media, opened };
}

function fakeVideo() {
  return {
    srcObject: null as MediaStream | null,
    readyState: 4,
    play: vi.fn(async () => undefined),
  } as unknown as HTMLVideoElement;
}

/** A decoder that answers the frames given, one per call, then nothing. */
function scriptedDecoder(frames: string[][]): FrameDecoder {
  let index = 0;
  return { kind: 'zxing', decode: async () => frames[index++] ?? [] };
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('startCameraScan', () => {
  it('reads frames on a timer, takes a label held in view once, and stops every track', async () => {
    const scheduler = createFakeScheduler();
    const { media, opened } = fakeMedia([]);
    const scans: string[] = [];
    const video = fakeVideo();
    const scan = startCameraScan(video, null, {
      media,
      scheduler,
      loadDecoder: async () => scriptedDecoder([[], ['%Z1'], ['%Z1'], ['%Z1', 'P-7'], []]),
      onScan: (text) => scans.push(text),
      intervalMs: 100,
    });
    expect(await scan.started).toBe('zxing');
    expect(video.srcObject).not.toBeNull();
    expect(opened[0]?.constraints.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    for (let i = 0; i < 6; i++) {
      scheduler.advance(100);
      await flush();
    }
    expect(scans).toEqual(['%Z1', 'P-7']);
    scan.stop();
    expect(opened[0]?.tracks[0]?.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
    expect(scheduler.pending()).toBe(0);
  });

  it('opens the camera named in the settings by its label', async () => {
    const { media, opened } = fakeMedia([
      { kind: 'videoinput', deviceId: 'id-front', label: 'Front' },
      { kind: 'videoinput', deviceId: 'id-usb', label: 'USB camera' },
    ]);
    const scan = startCameraScan(fakeVideo(), 'USB camera', {
      media,
      scheduler: createFakeScheduler(),
      loadDecoder: async () => scriptedDecoder([]),
      onScan: () => undefined,
    });
    await scan.started;
    expect(opened).toHaveLength(1);
    expect(opened[0]?.constraints.video).toMatchObject({ deviceId: { exact: 'id-usb' } });
    scan.stop();
  });

  it('falls back to the back camera when the named one is not there', async () => {
    const { media, opened } = fakeMedia([
      { kind: 'videoinput', deviceId: 'id-front', label: 'Front' },
    ]);
    const scan = startCameraScan(fakeVideo(), 'Gone camera', {
      media,
      scheduler: createFakeScheduler(),
      loadDecoder: async () => scriptedDecoder([]),
      onScan: () => undefined,
    });
    await scan.started;
    expect(opened).toHaveLength(1);
    expect(opened[0]?.constraints.video).toMatchObject({ facingMode: { ideal: 'environment' } });
    scan.stop();
  });

  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['NotFoundError', 'no-camera'],
  ])('a refused camera (%s) is %s', async (name, kind) => {
    const { media } = fakeMedia([], name);
    const scan = startCameraScan(fakeVideo(), null, {
      media,
      scheduler: createFakeScheduler(),
      loadDecoder: async () => scriptedDecoder([]),
      onScan: () => undefined,
    });
    await expect(scan.started).rejects.toSatisfy((error) => cameraErrorKind(error) === kind);
  });

  it('no media devices at all is no camera', async () => {
    const scan = startCameraScan(fakeVideo(), null, {
      media: undefined,
      scheduler: createFakeScheduler(),
      loadDecoder: async () => scriptedDecoder([]),
      onScan: () => undefined,
    });
    await expect(scan.started).rejects.toSatisfy((error) => cameraErrorKind(error) === 'no-camera');
  });

  it('a decoder that fails to load is decoder-failed, and the camera is released', async () => {
    const { media, opened } = fakeMedia([]);
    const video = fakeVideo();
    const scan = startCameraScan(video, null, {
      media,
      scheduler: createFakeScheduler(),
      loadDecoder: () => Promise.reject(new Error('wasm 404')),
      onScan: () => undefined,
    });
    await expect(scan.started).rejects.toSatisfy(
      (error) => cameraErrorKind(error) === 'decoder-failed',
    );
    expect(opened[0]?.tracks[0]?.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });

  it('closed while the camera was still opening: the late stream is stopped at once', async () => {
    const { media, opened } = fakeMedia([]);
    const scan = startCameraScan(fakeVideo(), null, {
      media,
      scheduler: createFakeScheduler(),
      loadDecoder: async () => scriptedDecoder([]),
      onScan: () => undefined,
    });
    scan.stop();
    await expect(scan.started).rejects.toBeDefined();
    expect(opened[0]?.tracks[0]?.stop).toHaveBeenCalled();
  });
});
