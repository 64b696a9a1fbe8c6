import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatSizesCm } from '../../lib/number-format';
import {
  RETURNABLE_BOXES_PAGE_SIZE,
  type TBoxCreateRequest,
  type TDimension,
  type TReturnableBox,
} from '@sorting/contracts';
import { api } from '../../lib/api';
import { CallError, callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import {
  type PrintOutcome,
  type PrintRequest,
  useLocale,
  usePrint,
  useScan,
  useShellServices,
} from '../../shell';
import { controlStyles, ListSection, Page, SubmitButton } from '../../ui';
// Not through the shell's index: only lazy pages use them, so they stay out of the first screen.
import { useCallAction, useCallFailures, useConfirmedCall } from '../../shell/calls/use-calls';
import { ConfirmCallDialog, confirmLabels } from '../../ui/dialog/confirm-dialog';
import { CreatedPanel } from '../../ui/forms/created-panel';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import {
  createReturnableBoxesService,
  type ReturnableBoxesCalls,
} from './returnable-boxes.service';
import styles from './returnable-boxes-page.module.css';

/**
 * f-codes of the returnable boxes catalogue (spec part 1 §8 "Return boxes: f-0001 to f-0007";
 * their meaning is ours, docs/DECISIONS.md "Returnable boxes").
 */
export type ReturnableBoxesCode =
  'f-0001' | 'f-0002' | 'f-0003' | 'f-0004' | 'f-0005' | 'f-0006' | 'f-0007';

/** A box named by a call is unknown (ErrorCode 104, "object not found"): deleted meanwhile. */
const BOX_NOT_FOUND: ReturnableBoxesCode = 'f-0005';

/** True when a failure says the box is gone, so the list is read again. */
const isBoxGone = (error: unknown) => error instanceof CallError && error.code === BOX_NOT_FOUND;

/** The new boxes' form as typed: numbers stay text until the form is sent. */
interface CreateForm {
  count: string;
  length: string;
  width: string;
  height: string;
}

/** The f-code of a form that cannot be sent (count or a size missing or out of range). */
const INVALID_FORM: ReturnableBoxesCode = 'f-0006';

const EMPTY_FORM: CreateForm = { count: '1', length: '', width: '', height: '' };

/** The bounds of `boxes/create` (contracts ZBoxCreateRequest), checked here without zod. */
const MAX_COUNT = 100;
const MAX_CENTIMETRES = 10_000;

/** A decimal typed with a comma or a dot; NaN when it is no number. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request of a valid form, else null (f-0006): count 1…100, each size > 0. */
function parseCreateForm(form: CreateForm): Omit<TBoxCreateRequest, 'IsReturnable'> | null {
  const count = numberOf(form.count);
  const sizes = [form.length, form.width, form.height].map(numberOf);
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) return null;
  if (sizes.some((size) => !(size > 0 && size <= MAX_CENTIMETRES))) return null;
  const [LengthCm = 0, WidthCm = 0, HeightCm = 0] = sizes;
  return { Count: count, LengthCm, WidthCm, HeightCm };
}

/** The form's sizes as a type fills them (the text a scanned or chosen type puts there). */
function sizesOf(dimension: TDimension): Pick<CreateForm, 'length' | 'width' | 'height'> {
  return {
    length: String(dimension.Length),
    width: String(dimension.Width),
    height: String(dimension.Height),
  };
}

/** True while the typed sizes are still those the type filled in. */
function hasSizesOf(form: CreateForm, dimension: TDimension): boolean {
  const sizes = sizesOf(dimension);
  return form.length === sizes.length && form.width === sizes.width && form.height === sizes.height;
}

/** The returnable boxes screen over the given calls and printer (spec part 1 §2). */
export function ReturnableBoxesScreen(props: {
  calls: ReturnableBoxesCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
}) {
  const { t } = useTranslation('returnable-boxes');
  const { locale } = useLocale();
  const { toasts } = useShellServices();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<CreateForm>(EMPTY_FORM);
  // The dimension type last chosen or scanned; shown as chosen while the sizes are still its.
  const [chosenTypeId, setChosenTypeId] = useState<number | null>(null);
  const [isFormInvalid, setIsFormInvalid] = useState(false);
  // Boxes just created: offered for printing at once (design/ux.md "Printing").
  const [created, setCreated] = useState<TReturnableBox[] | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const { textOf, notifyError, loadValue } = useCallFailures<ReturnableBoxesCode>(t);

  const list = useQuery<TReturnableBox[], CallError<ReturnableBoxesCode>>({
    queryKey: ['returnable-boxes', 'list'],
    queryFn: () => loadValue(props.calls.list(), 'f-0001'),
    retry: false,
  });
  // New boxes take their size from the dimension types when there are any. A failed
  // load only leaves the typed sizes (docs/DECISIONS.md "Returnable boxes"): no toast.
  const dimensionTypes = useQuery<TDimension[], CallError<ReturnableBoxesCode>>({
    queryKey: ['returnable-boxes', 'dimension-types'],
    queryFn: () => callValue(props.calls.dimensions(), 'f-0007'),
    retry: false,
  });
  const types = dimensionTypes.data ?? [];
  const chosenType = types.find(
    (type) => type.DimensionId === chosenTypeId && hasSizesOf(form, type),
  );
  const onChooseType = (id: string) => {
    const type = types.find((item) => String(item.DimensionId) === id);
    setChosenTypeId(type ? type.DimensionId : null);
    if (!type) return;
    setForm((current) => ({ ...current, ...sizesOf(type) }));
    setIsFormInvalid(false);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['returnable-boxes', 'list'] });

  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  // On screen in the interface's decimals; the label keeps its own (docs/DECISIONS.md
  // "Dimension types").
  const dimensionsOf = (box: TReturnableBox) =>
    formatSizesCm(box.LengthCm, box.WidthCm, box.HeightCm, locale);

  // A scanned dimension type (the demo DIM-S, DIM-M…) fills the size of the new boxes.
  useScan(async (scan) => {
    const barcode = scan.text.trim();
    if (!barcode) return;
    try {
      const dimension = await callValue(props.calls.dimension(barcode), 'f-0007');
      setForm((current) => ({ ...current, ...sizesOf(dimension) }));
      setChosenTypeId(dimension.DimensionId);
      setIsFormInvalid(false);
      toasts.notify({
        status: 'info',
        content: t('dimensionFilled', {
          name: dimension.Name,
          dims: formatSizesCm(dimension.Length, dimension.Width, dimension.Height, locale),
        }),
      });
    } catch (error) {
      notifyError(error, 'f-0007');
    }
  });

  const creation = useCallAction(
    async (request: NonNullable<ReturnType<typeof parseCreateForm>>) => {
      const boxes = await callValue(
        props.calls.create({ ...request, operationId: newOperationId() }),
        'f-0002',
      );
      toasts.notify({
        status: 'ok',
        content: t('createdToast', {
          count: boxes.length,
          numbers: boxes.map((box) => box.Number).join(', '),
        }),
      });
      setCreated(boxes);
      setForm((current) => ({ ...current, count: '1' }));
      setPage(1);
      await refresh();
    },
    (error) => notifyError(error, 'f-0002'),
  );
  const isCreating = creation.isBusy;
  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    if (isCreating) return;
    const request = parseCreateForm(form);
    if (!request) {
      setIsFormInvalid(true);
      notifyError(null, INVALID_FORM);
      return;
    }
    setIsFormInvalid(false);
    await creation.run(request);
  };

  /** Asks the server for the sticker of each box and prints them one job each, in order. */
  const onPrint = async (boxes: TReturnableBox[]) => {
    if (printing !== null || boxes.length === 0) return;
    setPrinting(boxes.length === 1 ? (boxes[0]?.Barcode ?? '') : '*');
    try {
      let printed = 0;
      for (const box of boxes) {
        const sticker = await callValue(props.calls.sticker(box.Barcode), {
          code: 'f-0004',
          notFound: BOX_NOT_FOUND,
        });
        const outcome = await props.print({ ...sticker, copies: 1 });
        // No printer and print failures are toasted by the printer itself; stop there.
        if (outcome.status === 'printed') printed += 1;
        else return;
      }
      if (printed > 0) toasts.notify({ status: 'ok', content: t('printed', { count: printed }) });
    } catch (error) {
      notifyError(error, 'f-0004');
      // A box deleted meanwhile: the list shows what is there now.
      if (isBoxGone(error)) await refresh();
    } finally {
      setPrinting(null);
    }
  };

  const deletion = useConfirmedCall({
    call: (box: TReturnableBox) =>
      callValue(props.calls.remove({ barcode: box.Barcode, operationId: newOperationId() }), {
        code: 'f-0003',
        notFound: BOX_NOT_FOUND,
      }),
    onDone: (_deleted, box) => {
      toasts.notify({
        status: 'ok',
        content: t('deleted', { number: box.Number, barcode: box.Barcode }),
      });
      setCreated((current) => current?.filter((item) => item.Barcode !== box.Barcode) ?? null);
    },
    onError: (error) => notifyError(error, 'f-0003'),
    // A box deleted meanwhile: the dialog closes and the list shows what is there now.
    isGone: isBoxGone,
    refresh,
  });

  const boxes = list.data ?? null;
  const pages = boxes ? Math.max(1, Math.ceil(boxes.length / RETURNABLE_BOXES_PAGE_SIZE)) : 1;
  // A shorter list (a box deleted) keeps the page in range.
  const currentPage = Math.min(page, pages);
  const shown = boxes
    ? boxes.slice(
        (currentPage - 1) * RETURNABLE_BOXES_PAGE_SIZE,
        currentPage * RETURNABLE_BOXES_PAGE_SIZE,
      )
    : [];

  const field = (key: keyof CreateForm, label: string, testId: string, isInteger = false) => (
    <label className={controlStyles.field}>
      {label}
      <input
        className={`${controlStyles.input} ${styles.number}`}
        data-testid={testId}
        inputMode={isInteger ? 'numeric' : 'decimal'}
        autoComplete="off"
        aria-invalid={isFormInvalid && !form[key].trim() ? true : undefined}
        value={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      />
    </label>
  );

  return (
    <Page title={t('title')} testId="returnable-boxes">
      <div
        className={styles.screen}
        data-testid="returnable-boxes-screen"
        aria-busy={list.isFetching}
      >
        <form className={styles.section} aria-label={t('createTitle')} onSubmit={onCreate}>
          <h2 className={styles.sectionTitle}>{t('createTitle')}</h2>
          {types.length > 0 ? (
            <label className={controlStyles.field}>
              {t('dimensionType')}
              <select
                className={`${controlStyles.input} ${styles.types}`}
                data-testid="box-dimension-type"
                value={chosenType ? String(chosenType.DimensionId) : ''}
                onChange={(event) => onChooseType(event.target.value)}
              >
                <option value="">{t('typedSize')}</option>
                {types.map((type) => (
                  <option key={type.DimensionId} value={String(type.DimensionId)}>
                    {t('dimensionOption', {
                      name: type.Name,
                      dims: formatSizesCm(type.Length, type.Width, type.Height, locale),
                    })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <div className={styles.row}>
            {field('count', t('count'), 'box-count', true)}
            {field('length', t('length'), 'box-length')}
            {field('width', t('width'), 'box-width')}
            {field('height', t('height'), 'box-height')}
            <SubmitButton
              testId="box-create"
              label={isCreating ? t('creating') : t('create')}
              disabled={isCreating}
              isPrimary
            />
          </div>
          <p className={styles.hint}>
            {types.length > 0 ? t('chooseDimensionHint') : t('scanDimensionHint')}
          </p>
          {isFormInvalid ? (
            <p className={styles.error} role="alert" data-testid="form-error">
              {t('f-0006')} <small className={styles.code}>{INVALID_FORM}</small>
            </p>
          ) : null}
        </form>

        {created && created.length > 0 ? (
          <CreatedPanel
            testId="created-boxes"
            title={t('createdTitle')}
            print={{
              testId: 'print-created',
              label:
                printing === '*' ? t('printing') : t('printCreated', { count: created.length }),
              disabled: printing !== null,
              onClick: () => void onPrint(created),
            }}
            done={{ testId: 'created-done', label: t('done'), onClick: () => setCreated(null) }}
          >
            <ul className={styles.createdList}>
              {created.map((box) => (
                <li key={box.Barcode} data-testid="created-box">
                  {t('createdBox', {
                    number: box.Number,
                    barcode: box.Barcode,
                    dims: dimensionsOf(box),
                  })}
                </li>
              ))}
            </ul>
          </CreatedPanel>
        ) : null}

        <ListSection
          title={t('list')}
          isLoading={list.isPending}
          failure={listFailure(list, (error) => textOf(error, 'f-0001'), 'boxes-retry')}
          emptyText={boxes && boxes.length === 0 ? t('noBoxes') : null}
          pager={{ page: currentPage, pages, onPage: setPage, testId: 'boxes-pager' }}
        >
          {boxes && boxes.length > 0 ? (
            <ListTable
              testId="boxes-list"
              total={{ text: t('total', { count: boxes.length }), testId: 'boxes-total' }}
              columns={[
                { label: t('columnNumber'), testId: 'box-row-number', cell: (box) => box.Number },
                {
                  label: t('columnBarcode'),
                  testId: 'box-row-barcode',
                  cell: (box) => box.Barcode,
                },
                {
                  label: t('columnDimensions'),
                  testId: 'box-row-dimensions',
                  cell: dimensionsOf,
                },
                {
                  label: t('columnChanged'),
                  testId: 'box-row-changed',
                  cell: (box) => (
                    <time dateTime={box.ChangeDate}>{date.format(new Date(box.ChangeDate))}</time>
                  ),
                },
                {
                  label: t('columnLocation'),
                  testId: 'box-row-location',
                  cell: (box) => box.CurrentLocationName ?? '—',
                },
              ]}
              rows={shown}
              rowOf={(box) => ({
                key: box.Barcode,
                testId: 'box-row',
                data: { 'data-barcode': box.Barcode },
              })}
              actionsLabel={t('columnActions')}
              actions={(box) => (
                <>
                  <RowButton
                    testId="box-print"
                    label={printing === box.Barcode ? t('printing') : t('print')}
                    ariaLabel={t('printBox', { number: box.Number })}
                    disabled={printing !== null}
                    onClick={() => void onPrint([box])}
                  />
                  <RowButton
                    testId="box-delete"
                    label={t('delete')}
                    ariaLabel={t('deleteBox', { number: box.Number })}
                    onClick={() => deletion.ask(box)}
                  />
                </>
              )}
            />
          ) : null}
        </ListSection>

        <ConfirmCallDialog
          call={deletion}
          testId="delete"
          labels={confirmLabels(t, 'Delete')}
          text={(box) => t('confirmDeleteText', { number: box.Number, barcode: box.Barcode })}
        />
      </div>
    </Page>
  );
}

/** /returnable-boxes: the registry of returnable boxes over the real calls and the printer. */
export default function ReturnableBoxesPage() {
  const print = usePrint();
  const [calls] = useState(() => createReturnableBoxesService(api));
  return <ReturnableBoxesScreen calls={calls} print={print} />;
}
