import styles from './prompt-error.module.css';

/**
 * The error line of a scan flow's prompt area (spec part 1 §2): the text and its f-code, read
 * out by screen readers as it appears. Shared by the sorting, returns and time tracking screens.
 */
export function PromptError(props: { text: string; code?: string | null }) {
  return (
    <p className={styles.error} data-testid="prompt-error" role="alert">
      <span data-testid="prompt-error-text">{props.text}</span>
      {props.code ? (
        <small className={styles.code} data-testid="prompt-error-code">
          {props.code}
        </small>
      ) : null}
    </p>
  );
}
