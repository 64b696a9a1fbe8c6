import { useEffect, type RefObject } from 'react';

/** The path of the last screen shown: the first screen of a visit keeps the browser's focus. */
let lastPath: string | null = null;

/** «Сортировка — Выдача»; the app's name alone where the heading is the app's name. */
export function screenTitle(appTitle: string, heading: string): string {
  return heading && heading !== appTitle ? `${appTitle} — ${heading}` : appTitle;
}

/**
 * Each screen names itself in the document title after its heading, and on a route change
 * focus moves to that heading, so a change of screen is heard (docs/DECISIONS.md "Web shell",
 * what a screen reader hears) — unless the new screen has put focus somewhere of its own. The
 * heading comes with the route's lazy code, so `main` is watched until it shows.
 */
export function useScreenHeading(
  main: RefObject<HTMLElement | null>,
  appTitle: string,
  pathname: string,
): void {
  useEffect(() => {
    const element = main.current;
    if (!element) return undefined;
    const previous = lastPath;
    lastPath = pathname;
    let isFocusDue = previous !== null && previous !== pathname;
    const update = () => {
      const heading = element.querySelector('h1');
      if (!heading) return;
      document.title = screenTitle(appTitle, (heading.textContent ?? '').trim());
      if (!isFocusDue) return;
      isFocusDue = false;
      const focused = document.activeElement;
      const isFocusElsewhere =
        focused !== null &&
        focused !== document.body &&
        focused.isConnected &&
        !focused.closest('header');
      if (!isFocusElsewhere) heading.focus();
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [main, appTitle, pathname]);
}
