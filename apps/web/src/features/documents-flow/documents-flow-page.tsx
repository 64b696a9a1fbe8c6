import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_FLOW_PAGE_SIZE, type TDocumentFlowItem } from '@sorting/contracts';
import {
  documentSignId,
  documentStateColour,
  documentStateLabel,
  documentTypeTitle,
  formatMoney,
  isDocumentInWork,
} from '@sorting/domain';
import { api } from '../../lib/api';
import { newOperationId } from '../../lib/operation-id';
import { useLocale, useShellServices } from '../../shell';
import { controlStyles, ListSection, Page, SubmitButton } from '../../ui';
// Not through the shell's index: only lazy pages use them, so they stay out of the first screen.
import { useCallAction } from '../../shell/calls/use-calls';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import {
  defaultFilter,
  isRangeReversed,
  searchRequest,
  type DocumentsFilter,
} from './documents-flow-filter';
import { OutcomeError, outcomeOf, type CallOutcome } from './documents-flow-outcome';
import { createDocumentsFlowService, type DocumentsFlowCalls } from './documents-flow.service';
import styles from './documents-flow-page.module.css';

type Failure = Extract<CallOutcome<unknown>, { ok: false }>;

const STATE_CHOICES = [1, 2, 3] as const;

/** The document flow screen over the given calls (spec part 2 §1, §3, §4, §8, §9). */
export function DocumentsFlowScreen(props: { calls: DocumentsFlowCalls; today?: Date }) {
  const { t } = useTranslation('documents-flow');
  const { locale } = useLocale();
  const { toasts, sounds } = useShellServices();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<DocumentsFilter>(() => defaultFilter(props.today ?? new Date()));
  const [applied, setApplied] = useState<DocumentsFilter>(form);
  const [page, setPage] = useState(1);
  // The row whose action runs: its button waits.
  const [acting, setActing] = useState<number | null>(null);
  // A signature is legally binding and cannot be withdrawn (ux.md: an irreversible action asks
  // first): the row's «Подписать» opens this question, naming the document and counterparty.
  const [toSign, setToSign] = useState<TDocumentFlowItem | null>(null);

  /** Part 2 §8: an error toast is followed by the server's message and code. */
  const failureText = (text: string, failure: Failure) => {
    if (failure.message && failure.code !== null) {
      return t('withServer', { text, message: failure.message, code: String(failure.code) });
    }
    if (failure.message) return t('withServerMessage', { text, message: failure.message });
    return text;
  };
  const notifyFailure = (text: string, failure: Failure) =>
    toasts.notify({ status: 'error', content: failureText(text, failure) });
  const notifyOk = (text: string) => {
    toasts.notify({ status: 'ok', content: text });
    sounds.play('ok-new');
  };

  const list = useQuery<TDocumentFlowItem[], OutcomeError>({
    queryKey: ['documents-flow', 'search', applied],
    queryFn: async () => {
      const outcome = await outcomeOf(props.calls.search(searchRequest(applied)));
      if (outcome.ok) return outcome.value;
      notifyFailure(t('searchFailed'), outcome);
      throw new OutcomeError(outcome);
    },
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['documents-flow', 'search'] });

  const isReversed = isRangeReversed(form);
  const onFind = (event: FormEvent) => {
    event.preventDefault();
    if (isReversed) return;
    setApplied(form);
    setPage(1);
  };
  const toggleState = (state: number, isChecked: boolean) =>
    setForm((current) => ({
      ...current,
      states: isChecked
        ? [...current.states, state].sort((a, b) => a - b)
        : current.states.filter((item) => item !== state),
    }));

  /** Sign or validate a row; the list is read again after either outcome (part 2 §8). */
  const action = useCallAction(
    async (kind: 'sign' | 'validate', document: TDocumentFlowItem) => {
      setActing(document.documentId);
      try {
        const operationId = newOperationId();
        if (kind === 'sign') {
          const outcome = await outcomeOf(props.calls.sign(document.documentId, operationId));
          if (outcome.ok) notifyOk(t('signOk'));
          else notifyFailure(t(outcome.isCritical ? 'signCritical' : 'signFailed'), outcome);
        } else {
          const outcome = await outcomeOf(props.calls.validate(document.documentId, operationId));
          if (outcome.ok) notifyOk(t('validateOk'));
          else notifyFailure(t('validateFailed'), outcome);
        }
        await refresh();
      } finally {
        setActing(null);
      }
    },
    () => undefined,
  );

  const documents = list.data ?? null;
  const pages = documents ? Math.max(1, Math.ceil(documents.length / DOCUMENTS_FLOW_PAGE_SIZE)) : 1;
  const currentPage = Math.min(page, pages);
  const shown = documents
    ? documents.slice(
        (currentPage - 1) * DOCUMENTS_FLOW_PAGE_SIZE,
        currentPage * DOCUMENTS_FLOW_PAGE_SIZE,
      )
    : [];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const failure = list.error && !list.data ? list.error.failure : null;

  /** A day of the range; both are marked wrong while the start is after the end. */
  const dateField = (key: 'dateBegin' | 'dateEnd', testId: string) => (
    <label className={controlStyles.field}>
      {t(key)}
      <input
        className={controlStyles.input}
        data-testid={testId}
        type="date"
        aria-invalid={isReversed || undefined}
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      />
    </label>
  );

  return (
    <Page title={t('title')} testId="documents-flow">
      <div className={styles.screen} aria-busy={list.isFetching}>
        <form className={styles.filters} aria-label={t('filters')} onSubmit={onFind}>
          <fieldset className={styles.states}>
            <legend>{t('states')}</legend>
            {STATE_CHOICES.map((state) => (
              <label key={state} className={controlStyles.checkbox}>
                <input
                  type="checkbox"
                  data-testid={`state-${state}`}
                  checked={form.states.includes(state)}
                  onChange={(event) => toggleState(state, event.target.checked)}
                />
                {t(`state${state}`)}
              </label>
            ))}
          </fieldset>
          <div className={styles.row}>
            <label className={`${controlStyles.field} ${styles.search}`}>
              {t('search')}
              <input
                className={controlStyles.input}
                data-testid="documents-search"
                type="search"
                autoComplete="off"
                value={form.searchString}
                onChange={(event) => setForm({ ...form, searchString: event.target.value })}
              />
            </label>
            {dateField('dateBegin', 'documents-date-begin')}
            {dateField('dateEnd', 'documents-date-end')}
            <SubmitButton
              testId="documents-find"
              label={t('find')}
              disabled={isReversed}
              isPrimary
            />
          </div>
          {isReversed ? (
            <p className={styles.error} role="alert" data-testid="range-error">
              {t('rangeReversed')}
            </p>
          ) : null}
        </form>

        <ListSection
          title={t('list')}
          isLoading={list.isPending}
          failure={
            failure
              ? {
                  text: failureText(t('searchFailed'), failure),
                  retryTestId: 'documents-retry',
                  onRetry: () => void list.refetch(),
                }
              : null
          }
          emptyText={documents && documents.length === 0 ? t('noDocuments') : null}
          pager={{ page: currentPage, pages, onPage: setPage, testId: 'documents-pager' }}
        >
          {documents && documents.length > 0 ? (
            <ListTable
              testId="documents-list"
              total={{ text: t('total', { count: documents.length }), testId: 'documents-total' }}
              columns={[
                {
                  label: t('columnNumber'),
                  testId: 'document-number',
                  cell: (document) => (
                    <>
                      {document.number}
                      {isDocumentInWork(document.state) ? (
                        <span className={styles.inWork} data-testid="document-in-work">
                          {t('inWork')}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: t('columnType'),
                  testId: 'document-type',
                  cell: (document) => documentTypeTitle(document.typeName),
                },
                {
                  label: t('columnDirection'),
                  testId: 'document-direction',
                  cell: (document) =>
                    document.direction === 'out' ? t('directionOut') : t('directionIn'),
                },
                {
                  label: t('columnDate'),
                  testId: 'document-date',
                  cell: (document) => (
                    <time dateTime={document.documentDate}>
                      {date.format(new Date(document.documentDate))}
                    </time>
                  ),
                },
                {
                  label: t('columnContragents'),
                  testId: 'document-contragents',
                  cell: (document) => (
                    <ul className={styles.contragents}>
                      {document.contragents.map((contragent) => (
                        <li key={contragent.contragentId}>
                          {contragent.name}
                          {contragent.type === 'inner' ? (
                            <small className={styles.inner}> {t('contragentInner')}</small>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ),
                },
                {
                  label: t('columnSum'),
                  testId: 'document-sum',
                  cell: (document) => formatMoney(document.sum),
                },
                {
                  label: t('columnState'),
                  testId: 'document-state',
                  cell: (document) => (
                    <span
                      className={styles.state}
                      data-colour={documentStateColour(document.state)}
                      data-state={document.state}
                    >
                      {t(`stateLabel.${documentStateLabel(document.state, document.direction)}`)}
                    </span>
                  ),
                },
              ]}
              rows={shown}
              rowOf={(document) => ({
                key: document.documentId,
                testId: 'document-row',
                data: { 'data-number': document.number, 'data-state': document.state },
              })}
              actionsLabel={t('columnActions')}
              actions={(document) => (
                <>
                  {document.state === 1 && documentSignId(document) !== null ? (
                    <RowButton
                      testId="document-sign"
                      label={acting === document.documentId ? t('signing') : t('sign')}
                      ariaLabel={t('signDocument', { number: document.number })}
                      disabled={action.isBusy}
                      onClick={() => setToSign(document)}
                    />
                  ) : null}
                  {document.state === 2 ? (
                    <RowButton
                      testId="document-validate"
                      label={acting === document.documentId ? t('validating') : t('validate')}
                      ariaLabel={t('validateDocument', { number: document.number })}
                      disabled={action.isBusy}
                      onClick={() => void action.run('validate', document)}
                    />
                  ) : null}
                </>
              )}
            />
          ) : null}
        </ListSection>
        <ConfirmDialog
          isOpen={toSign !== null}
          title={t('confirmSignTitle')}
          confirmLabel={t('confirmSign')}
          confirmTestId="confirm-document-sign"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-document-sign"
          onConfirm={() => {
            const document = toSign;
            setToSign(null);
            if (document) void action.run('sign', document);
          }}
          onCancel={() => setToSign(null)}
        >
          <p data-testid="confirm-document-sign-text">
            {toSign
              ? t('confirmSignText', {
                  number: toSign.number,
                  counterparty: counterpartiesOf(toSign),
                })
              : null}
          </p>
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** The document's counterparties: every party but our own organisation. */
function counterpartiesOf(document: TDocumentFlowItem): string {
  return document.contragents
    .filter((contragent) => contragent.type !== 'inner')
    .map((contragent) => contragent.name)
    .join(', ');
}

/** /documents-flow: the document flow of the user's sorting centre over the real calls. */
export default function DocumentsFlowPage() {
  const [calls] = useState(() => createDocumentsFlowService(api));
  return <DocumentsFlowScreen calls={calls} />;
}
