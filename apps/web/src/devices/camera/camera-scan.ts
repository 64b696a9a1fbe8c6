import type { Scheduler } from '../../lib/scheduler';
import { CameraError } from './camera-error';
import type { DecoderKind, FrameDecoder } from './decoder';
import { createRepeatFilter } from './repeat-filter';

/** A frame every 120 ms: quick enough to feel instant, light on a handheld's CPU. */
export const DECODE_INTERVAL_MS = 120;

/** The media calls the camera needs (`navigator.mediaDevices`). */
export type CameraMedia = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;

export interface CameraScanDeps {
  /** `navigator.mediaDevices`; undefined where the browser offers no camera (insecure page). */
  media: CameraMedia | undefined;
  /** Loads the decoder; started together with the camera. */
  loadDecoder: () => Promise<FrameDecoder>;
  scheduler: Scheduler;
  /** A new scan read by the camera. */
  onScan: (text: string) => void;
  /** A frame failed to decode (logged; the next frame is tried). */
  onDecodeError?: (error: unknown) => void;
  intervalMs?: number;
}

/** A running camera scan. */
export interface CameraScan {
  /** Resolves once frames are being read (with the decoder used); rejects with a CameraError. */
  readonly started: Promise<DecoderKind>;
  /** Stops reading and every track of the camera; safe to call at any time, more than once. */
  stop(): void;
}

// The rear camera of a phone or tablet, at a resolution where a label's bars are resolved.
const BACK_CAMERA: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

async function findCamera(media: CameraMedia, name: string): Promise<MediaDeviceInfo | null> {
  const devices = await media.enumerateDevices().catch(() => []);
  return (
    devices.find(
      (device) =>
        device.kind === 'videoinput' && (device.label === name || device.deviceId === name),
    ) ?? null
  );
}

/**
 * Opens the camera named in the scan settings (its label, or its id when the browser gave no
 * label), else the back camera. Labels are empty until the camera permission is given, so a
 * first visit opens the back camera, then switches when the named one shows up. `video` asks
 * for another size (a still on /capture-image wants the largest the camera gives).
 */
export async function openCamera(
  media: CameraMedia | undefined,
  deviceName: string | null,
  video: MediaTrackConstraints = BACK_CAMERA,
): Promise<MediaStream> {
  if (!media || typeof media.getUserMedia !== 'function') throw new CameraError('no-camera');
  const named = deviceName ? await findCamera(media, deviceName) : null;
  const open = (device: MediaDeviceInfo | null) =>
    media.getUserMedia({
      audio: false,
      video: device ? { ...video, deviceId: { exact: device.deviceId } } : video,
    });
  if (named || !deviceName) return open(named);
  const stream = await open(null);
  const found = await findCamera(media, deviceName);
  const current = stream.getVideoTracks()[0]?.getSettings().deviceId;
  if (!found || found.deviceId === current) return stream;
  stopTracks(stream);
  return open(found);
}

/**
 * Shows the camera in `video` and reads a frame every `intervalMs` (the next one only after
 * the previous frame is decoded), giving each new text to `onScan` once (repeat filter).
 */
export function startCameraScan(
  video: HTMLVideoElement,
  deviceName: string | null,
  deps: CameraScanDeps,
): CameraScan {
  const intervalMs = deps.intervalMs ?? DECODE_INTERVAL_MS;
  const filter = createRepeatFilter();
  let isStopped = false;
  let stream: MediaStream | null = null;
  let timer: number | undefined;

  const stop = () => {
    isStopped = true;
    if (timer !== undefined) deps.scheduler.clearTimeout(timer);
    timer = undefined;
    if (stream) stopTracks(stream);
    stream = null;
    video.srcObject = null;
  };

  const readFrames = (decoder: FrameDecoder) => {
    const tick = async () => {
      timer = undefined;
      if (isStopped) return;
      // HAVE_CURRENT_DATA: a frame is there to read.
      if (video.readyState >= 2) {
        try {
          const texts = await decoder.decode(video);
          if (isStopped) return;
          for (const text of filter.accept(texts, deps.scheduler.now())) deps.onScan(text);
        } catch (error) {
          deps.onDecodeError?.(error);
        }
      }
      if (!isStopped) timer = deps.scheduler.setTimeout(() => void tick(), intervalMs);
    };
    timer = deps.scheduler.setTimeout(() => void tick(), 0);
  };

  const start = async (): Promise<DecoderKind> => {
    // Without any camera there is nothing to decode: the decoder (and its .wasm) is not loaded.
    if (!deps.media) throw new CameraError('no-camera');
    const decoding = deps.loadDecoder();
    // Rejected later or never awaited when the camera fails first: not an unhandled rejection.
    decoding.catch(() => undefined);
    const opened = await openCamera(deps.media, deviceName);
    if (isStopped) {
      stopTracks(opened);
      throw new CameraError('camera-failed');
    }
    stream = opened;
    video.srcObject = opened;
    try {
      // autoplay starts it too; a refused play() only delays the preview, not the reading.
      await video.play();
    } catch {
      // ignored, see above
    }
    let decoder: FrameDecoder;
    try {
      decoder = await decoding;
    } catch (error) {
      stop();
      throw new CameraError('decoder-failed', { cause: error });
    }
    if (isStopped) throw new CameraError('camera-failed');
    readFrames(decoder);
    return decoder.kind;
  };

  const started = start().catch((error: unknown) => {
    stop();
    throw error;
  });
  return { started, stop };
}
