/** Where to go after sign-in (docs/DECISIONS.md "Sign-in page", open-redirect defence). */
export type RedirectTarget =
  { kind: 'router'; to: string } | { kind: 'location'; href: string } | { kind: 'home' };

/**
 * Spec part 1 §5: a target starting with a slash is followed through the router; anything
 * else sets the browser location. To defend against open redirects only a single leading
 * slash counts as a path ('//host' and '/\host' are other hosts to a browser), and a full
 * navigation is made only to an http(s) URL of the page's own origin; all else goes home.
 */
export function resolveRedirect(target: string | null | undefined, origin: string): RedirectTarget {
  const value = target?.trim() ?? '';
  if (!value) return { kind: 'home' };
  if (value.startsWith('/')) {
    const second = value.charAt(1);
    if (second === '/' || second === '\\') return { kind: 'home' };
    return { kind: 'router', to: value };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'home' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'home' };
  if (url.origin !== origin) return { kind: 'home' };
  return { kind: 'location', href: url.href };
}
