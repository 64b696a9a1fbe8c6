import type { DevicesRuntime } from './devices-runtime';

/** The printer and scale, loaded on first use (their code and SignalR stay off the first screen). */
export interface DevicesAccess {
  load(): Promise<DevicesRuntime>;
}

/** Loads once; a failed load is tried again next time. */
export function createDevicesAccess(load: () => Promise<DevicesRuntime>): DevicesAccess {
  let loading: Promise<DevicesRuntime> | null = null;
  return {
    load() {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}
