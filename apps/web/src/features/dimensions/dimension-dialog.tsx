import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDimensionRequest } from '@sorting/contracts';
import { ActionButton, controlStyles, Dialog } from '../../ui';
import { formProblems, requestOf, type DimensionField, type DimensionForm } from './dimension-form';
import styles from './dimensions-page.module.css';

const FIELDS: readonly { field: DimensionField; isSize: boolean }[] = [
  { field: 'name', isSize: false },
  { field: 'barcode', isSize: false },
  { field: 'length', isSize: true },
  { field: 'width', isSize: true },
  { field: 'height', isSize: true },
];

/**
 * The create or edit dialog of a dimension type: inline errors under each field once the user
 * tried to save, and nothing is sent while a field is wrong.
 */
export function DimensionDialog(props: {
  mode: 'create' | 'edit';
  form: DimensionForm;
  onChange: (form: DimensionForm) => void;
  isSaving: boolean;
  onSave: (request: TDimensionRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('dimensions');
  const formId = useId();
  const [isTried, setIsTried] = useState(false);
  const problems = formProblems(props.form);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsTried(true);
    const request = requestOf(props.form);
    if (request && !props.isSaving) props.onSave(request);
  };
  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={props.mode === 'create' ? t('createTitle') : t('editTitle')}
      // A scan fills the form's barcode (the page's scan handler).
      scans="page"
      actions={
        <>
          <button
            type="submit"
            form={formId}
            className={controlStyles.primary}
            data-testid="dimension-save"
            disabled={props.isSaving}
          >
            {props.isSaving ? t('saving') : t('save')}
          </button>
          <ActionButton testId="dimension-cancel" label={t('cancel')} onClick={props.onClose} />
        </>
      }
    >
      <form id={formId} className={styles.form} noValidate onSubmit={onSubmit}>
        {FIELDS.map(({ field, isSize }) => {
          const problem = isTried ? problems[field] : undefined;
          const errorId = `${formId}-${field}-error`;
          return (
            <label key={field} className={controlStyles.field}>
              {t(field)}
              <input
                className={`${controlStyles.input} ${isSize ? styles.size : ''}`}
                data-testid={`dimension-${field}`}
                inputMode={isSize ? 'decimal' : undefined}
                autoComplete="off"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                value={props.form[field]}
                onChange={(event) => props.onChange({ ...props.form, [field]: event.target.value })}
              />
              {problem ? (
                <span id={errorId} className={styles.fieldError} data-testid={`${field}-error`}>
                  {t(problem)}
                </span>
              ) : null}
            </label>
          );
        })}
      </form>
    </Dialog>
  );
}
