import { useEffect, useState } from 'react';
import { useShellServices } from '../shell-services';
import type { DevicesRuntime } from './devices-runtime';

/**
 * The devices runtime, loaded and held while the component shows (its connections kept up, the
 * last release stops them); null while loading, 'failed' when its code did not load.
 */
export function useHeldDevices(): DevicesRuntime | null | 'failed' {
  const { devices } = useShellServices();
  const [runtime, setRuntime] = useState<DevicesRuntime | null | 'failed'>(null);
  useEffect(() => {
    let isCurrent = true;
    let release: (() => void) | null = null;
    devices.load().then(
      (loaded) => {
        if (!isCurrent) return;
        release = loaded.acquire();
        setRuntime(loaded);
      },
      () => isCurrent && setRuntime('failed'),
    );
    return () => {
      isCurrent = false;
      release?.();
    };
  }, [devices]);
  return runtime;
}
