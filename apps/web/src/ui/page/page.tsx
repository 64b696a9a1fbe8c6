import type { ReactNode } from 'react';
import styles from './page.module.css';

/**
 * A page of the app: its heading and content. The layout names the document after the heading
 * and moves focus to it on a route change (`use-screen-heading.ts`); this file keeps no runtime
 * import: one here splits the first screen's libraries out of the entry chunk.
 */
export function Page(props: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={styles.page} data-testid={props.testId}>
      <h1 className={styles.heading} tabIndex={-1}>
        {props.title}
      </h1>
      {props.children}
    </div>
  );
}
