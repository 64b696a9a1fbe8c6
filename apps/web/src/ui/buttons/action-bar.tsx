import type { ReactNode } from 'react';
import styles from './action-bar.module.css';

/** A row of screen actions (`ActionButton`s) that wraps on a narrow screen. */
export function ActionBar(props: { children: ReactNode }) {
  return <div className={styles.bar}>{props.children}</div>;
}
