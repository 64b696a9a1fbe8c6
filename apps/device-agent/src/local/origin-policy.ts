// Which web pages may use the agent. A page of any other site must not print or read the scale.

/** Whether an Origin header matches one of the patterns (`https://host`, `http://host:*`). */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin.toLowerCase().replace(/\/$/, '')) return false;
  return patterns.some((pattern) => {
    if (pattern.endsWith(':*')) {
      const base = new URL(pattern.slice(0, -2));
      return url.protocol === base.protocol && url.hostname === base.hostname;
    }
    return new URL(pattern).origin === url.origin;
  });
}
