import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { checkImageQuality, type ImageQuality } from '@sorting/domain';
import { hasTorch, setTorch, takeStill } from '../../devices/photo/photo-camera';
import { captureFileName, encodeStill, grayCopy } from '../../devices/photo/photo-encode';
import type { CameraDevice } from '../../devices/scan-settings/cameras';
import { useScanSettings, useShellServices } from '../../shell';
import { appReturnPath, isSlotId, putCapturedImage } from '../../shell/captured-images';
import { Page, controlStyles } from '../../ui';
import { useLiveCamera } from '../../shell/use-live-camera';
import styles from './capture-image.module.css';

/** A still taken: the JPEG, its object URL, the quality verdict and its download name. */
interface Taken {
  jpeg: Blob;
  url: string;
  quality: ImageQuality;
  fileName: string;
}

/** The hand-over of `?returnTo=&slot=`, when both are valid (else the page is on its own). */
function useHandOver(): { returnTo: string; slot: string } | null {
  const { search } = useLocation();
  return useMemo(() => {
    const params = new URLSearchParams(search);
    const returnTo = appReturnPath(params.get('returnTo'), window.location.origin);
    const slot = params.get('slot');
    return returnTo && isSlotId(slot) ? { returnTo, slot } : null;
  }, [search]);
}

/**
 * `/capture-image` (part 2 §2, without sign-in; docs/DECISIONS.md "Device pages"): a photo
 * from the live camera with a sharpness and exposure check, to download, share or hand over
 * to the page that asked for it.
 */
export default function CaptureImagePage() {
  const { t } = useTranslation('capture-image');
  const { t: cameraTexts } = useTranslation('camera-viewfinder');
  const { scanSettings, listCameras } = useShellServices();
  const settings = useScanSettings();
  const navigate = useNavigate();
  const handOver = useHandOver();
  const video = useRef<HTMLVideoElement>(null);
  const [deviceName, setDeviceName] = useState(settings.cameraDeviceName);
  const [cameras, setCameras] = useState<CameraDevice[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [taken, setTaken] = useState<Taken | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isTorchOn, setTorchOn] = useState(false);
  const [failed, setFailed] = useState<'capture' | 'handOver' | null>(null);
  const camera = useLiveCamera(video, deviceName, taken === null, attempt);
  const track = camera.status === 'live' ? camera.track : undefined;

  useEffect(() => {
    // Labels show up once the camera is allowed: list again when it goes live.
    if (camera.status !== 'live') return;
    let isCurrent = true;
    void listCameras().then((list) => isCurrent && setCameras(list ?? []));
    return () => {
      isCurrent = false;
    };
  }, [camera.status, listCameras]);

  useEffect(() => () => (taken ? URL.revokeObjectURL(taken.url) : undefined), [taken]);

  const shoot = async () => {
    if (!video.current || isBusy) return;
    setBusy(true);
    setFailed(null);
    try {
      const still = await takeStill(video.current, track);
      const quality = checkImageQuality(grayCopy(still));
      const jpeg = await encodeStill(still);
      const fileName = captureFileName(new Date());
      setTaken({ jpeg, url: URL.createObjectURL(jpeg), quality, fileName });
    } catch (error) {
      console.warn('still not taken', error);
      setFailed('capture');
    } finally {
      setBusy(false);
    }
  };

  const use = async () => {
    if (!taken || !handOver) return;
    setBusy(true);
    try {
      await putCapturedImage(handOver.slot, taken.jpeg);
      void navigate(handOver.returnTo);
    } catch (error) {
      console.warn('still not handed over', error);
      setFailed('handOver');
      setBusy(false);
    }
  };

  const file = taken ? new File([taken.jpeg], taken.fileName, { type: 'image/jpeg' }) : null;
  const canShare =
    file !== null &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] });

  return (
    <Page title={t('title')} testId="capture-image">
      <div className={styles.controls}>
        <label className={controlStyles.field}>
          {t('camera')}
          <select
            className={controlStyles.input}
            data-testid="capture-camera"
            value={deviceName ?? ''}
            onChange={(event) => setDeviceName(event.target.value || null)}
          >
            <option value="">{t('cameraDefault')}</option>
            {deviceName && !cameras.some((c) => (c.label || c.deviceId) === deviceName) ? (
              <option value={deviceName}>{deviceName}</option>
            ) : null}
            {cameras.map((device, index) => (
              <option key={device.deviceId || index} value={device.label || device.deviceId}>
                {device.label || t('cameraUnnamed', { number: index + 1 })}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={controlStyles.button}
          data-testid="capture-use-for-scanning"
          disabled={deviceName === settings.cameraDeviceName}
          onClick={() => scanSettings.update({ cameraDeviceName: deviceName })}
        >
          {t('useForScanning')}
        </button>
        {hasTorch(track) && track ? (
          <button
            type="button"
            className={controlStyles.button}
            data-testid="capture-torch"
            aria-pressed={isTorchOn}
            onClick={() =>
              setTorch(track, !isTorchOn).then(
                () => setTorchOn(!isTorchOn),
                () => setTorchOn(false),
              )
            }
          >
            {t('torch')}
          </button>
        ) : null}
      </div>

      <div className={styles.frame} hidden={taken !== null || camera.status === 'error'}>
        <video
          ref={video}
          className={styles.video}
          data-testid="capture-video"
          data-status={camera.status}
          muted
          playsInline
          autoPlay
          aria-label={t('preview')}
        />
      </div>

      {camera.status === 'error' && !taken ? (
        <div
          className={styles.error}
          role="alert"
          data-testid="capture-error"
          data-error={camera.error}
        >
          <p>{cameraTexts(`errors.${camera.error}`)}</p>
          <button
            type="button"
            className={controlStyles.button}
            onClick={() => setAttempt((n) => n + 1)}
          >
            {cameraTexts('retry')}
          </button>
        </div>
      ) : null}

      {taken ? (
        <figure
          className={styles.still}
          data-testid="capture-still"
          data-verdict={taken.quality.verdict}
        >
          <img src={taken.url} alt={t('stillAlt')} className={styles.image} />
          <figcaption className={styles.verdict} data-verdict={taken.quality.verdict} role="status">
            {t(`verdict.${taken.quality.verdict}`)}
          </figcaption>
        </figure>
      ) : null}

      {failed ? (
        <p role="alert" className={styles.failed} data-testid="capture-failed">
          {t(failed === 'capture' ? 'captureFailed' : 'handOverFailed')}
        </p>
      ) : null}

      <div className={styles.actions}>
        {taken ? (
          <>
            <button
              type="button"
              className={controlStyles.button}
              data-testid="capture-retake"
              onClick={() => setTaken(null)}
            >
              {t('retake')}
            </button>
            <a
              className={controlStyles.button}
              data-testid="capture-download"
              href={taken.url}
              download={taken.fileName}
            >
              {t('download')}
            </a>
            {canShare && file ? (
              <button
                type="button"
                className={controlStyles.button}
                data-testid="capture-share"
                onClick={() => navigator.share({ files: [file] }).catch(() => undefined)}
              >
                {t('share')}
              </button>
            ) : null}
            {handOver ? (
              <button
                type="button"
                className={controlStyles.primary}
                data-testid="capture-use"
                disabled={isBusy}
                onClick={() => void use()}
              >
                {t('use')}
              </button>
            ) : null}
          </>
        ) : (
          <button
            type="button"
            className={controlStyles.primary}
            data-testid="capture-shoot"
            disabled={camera.status !== 'live' || isBusy}
            onClick={() => void shoot()}
          >
            {t('shoot')}
          </button>
        )}
      </div>
    </Page>
  );
}
