import { createScanSettingsStore } from '../devices/scan-settings/scan-settings';
import { createScanInput } from '../devices/scanner/scan-input';
import { createMemoryCookieJar } from '../lib/cookies';
import { browserScheduler } from '../lib/scheduler';
import { createMemoryStorage } from '../lib/storage';
import { createToastStore } from '../shell/notifications/toast-store';
import { createSessionStore } from '../shell/session/session-store';
import type { FlagStore, ShellServices } from '../shell/shell-services';
import { createRecordingPlayer } from '../shell/sounds/sound-player';

const idle: FlagStore = { subscribe: () => () => undefined, getSnapshot: () => false };

/** Shell services for tests: in-memory cookies, a recording player, idle flags. */
export function createTestServices(overrides: Partial<ShellServices> = {}): ShellServices {
  const sounds = overrides.sounds ?? createRecordingPlayer();
  const cookies = overrides.cookies ?? createMemoryCookieJar();
  return {
    cookies,
    scheduler: browserScheduler,
    sounds,
    toasts: createToastStore({
      scheduler: browserScheduler,
      sounds,
      getViewportWidth: () => 1280,
      sanitize: (html) => html,
      toText: (html) => html,
    }),
    session: createSessionStore(),
    sessionApi: {
      searchUser: async () => ({ isSuccess: false, message: null }),
      signIn: async () => ({ isSuccess: false, message: null }),
      endSession: async () => ({ isSuccess: true }),
      demoUsers: async () => ({ isSuccess: true, operationObject: [] }),
    },
    localStorage: createMemoryStorage(),
    routerBusy: idle,
    mainLoader: idle,
    scanInput: createScanInput({ play: (name) => sounds.play(name), now: () => Date.now() }),
    scanSettings: createScanSettingsStore(cookies, () => 'localhost'),
    listCameras: async () => [],
    devices: { load: () => Promise.reject(new Error('No devices in this test')) },
    ...overrides,
  };
}

/** The toasts on screen, every position, newest first where the shell prepends them. */
export function shownToasts(services: ShellServices): Array<{ status: string; content: string }> {
  return Object.values(services.toasts.getSnapshot())
    .flat()
    .map((toast) => ({ status: toast.status, content: toast.content }));
}

/** A print port that records each request and answers `outcome` (of the n-th print). */
export function recordingPrint<Request, Outcome>(outcome: Outcome | ((count: number) => Outcome)) {
  const printed: Request[] = [];
  const print = async (request: Request): Promise<Outcome> => {
    printed.push(request);
    return typeof outcome === 'function'
      ? (outcome as (count: number) => Outcome)(printed.length)
      : outcome;
  };
  return { printed, print };
}
