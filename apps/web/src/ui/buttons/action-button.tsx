import controlStyles from './controls.module.css';

interface ButtonProps {
  testId: string;
  label: string;
  disabled?: boolean;
  isPrimary?: boolean;
}

/** A screen action: a large touch target with a test id; `isPrimary` marks the main action. */
export function ActionButton(props: ButtonProps & { onClick: () => void }) {
  return (
    <button type="button" {...controlProps(props)} onClick={props.onClick}>
      {props.label}
    </button>
  );
}

/** A form's submit button (Enter in the form sends it too); `isPrimary` marks the main action. */
export function SubmitButton(props: ButtonProps) {
  return (
    <button type="submit" {...controlProps(props)}>
      {props.label}
    </button>
  );
}

/** The control style, test id and waiting state both kinds of button carry. */
function controlProps(props: ButtonProps) {
  return {
    className: props.isPrimary ? controlStyles.primary : controlStyles.button,
    'data-testid': props.testId,
    disabled: props.disabled,
  };
}
