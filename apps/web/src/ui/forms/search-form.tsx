import { useState, type ReactNode } from 'react';
import { SubmitButton } from '../buttons/action-button';
import controlStyles from '../buttons/controls.module.css';
import styles from './search-form.module.css';

/**
 * The search line above a list (users, picking recipients, supplies, shipments): a text field
 * and its button; submitting gives the trimmed text. `testId` names the field, `submitTestId`
 * (default `${testId}-submit`) the button. `children` are more filter fields between the two
 * (a date range). The text is the form's own unless the page holds it (`text` and `onText`:
 * a scan fills the field on /inbound).
 */
export function SearchForm(props: {
  label: string;
  buttonLabel: string;
  testId: string;
  submitTestId?: string;
  onSearch: (text: string) => void;
  text?: string;
  onText?: (text: string) => void;
  children?: ReactNode;
}) {
  const [ownText, setOwnText] = useState('');
  const text = props.text ?? ownText;
  const setText = props.onText ?? setOwnText;
  return (
    <form
      className={styles.row}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(text.trim());
      }}
    >
      <label className={`${controlStyles.field} ${styles.grow}`}>
        {props.label}
        <input
          className={controlStyles.input}
          data-testid={props.testId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {props.children}
      <SubmitButton
        testId={props.submitTestId ?? `${props.testId}-submit`}
        label={props.buttonLabel}
      />
    </form>
  );
}
