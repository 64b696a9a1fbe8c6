import { CameraError, cameraErrorKind } from '../camera/camera-error';
import { openCamera, type CameraMedia } from '../camera/camera-scan';

/**
 * A still wants the largest frame of the usual two the camera offers: asking for 1920×1080 as
 * an ideal gives it where the camera has it, else the nearest (1280×720 on most handhelds).
 */
export const PHOTO_CAMERA: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1920 },
  height: { ideal: 1080 },
};

/** Opens the camera for stills (the scan settings' camera, else the back one). */
export async function openPhotoCamera(
  media: CameraMedia | undefined,
  deviceName: string | null,
): Promise<MediaStream> {
  try {
    return await openCamera(media, deviceName, PHOTO_CAMERA);
  } catch (error) {
    throw error instanceof CameraError
      ? error
      : new CameraError(cameraErrorKind(error), { cause: error });
  }
}

/** Stops every track of a stream. */
export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/** Whether the track has a torch (`getCapabilities().torch`, Chrome on Android). */
export function hasTorch(track: MediaStreamTrack | undefined): boolean {
  const capabilities = track?.getCapabilities?.() as TorchCapabilities | undefined;
  return capabilities?.torch === true;
}

/** Turns the torch on or off. */
export function setTorch(track: MediaStreamTrack, isOn: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: isOn } as MediaTrackConstraintSet] });
}

/** A still: something a canvas can draw, with its size. */
export interface Still {
  source: CanvasImageSource;
  width: number;
  height: number;
}

interface ImageCaptureLike {
  takePhoto(): Promise<Blob>;
}
type ImageCaptureConstructor = new (track: MediaStreamTrack) => ImageCaptureLike;

/** The current video frame drawn on a canvas. */
function frameOf(video: HTMLVideoElement): Still {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return { source: canvas, width: canvas.width, height: canvas.height };
}

/**
 * Takes a still: `ImageCapture.takePhoto()` where the browser has it (the camera's full
 * photo resolution), else — or when it fails — the video frame.
 */
export async function takeStill(video: HTMLVideoElement, track?: MediaStreamTrack): Promise<Still> {
  const Capture = (globalThis as { ImageCapture?: ImageCaptureConstructor }).ImageCapture;
  if (Capture && track && track.readyState === 'live') {
    try {
      const bitmap = await createImageBitmap(await new Capture(track).takePhoto());
      return { source: bitmap, width: bitmap.width, height: bitmap.height };
    } catch {
      // some cameras refuse takePhoto; the frame is the still then
    }
  }
  return frameOf(video);
}
