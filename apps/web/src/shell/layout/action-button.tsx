import controlStyles from './controls.module.css';

/** A screen action: a large touch target with a test id; `isPrimary` marks the main action. */
export function ActionButton(props: {
  testId: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  isPrimary?: boolean;
}) {
  return (
    <button
      type="button"
      className={props.isPrimary ? controlStyles.primary : controlStyles.button}
      data-testid={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label}
    </button>
  );
}
