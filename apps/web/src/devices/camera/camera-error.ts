/** Why the camera does not scan, as the viewfinder tells the worker. */
export type CameraErrorKind =
  /** The person or the browser's settings refused the camera. */
  | 'permission-denied'
  /** No camera, or not the one chosen in the scan settings. */
  | 'no-camera'
  /** The camera exists but does not start (another app holds it, a hardware error). */
  | 'camera-failed'
  /** The barcode decoder did not load (its chunk or .wasm). */
  | 'decoder-failed';

/** An error of the camera adapter with its kind. */
export class CameraError extends Error {
  constructor(
    readonly kind: CameraErrorKind,
    options?: { cause?: unknown },
  ) {
    super(`camera: ${kind}`, options);
    this.name = 'CameraError';
  }
}

/** The kind of a `getUserMedia` failure (DOMException names of the Media Capture spec). */
export function cameraErrorKind(error: unknown): CameraErrorKind {
  if (error instanceof CameraError) return error.kind;
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'no-camera';
    default:
      return 'camera-failed';
  }
}
