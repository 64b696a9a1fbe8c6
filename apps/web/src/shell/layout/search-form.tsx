import { useState } from 'react';
import controlStyles from './controls.module.css';
import styles from './search-form.module.css';

/**
 * The search line above a list (users, picking recipients): a text field and its button;
 * submitting gives the trimmed text. `testId` names the field, `${testId}-submit` the button.
 */
export function SearchForm(props: {
  label: string;
  buttonLabel: string;
  testId: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState('');
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
      <button type="submit" className={controlStyles.button} data-testid={`${props.testId}-submit`}>
        {props.buttonLabel}
      </button>
    </form>
  );
}
