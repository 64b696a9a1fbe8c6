/** A camera the browser offers (`enumerateDevices`, kind videoinput). */
export interface CameraDevice {
  deviceId: string;
  /** The name shown and kept in the cookie; empty before the camera permission is given. */
  label: string;
}

/** Lists cameras; null when the browser cannot (no `navigator.mediaDevices`, insecure page). */
export type ListCameras = () => Promise<CameraDevice[] | null>;

/** The browser's cameras. */
export const listBrowserCameras: ListCameras = async () => {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!media || typeof media.enumerateDevices !== 'function') return null;
  try {
    const devices = await media.enumerateDevices();
    return devices
      .filter((device) => device.kind === 'videoinput')
      .map((device) => ({ deviceId: device.deviceId, label: device.label }));
  } catch {
    return null;
  }
};
