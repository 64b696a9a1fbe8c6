import { useEffect, useRef, useState, type RefObject } from 'react';
import { cameraErrorKind, type CameraErrorKind } from '../devices/camera/camera-error';
import { openPhotoCamera, stopStream } from '../devices/photo/photo-camera';

export type LiveCamera =
  | { status: 'starting' }
  | { status: 'live'; track: MediaStreamTrack | undefined }
  | { status: 'error'; error: CameraErrorKind };

/**
 * The live camera in `video` while `isOn`: opened for stills, every track stopped when it is
 * turned off, the camera changes, the page is left or hidden (a handheld's camera is not held
 * in the background). `attempt` opens it again («Повторить»).
 */
export function useLiveCamera(
  video: RefObject<HTMLVideoElement | null>,
  deviceName: string | null,
  isOn: boolean,
  attempt: number,
): LiveCamera {
  const [camera, setCamera] = useState<LiveCamera>({ status: 'starting' });
  const [isVisible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  useEffect(() => {
    if (!isOn || !isVisible) return;
    let isCurrent = true;
    const element = video.current;
    setCamera({ status: 'starting' });
    openPhotoCamera(navigator.mediaDevices, deviceName).then(
      (opened) => {
        if (!isCurrent) return stopStream(opened);
        stream.current = opened;
        if (element) {
          element.srcObject = opened;
          // autoplay starts it too; a refused play() only delays the preview
          element.play().catch(() => undefined);
        }
        setCamera({ status: 'live', track: opened.getVideoTracks()[0] });
      },
      (error: unknown) => {
        if (isCurrent) setCamera({ status: 'error', error: cameraErrorKind(error) });
      },
    );
    return () => {
      isCurrent = false;
      stopStream(stream.current);
      stream.current = null;
      if (element) element.srcObject = null;
    };
  }, [video, deviceName, isOn, isVisible, attempt]);

  return camera;
}
