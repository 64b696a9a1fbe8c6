import type { KeyValueStorage } from '../../lib/storage';

/** Session storage key of the reload marker: the time of the last reload for a chunk error. */
export const CHUNK_RELOAD_KEY = 'sorting:chunk-reload-at';
/** A second chunk error this soon after such a reload shows the message instead of looping. */
export const CHUNK_RELOAD_LOOP_MS = 10_000;

export interface ChunkReloadDeps {
  storage: KeyValueStorage | null;
  now: () => number;
  /** Full page load: of the page being opened when known, else a reload of the current one. */
  reload: (href?: string) => void;
  /** Shows 'Приложение было обновлено. Требуется обновить страницу!' (attention toast). */
  showMessage: () => void;
}

export type ChunkErrorOutcome = 'reloading' | 'message-shown';

export interface ChunkReload {
  /** Call once at start: shows the message when the last page load was such a reload. */
  start(): boolean;
  /** Call when a lazy chunk failed to load; the app then reloads or shows the message. */
  onChunkError(targetHref?: string): ChunkErrorOutcome;
}

/**
 * Spec part 2 §2: when a page chunk fails to load (typically a new deployment replaced the
 * hashed files), reload the page and then tell the user the app was updated.
 */
export function createChunkReload(deps: ChunkReloadDeps): ChunkReload {
  let lastReloadAt: number | null = null;
  return {
    start() {
      const raw = deps.storage?.getItem(CHUNK_RELOAD_KEY) ?? null;
      if (raw === null) return false;
      deps.storage?.removeItem(CHUNK_RELOAD_KEY);
      const at = Number(raw);
      // Kept in memory: the loop check needs it after the marker is cleared.
      lastReloadAt = Number.isFinite(at) ? at : null;
      deps.showMessage();
      return true;
    },
    onChunkError(targetHref) {
      const now = deps.now();
      if (lastReloadAt !== null && now - lastReloadAt < CHUNK_RELOAD_LOOP_MS) {
        deps.showMessage();
        return 'message-shown';
      }
      try {
        if (!deps.storage) throw new Error('no storage');
        deps.storage.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        // Without a marker the next start could not stop a loop: do not reload at all.
        deps.showMessage();
        return 'message-shown';
      }
      lastReloadAt = now;
      deps.reload(targetHref);
      return 'reloading';
    },
  };
}
