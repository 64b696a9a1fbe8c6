import { describe, expect, it } from 'vitest';
import { CameraError, cameraErrorKind } from './camera-error';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('cameraErrorKind', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['SecurityError', 'permission-denied'],
    ['NotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotReadableError', 'camera-failed'],
    ['AbortError', 'camera-failed'],
  ])('%s is %s', (name, kind) => {
    expect(cameraErrorKind(domError(name))).toBe(kind);
  });

  it('keeps the kind of its own errors, and calls anything else a camera failure', () => {
    expect(cameraErrorKind(new CameraError('decoder-failed'))).toBe('decoder-failed');
    expect(cameraErrorKind(undefined)).toBe('camera-failed');
    expect(cameraErrorKind('boom')).toBe('camera-failed');
  });
});
