import type { DevicesRuntime } from './devices-runtime';

/**
 * The flow of the printer's and scale's own toasts ("Принтер недоступен"…): a success of the
 * page they were raised on does not close them, a printed test label does.
 */
export const DEVICES_TOAST_FLOW = 'devices';

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
