/**
 * The one polite live region of the app (docs/DECISIONS.md "Web shell", what a screen reader
 * hears): a scan flow's prompt writes its outcome and next prompt here on every change, and an
 * ok or info toast that cannot be shown is said here. A text that a live element said in the
 * last moments (an error toast's alert, or this region) is not said again, so an error shown
 * both on the prompt and in a toast is heard once.
 */
export interface Announcement {
  /** Grows with every message, so the region is written even when a text repeats. */
  id: number;
  text: string;
}

/** How long a text said once counts as heard: the prompt and its toast come in one turn. */
export const HEARD_MS = 3_000;

export interface Announcer {
  /** Queues a text; what is queued in one turn is said as one message, in order. */
  say(text: string): void;
  /** A text a live element said by itself (an alert toast): not repeated by the region. */
  noteSaid(text: string): void;
  /** True when the text was said in the last HEARD_MS. */
  wasSaid(text: string): boolean;
  getSnapshot(): Announcement | null;
  subscribe(listener: () => void): () => void;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

export function createAnnouncer(now: () => number = () => performance.now()): Announcer {
  let current: Announcement | null = null;
  let queued: string[] = [];
  const said = new Map<string, number>();
  const listeners = new Set<() => void>();

  const wasSaid = (text: string) => {
    const at = said.get(normalise(text));
    return at !== undefined && now() - at < HEARD_MS;
  };
  const noteSaid = (text: string) => {
    const key = normalise(text);
    if (key) said.set(key, now());
    for (const [old, at] of said) if (now() - at >= HEARD_MS) said.delete(old);
  };

  const flush = () => {
    const parts = queued.filter((text, index) => queued.indexOf(text) === index);
    queued = [];
    const text = parts.join('. ').replace(/\.\.\s/g, '. ');
    if (!text) return;
    current = { id: (current?.id ?? 0) + 1, text };
    for (const listener of listeners) listener();
  };

  return {
    say(text) {
      const key = normalise(text);
      if (!key || wasSaid(key)) return;
      noteSaid(key);
      if (queued.length === 0) queueMicrotask(flush);
      queued.push(key);
    },
    noteSaid,
    wasSaid,
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's announcer: one per page, like the region it feeds. */
export const announcer = createAnnouncer();
