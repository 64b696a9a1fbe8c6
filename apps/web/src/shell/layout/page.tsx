import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** A page of the app: its heading and content. */
export function Page(props: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={styles.page} data-testid={props.testId}>
      <h1 className={styles.heading}>{props.title}</h1>
      {props.children}
    </div>
  );
}
