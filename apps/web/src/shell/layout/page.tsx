import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import styles from './layout.module.css';

/** The first page of a visit keeps focus where the browser put it; later ones move it. */
let hasShownPage = false;

/**
 * A page of the app: its heading and content. Each screen names itself in the document title
 * («Сортировка — Выдача»), and on a route change focus moves to its heading, so a change of
 * screen is heard (docs/DECISIONS.md "Web shell", what a screen reader hears) — unless the
 * page has put focus somewhere of its own already (a field it focuses).
 */
export function Page(props: { title: string; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const appTitle = t('appTitle');

  useEffect(() => {
    document.title =
      props.title && props.title !== appTitle ? `${appTitle} — ${props.title}` : appTitle;
  }, [appTitle, props.title]);

  useEffect(() => {
    if (!hasShownPage) {
      hasShownPage = true;
      return;
    }
    const focused = document.activeElement;
    const isFocusElsewhere =
      focused !== null && focused !== document.body && !focused.closest('header');
    if (!isFocusElsewhere || !focused.isConnected) heading.current?.focus();
  }, [pathname]);

  return (
    <div className={styles.page} data-testid={props.testId}>
      <h1 ref={heading} className={styles.heading} tabIndex={-1}>
        {props.title}
      </h1>
      {props.children}
    </div>
  );
}
