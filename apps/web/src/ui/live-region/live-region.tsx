import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { announcer } from './announcer';

/**
 * The polite live region, mounted with the layout before anything is said, so screen readers
 * know it; each message is a new node, so a repeated text is read again.
 */
export function LiveRegion() {
  const message = useSyncExternalStore(announcer.subscribe, announcer.getSnapshot);
  return (
    <div
      className="visually-hidden"
      aria-live="polite"
      aria-atomic="true"
      data-testid="live-region"
    >
      {message ? <span key={message.id}>{message.text}</span> : null}
    </div>
  );
}

/** Says `parts` (empty ones left out) through the live region whenever they change. */
export function useAnnounce(...parts: Array<string | null | undefined | false>): void {
  const text = parts.filter((part): part is string => Boolean(part && part.trim())).join('. ');
  useEffect(() => {
    if (text) announcer.say(text);
  }, [text]);
}

/**
 * A scan flow's prompt area: after each render, the text of its parts marked `data-announce`
 * (the outcome above, then what to scan next) is said when it changed.
 */
export function useAnnouncePrompt(ref: RefObject<HTMLElement | null>): void {
  const last = useRef('');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const text = [...element.querySelectorAll('[data-announce]')]
      .map((part) => (part.textContent ?? '').trim())
      .filter(Boolean)
      .join('. ');
    if (text === last.current) return;
    last.current = text;
    if (text) announcer.say(text);
  });
}
