import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DIMENSIONS_PAGE_SIZE, type TDimension, type TDimensionRequest } from '@sorting/contracts';
import { dimensionBarcodeProblem, type Locale } from '@sorting/domain';
import { api } from '../../lib/api';
import { CallError, callValue } from '../../lib/call-error';
import { formatSizesCm, numberLocale } from '../../lib/number-format';
import { newOperationId } from '../../lib/operation-id';
import { useScan, useShellServices } from '../../shell';
import { ActionBar, ActionButton, controlStyles, ListSection, Page } from '../../ui';
// Not through the shell's index: only lazy pages use them, so they stay out of the first screen.
import { useCallAction, useCallFailures, useConfirmedCall } from '../../shell/calls/use-calls';
import { ConfirmCallDialog, confirmLabels } from '../../ui/dialog/confirm-dialog';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import { DimensionDialog } from './dimension-dialog';
import {
  BARCODE_PROBLEMS,
  EMPTY_DIMENSION_FORM,
  formOf,
  type DimensionForm,
} from './dimension-form';
import { createDimensionsService, type DimensionsCalls } from './dimensions.service';
import styles from './dimensions-page.module.css';

/** The failures' catalogue keys (spec part 2 §8 "Dimension toasts", each with the Message). */
type DimensionsCode = 'loadFailed' | 'createFailed' | 'updateFailed' | 'deleteFailed' | 'typeGone';

/** A type named by a call is unknown (ErrorCode 104): deleted meanwhile. */
const TYPE_GONE: DimensionsCode = 'typeGone';

/** True when a failure says the type is gone, so the list is read again. */
const isGone = (error: unknown) => error instanceof CallError && error.code === TYPE_GONE;

/** The open dialog: a new type, or a type of the warehouse being changed. */
type Editing = { mode: 'create' } | { mode: 'edit'; type: TDimension };

/** Sizes in the interface's decimals («8,5x20x30» in ru). */
const dimsOf = (type: TDimension, locale: Locale) =>
  formatSizesCm(type.Length, type.Width, type.Height, locale);

function matches(type: TDimension, search: string): boolean {
  const text = search.trim().toLocaleLowerCase();
  if (text === '') return true;
  return (
    type.Name.toLocaleLowerCase().includes(text) || type.Barcode.toLocaleLowerCase().includes(text)
  );
}

/** The dimension types screen over the given calls (spec part 2 §1, §3, §5, §9). */
export function DimensionsScreen(props: { calls: DimensionsCalls }) {
  const { t, i18n } = useTranslation('dimensions');
  const locale = numberLocale(i18n.language);
  const { toasts, sounds } = useShellServices();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form, setForm] = useState<DimensionForm>(EMPTY_DIMENSION_FORM);
  const { textOf, notifyError, loadValue } = useCallFailures<DimensionsCode>(t);

  const notifyOk = (text: string) => {
    toasts.notify({ status: 'ok', content: text });
    sounds.play('ok-new');
  };

  const list = useQuery<TDimension[], CallError<DimensionsCode>>({
    queryKey: ['dimensions', 'list'],
    queryFn: () => loadValue(props.calls.list(), 'loadFailed'),
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dimensions', 'list'] });
  const types = list.data ?? null;

  const openCreate = (barcode = '') => {
    setForm({ ...EMPTY_DIMENSION_FORM, barcode });
    setEditing({ mode: 'create' });
  };
  const openEdit = (type: TDimension) => {
    setForm(formOf(type, locale));
    setEditing({ mode: 'edit', type });
  };

  // Part 2 §1: a scanned barcode finds its row, or opens the create form with it; with a form
  // open, it fills the form's barcode. Only a dimension barcode may: a cell (`=…`), box, badge
  // or other typed barcode is refused with the reason, and nothing opens or changes.
  useScan((scan) => {
    const barcode = scan.text.trim();
    if (!barcode) return;
    const problem = dimensionBarcodeProblem(barcode);
    if (problem !== null) {
      toasts.notify({
        status: 'error',
        content: t('scanRefused', { barcode, reason: t(BARCODE_PROBLEMS[problem]) }),
      });
      sounds.play('err');
      return;
    }
    if (editing) {
      setForm((current) => ({ ...current, barcode }));
      return;
    }
    const found = types?.find((type) => type.Barcode === barcode);
    if (found) {
      setSearch(barcode);
      setPage(1);
      toasts.notify({ status: 'info', content: t('found', { barcode, name: found.Name }) });
      return;
    }
    openCreate(barcode);
  });

  const saving = useCallAction(
    async (request: TDimensionRequest) => {
      const operationId = newOperationId();
      if (editing?.mode === 'edit') {
        const changed = await callValue(
          props.calls.update(editing.type.DimensionId, request, operationId),
          { code: 'updateFailed', notFound: TYPE_GONE },
        );
        notifyOk(t('updated', { name: changed.Name, barcode: changed.Barcode }));
      } else {
        const created = await callValue(props.calls.create(request, operationId), 'createFailed');
        notifyOk(t('created', { name: created.Name, barcode: created.Barcode }));
        setSearch('');
        setPage(1);
      }
      setEditing(null);
      await refresh();
    },
    async (error) => {
      notifyError(error, editing?.mode === 'edit' ? 'updateFailed' : 'createFailed');
      // A type deleted meanwhile: the dialog closes and the list shows what is there now.
      if (isGone(error)) {
        setEditing(null);
        await refresh();
      }
    },
  );

  const deletion = useConfirmedCall({
    call: (type: TDimension) =>
      callValue(props.calls.remove(type.DimensionId, newOperationId()), {
        code: 'deleteFailed',
        notFound: TYPE_GONE,
      }),
    onDone: (_deleted, type) => notifyOk(t('deleted', { name: type.Name, barcode: type.Barcode })),
    onError: (error) => notifyError(error, 'deleteFailed'),
    isGone,
    refresh,
  });

  const found = types ? types.filter((type) => matches(type, search)) : null;
  const pages = found ? Math.max(1, Math.ceil(found.length / DIMENSIONS_PAGE_SIZE)) : 1;
  const currentPage = Math.min(page, pages);
  const shown = found
    ? found.slice((currentPage - 1) * DIMENSIONS_PAGE_SIZE, currentPage * DIMENSIONS_PAGE_SIZE)
    : [];
  const emptyText =
    types && types.length === 0
      ? t('noTypes')
      : found && found.length === 0
        ? t('nothingFound')
        : null;

  return (
    <Page title={t('title')} testId="dimensions">
      <div className={styles.screen} aria-busy={list.isFetching}>
        <ActionBar>
          <ActionButton
            testId="dimension-add"
            label={t('add')}
            isPrimary
            onClick={() => openCreate()}
          />
        </ActionBar>
        <label className={`${controlStyles.field} ${styles.search}`}>
          {t('search')}
          <input
            className={controlStyles.input}
            data-testid="dimensions-search"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </label>
        <p className={styles.hint}>{t('scanHint')}</p>

        <ListSection
          title={t('list')}
          isLoading={list.isPending}
          failure={listFailure(list, (error) => textOf(error, 'loadFailed'), 'dimensions-retry')}
          emptyText={emptyText}
          pager={{ page: currentPage, pages, onPage: setPage, testId: 'dimensions-pager' }}
        >
          {found && found.length > 0 ? (
            <ListTable
              testId="dimensions-list"
              total={{ text: t('total', { count: found.length }), testId: 'dimensions-total' }}
              columns={[
                { label: t('columnName'), testId: 'dimension-row-name', cell: (type) => type.Name },
                {
                  label: t('columnBarcode'),
                  testId: 'dimension-row-barcode',
                  cell: (type) => type.Barcode,
                },
                {
                  label: t('columnDimensions'),
                  testId: 'dimension-row-dimensions',
                  cell: (type) => dimsOf(type, locale),
                },
                {
                  label: t('columnWarehouse'),
                  testId: 'dimension-row-warehouse',
                  cell: (type) => (type.IsCommon ? t('common') : (type.WarehouseCode ?? '')),
                },
              ]}
              rows={shown}
              rowOf={(type) => ({
                key: type.DimensionId,
                testId: 'dimension-row',
                data: { 'data-barcode': type.Barcode, 'data-common': String(type.IsCommon) },
              })}
              actionsLabel={t('columnActions')}
              actions={(type) =>
                type.IsCommon ? (
                  <span className={styles.readOnly}>{t('readOnly')}</span>
                ) : (
                  <>
                    <RowButton
                      testId="dimension-edit"
                      label={t('edit')}
                      ariaLabel={t('editType', { name: type.Name })}
                      onClick={() => openEdit(type)}
                    />
                    <RowButton
                      testId="dimension-delete"
                      label={t('delete')}
                      ariaLabel={t('deleteType', { name: type.Name })}
                      onClick={() => deletion.ask(type)}
                    />
                  </>
                )
              }
            />
          ) : null}
        </ListSection>

        {editing ? (
          <DimensionDialog
            mode={editing.mode}
            form={form}
            onChange={setForm}
            isSaving={saving.isBusy}
            onSave={(request) => void saving.run(request)}
            onClose={() => setEditing(null)}
          />
        ) : null}
        <ConfirmCallDialog
          call={deletion}
          testId="delete"
          labels={confirmLabels(t, 'Delete')}
          text={(type) =>
            t('confirmDeleteText', {
              name: type.Name,
              barcode: type.Barcode,
              dims: dimsOf(type, locale),
            })
          }
        />
      </div>
    </Page>
  );
}

/** /dimensions: the dimension types directory over the real calls. */
export default function DimensionsPage() {
  const [calls] = useState(() => createDimensionsService(api));
  return <DimensionsScreen calls={calls} />;
}
