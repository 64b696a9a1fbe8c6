/**
 * One request id per user action (docs/DECISIONS.md "Error reporting"): a tap, a key, a scan
 * starts a new one; every call made until the next action sends it as `X-Request-Id`, so a
 * scan, its HTTP calls, their server log lines and an error report of it share one id.
 */

/** A random id the server keeps as sent (contracts' `isWellFormedRequestId`). */
export function newRequestId(): string {
  // randomUUID needs a secure context; a handheld on the centre's plain-http LAN has none.
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let current = newRequestId();

/** Starts a user action: the calls from now on carry a new id. */
export function beginUserAction(): string {
  current = newRequestId();
  return current;
}

/** The id of the user action under way. */
export function currentRequestId(): string {
  return current;
}

/**
 * Begins an action on every tap and key press (capture phase: before the screen reacts).
 * Returns the function that stops listening.
 */
export function followUserActions(target: EventTarget): () => void {
  const begin = () => {
    beginUserAction();
  };
  target.addEventListener('pointerdown', begin, { capture: true, passive: true });
  target.addEventListener('keydown', begin, { capture: true, passive: true });
  return () => {
    target.removeEventListener('pointerdown', begin, { capture: true });
    target.removeEventListener('keydown', begin, { capture: true });
  };
}
