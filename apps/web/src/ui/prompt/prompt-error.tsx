import { useAnnounce } from '../live-region/live-region';
import styles from './prompt-error.module.css';

/**
 * The error line of a scan flow's prompt area (spec part 1 §2): the text and its f-code. Its
 * text is said through the live region with the prompt, once: not again when a toast says the
 * same (docs/DECISIONS.md "Web shell", what a screen reader hears). Shared by the sorting,
 * returns and time tracking screens.
 */
export function PromptError(props: { text: string; code?: string | null }) {
  useAnnounce(props.text);
  return (
    <p className={styles.error} data-testid="prompt-error">
      <span data-testid="prompt-error-text">{props.text}</span>
      {props.code ? (
        <small className={styles.code} data-testid="prompt-error-code">
          {props.code}
        </small>
      ) : null}
    </p>
  );
}
