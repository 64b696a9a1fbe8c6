import type { ReactNode } from 'react';
import { ActionBar } from '../buttons/action-bar';
import { ActionButton } from '../buttons/action-button';
import styles from './created-panel.module.css';

/** A screen action of the panel: its test id, its words and what it does. */
interface PanelAction {
  testId: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/**
 * What was just made (a user and their badge, new returnable boxes), framed until the worker
 * says Done: its title, what to show of it (`children`), and the row of printing its labels
 * (the main action) and Done. Shared by the registry pages.
 */
export function CreatedPanel(props: {
  testId: string;
  title: string;
  children: ReactNode;
  print: PanelAction;
  done: PanelAction;
}) {
  return (
    <section className={styles.panel} data-testid={props.testId} aria-label={props.title}>
      <h2 className={styles.title}>{props.title}</h2>
      {props.children}
      <ActionBar>
        <ActionButton {...props.print} isPrimary />
        <ActionButton {...props.done} />
      </ActionBar>
    </section>
  );
}
