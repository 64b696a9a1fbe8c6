import { useRef, type ReactNode } from 'react';
import { useAnnouncePrompt } from '../live-region/live-region';
import { PromptError } from './prompt-error';
import styles from './prompt.module.css';

/**
 * The prompt area of a scan flow (design/ux.md: the prompt is the screen; spec part 1 §2): pre
 * text, main text (what to scan next, in large type, after the arrow when the flag is set),
 * extra text, anything the screen adds (counters), the error line with its code and the bottom
 * text. Shared by the sorting, time tracking, returns, vision and audit screens; imported by its
 * path: only lazy pages use it.
 */
export function Prompt(props: {
  /** A line above the main one (the parcel or workplace in hand). */
  pre?: ReactNode;
  main: ReactNode;
  extra?: ReactNode;
  /** The last line, under the error (sorting: the route number, tie up the box). */
  bottom?: ReactNode;
  /** Spec part 1 §2 "an arrow flag": an arrow before the main text (put it there). */
  isArrow?: boolean;
  error?: { text: string; code?: string | null } | null;
  testId?: string;
  children?: ReactNode;
}) {
  // Spoken on every change: the line above (the outcome) and what to scan next.
  const ref = useRef<HTMLElement>(null);
  useAnnouncePrompt(ref);
  return (
    <section ref={ref} className={styles.prompt} data-testid={props.testId ?? 'prompt'}>
      {props.pre ? (
        <p className={styles.extra} data-testid="prompt-pre" data-announce>
          {props.pre}
        </p>
      ) : null}
      <p className={styles.main} data-testid="prompt-main" data-announce>
        {props.isArrow ? (
          <span className={styles.arrow} data-testid="prompt-arrow" aria-hidden="true">
            {'➜'}
          </span>
        ) : null}
        {props.main}
      </p>
      {props.extra ? (
        <p className={styles.extra} data-testid="prompt-extra">
          {props.extra}
        </p>
      ) : null}
      {props.children}
      {props.error ? <PromptError text={props.error.text} code={props.error.code} /> : null}
      {props.bottom ? (
        <p className={styles.extra} data-testid="prompt-bottom">
          {props.bottom}
        </p>
      ) : null}
    </section>
  );
}
