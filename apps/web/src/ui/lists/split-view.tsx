import type { ReactNode } from 'react';
import styles from './split-view.module.css';

/**
 * A list and the details of its chosen row (spec part 2 §2: beside the list from 1184 px,
 * below it on narrower screens); without details the list has the whole width.
 */
export function SplitView(props: { details: ReactNode; children: ReactNode }) {
  const hasDetails = props.details !== null && props.details !== undefined;
  return (
    <div className={hasDetails ? styles.split : undefined}>
      {props.children}
      {props.details}
    </div>
  );
}
