import controlStyles from '../buttons/controls.module.css';

/** A from–to pair of date inputs (`yyyy-mm-dd` values, local dates). */
export interface DateRangeValue {
  from: string;
  to: string;
}

/**
 * The two date fields of a list's filter (supplies, shipments): `${testId}-date-from` and
 * `${testId}-date-to`. Placed inside a `SearchForm`, they are sent with its search.
 */
export function DateRangeFields(props: {
  labels: { from: string; to: string };
  testId: string;
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
}) {
  const { value, onChange } = props;
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <label key={end} className={controlStyles.field}>
          {props.labels[end]}
          <input
            type="date"
            className={controlStyles.input}
            data-testid={`${props.testId}-date-${end}`}
            value={value[end]}
            onChange={(event) => onChange({ ...value, [end]: event.target.value })}
          />
        </label>
      ))}
    </>
  );
}
