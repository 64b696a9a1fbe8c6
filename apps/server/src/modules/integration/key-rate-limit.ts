/**
 * At most `perMinute` calls per API key per clock minute (docs/DECISIONS.md "Integration"),
 * as the error reports' device limit: kept in this process's memory, so with several
 * processes a key gets that many per process, which still bounds it.
 */
export function createKeyRateLimit(perMinute: number, now: () => Date) {
  let minute = -1;
  const counts = new Map<number, number>();
  return {
    /** True when the key may make one more call this minute (and counts it). */
    take(apiKeyId: number): boolean {
      const current = Math.floor(now().getTime() / 60_000);
      if (current !== minute) {
        minute = current;
        counts.clear();
      }
      const used = counts.get(apiKeyId) ?? 0;
      if (used >= perMinute) return false;
      counts.set(apiKeyId, used + 1);
      return true;
    },
    /** Seconds until the next minute begins (the 429's Retry-After). */
    retryAfterSeconds(): number {
      return 60 - Math.floor((now().getTime() % 60_000) / 1000);
    },
  };
}
