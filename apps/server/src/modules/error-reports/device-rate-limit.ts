/**
 * At most `perMinute` reports per device per clock minute (docs/DECISIONS.md "Error
 * reporting"): a crashing screen in a loop cannot flood the table. Kept in this process's
 * memory: with several processes a device gets that many per process, which still bounds it.
 */
export function createDeviceRateLimit(perMinute: number, now: () => Date) {
  let minute = -1;
  const counts = new Map<string, number>();
  return {
    /** True when the device may send one more report this minute (and counts it). */
    take(device: string): boolean {
      const current = Math.floor(now().getTime() / 60_000);
      if (current !== minute) {
        minute = current;
        counts.clear();
      }
      const used = counts.get(device) ?? 0;
      if (used >= perMinute) return false;
      counts.set(device, used + 1);
      return true;
    },
    /** Seconds until the next minute begins (the 429's Retry-After). */
    retryAfterSeconds(): number {
      return 60 - Math.floor((now().getTime() % 60_000) / 1000);
    },
  };
}
