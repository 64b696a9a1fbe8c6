import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openCamera } from '../../devices/camera/camera-scan';
import { useScanSettings } from '../../shell';
import { controlStyles } from '../../ui';
import styles from './settings.module.css';

/**
 * A small live preview of the chosen camera, to pick the right one (the issue's /settings
 * scanner); opened on request, every track stopped when closed or the camera changes.
 */
export function CameraPreview() {
  const { t } = useTranslation('settings');
  const { cameraDeviceName } = useScanSettings();
  const [isOpen, setOpen] = useState(false);
  const [isFailed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    let stream: MediaStream | null = null;
    let isCurrent = true;
    setFailed(false);
    openCamera(navigator.mediaDevices, cameraDeviceName).then(
      (opened) => {
        stream = opened;
        if (!isCurrent) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        if (video.current) video.current.srcObject = opened;
      },
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [isOpen, cameraDeviceName]);

  return (
    <div className={styles.preview}>
      <button
        type="button"
        className={controlStyles.button}
        data-testid="settings-camera-preview"
        aria-pressed={isOpen}
        onClick={() => setOpen((open) => !open)}
      >
        {t(isOpen ? 'scanner.previewClose' : 'scanner.preview')}
      </button>
      {isOpen ? <video ref={video} className={styles.video} autoPlay muted playsInline /> : null}
      {isFailed ? <p className={styles.muted}>{t('scanner.previewFailed')}</p> : null}
    </div>
  );
}
