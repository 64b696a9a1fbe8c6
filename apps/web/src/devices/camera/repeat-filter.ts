/** How long a text stays "just scanned" while the camera still sees it. */
export const REPEAT_HOLD_MS = 1500;
/**
 * A text not decoded for this long has left the view. Longer than a few frames at the decode
 * rate, because a label in view still fails to decode now and then (blur, glare, a hand).
 */
export const LEAVE_VIEW_MS = 500;

export interface RepeatFilterOptions {
  holdMs?: number;
  leaveMs?: number;
}

/** Tells a new scan from the same label seen again in the next frames. */
export interface RepeatFilter {
  /**
   * Takes the texts decoded in one frame at time `now` (ms) and answers those that are new
   * scans, in the order given.
   */
  accept(texts: readonly string[], now: number): string[];
}

interface Sighting {
  pushedAt: number;
  seenAt: number;
}

/**
 * Repeat suppression of the camera (a camera held over a label must not scan it twice): a
 * text decoded again less than `holdMs` after it was taken, while it never left the view, is
 * the same scan. It is a new scan once it has left the view (not decoded for `leaveMs`) or
 * `holdMs` after it was taken, as a scanner's trigger pressed again would be.
 */
export function createRepeatFilter(options: RepeatFilterOptions = {}): RepeatFilter {
  const holdMs = options.holdMs ?? REPEAT_HOLD_MS;
  const leaveMs = options.leaveMs ?? LEAVE_VIEW_MS;
  const sightings = new Map<string, Sighting>();

  return {
    accept(texts, now) {
      const accepted: string[] = [];
      for (const text of new Set(texts)) {
        if (!text) continue;
        const last = sightings.get(text);
        const isNew = !last || now - last.seenAt >= leaveMs || now - last.pushedAt >= holdMs;
        if (isNew) accepted.push(text);
        sightings.set(text, { pushedAt: isNew ? now : (last?.pushedAt ?? now), seenAt: now });
      }
      // Forget what is long gone, so a day of scanning does not grow the map.
      for (const [text, sighting] of sightings) {
        if (now - sighting.seenAt >= Math.max(holdMs, leaveMs)) sightings.delete(text);
      }
      return accepted;
    },
  };
}
