import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CELL_ROWS,
  countBoxRange,
  countCellRange,
  expandBoxRange,
  expandCellRange,
  type CellRange,
  type RangeLabel,
} from '@sorting/domain';
import { api } from '../../lib/api';
import {
  createWarehousesService,
  useNotify,
  usePrint,
  useSessionUser,
  type PrintOutcome,
  type PrintRequest,
  type WarehousesCalls,
} from '../../shell';
import { Page, controlStyles, SubmitButton } from '../../ui';
import { MAX_COPIES, MAX_LABELS_PER_RUN, printRun, type RunResult } from './topology-print';
import styles from './topology-page.module.css';

export interface TopologyScreenProps {
  calls: WarehousesCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
}

/** A whole number from the text of a field, or NaN. */
function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function copiesOf(text: string): number {
  const copies = wholeNumber(text);
  return copies >= 1 && copies <= MAX_COPIES ? copies : Number.NaN;
}

type Progress = { printed: number; total: number } | null;

function RunLine(props: { progress: Progress; result: RunResult | null }) {
  const { t } = useTranslation('topology');
  const { progress, result } = props;
  let text: string | null = null;
  let status = 'idle';
  if (progress) {
    text = t('printing', { printed: progress.printed, total: progress.total });
    status = 'printing';
  } else if (result?.status === 'done') {
    text = t('printed', { count: result.printed });
    status = 'done';
  } else if (result?.status === 'unavailable') {
    text = t('stoppedUnavailable', { printed: result.printed, total: result.total });
    status = 'unavailable';
  } else if (result?.status === 'failed') {
    text = t('stoppedFailed', { printed: result.printed, total: result.total });
    status = 'failed';
  }
  return (
    <p className={styles.run} role="status" data-testid="topology-result" data-status={status}>
      {text}
    </p>
  );
}

/** /topology: cell and box labels by range (spec part 1 §9, part 2 "Topology stickers"). */
export function TopologyScreen(props: TopologyScreenProps) {
  const { t } = useTranslation('topology');
  const user = useSessionUser();
  const notify = useNotify();

  const warehouses = useQuery({
    queryKey: ['topology', 'warehouses'],
    queryFn: () => props.calls.listWarehouses(),
    staleTime: 60_000,
  });
  const [pickedWarehouse, setWarehouse] = useState<string | null>(null);
  // The user's default warehouse (as the sorting entry starts), else the first one listed.
  const warehouseNumber =
    pickedWarehouse ??
    (warehouses.data?.some((w) => String(w.Number) === user?.defaultWarehouseNumber)
      ? (user?.defaultWarehouseNumber ?? '')
      : String(warehouses.data?.[0]?.Number ?? ''));
  const warehouse = warehouses.data?.find((w) => String(w.Number) === warehouseNumber) ?? null;

  const zones = useQuery({
    queryKey: ['topology', 'zones', warehouse?.Id ?? null],
    queryFn: () => props.calls.listZones(warehouse?.Id ?? 0),
    enabled: warehouse !== null,
    staleTime: 60_000,
  });
  const [pickedZone, setZone] = useState<string | null>(null);
  const zoneNumber =
    pickedZone !== null && zones.data?.some((z) => String(z.Number) === pickedZone)
      ? pickedZone
      : String(
          zones.data?.find((z) => z.Number === warehouse?.DefaultZoneNumber)?.Number ??
            zones.data?.[0]?.Number ??
            '',
        );

  const [cells, setCells] = useState({
    rowFrom: 'a',
    rowTo: 'a',
    colFrom: '1',
    colTo: '1',
    form: '1d' as CellRange['form'],
    length: 'long' as CellRange['length'],
    copies: '1',
  });
  const [boxes, setBoxes] = useState({ numberFrom: '1', numberTo: '1', copies: '1' });
  const [progress, setProgress] = useState<Progress>(null);
  const [result, setResult] = useState<RunResult | null>(null);

  const cellRange: CellRange = {
    warehouseNumber: warehouse?.Number ?? Number.NaN,
    zoneNumber: wholeNumber(zoneNumber),
    rowFrom: cells.rowFrom,
    rowTo: cells.rowTo,
    colFrom: wholeNumber(cells.colFrom),
    colTo: wholeNumber(cells.colTo),
    form: cells.form,
    length: cells.length,
    copies: copiesOf(cells.copies),
  };
  const cellCount = countCellRange(cellRange);
  const cellCopies = copiesOf(cells.copies);
  const cellLabels = Number.isNaN(cellCopies) ? 0 : cellCount * cellCopies;

  const boxRange = {
    warehouseNumber: warehouse?.Number ?? Number.NaN,
    numberFrom: wholeNumber(boxes.numberFrom),
    numberTo: wholeNumber(boxes.numberTo),
    copies: copiesOf(boxes.copies),
  };
  const boxCount = countBoxRange(boxRange);
  const boxCopies = copiesOf(boxes.copies);
  const boxLabels = Number.isNaN(boxCopies) ? 0 : boxCount * boxCopies;

  const isRunning = progress !== null;

  const run = async (labels: RangeLabel[]) => {
    setResult(null);
    setProgress({ printed: 0, total: labels.length });
    const outcome = await printRun(labels, props.print, (printed, total) =>
      setProgress({ printed, total }),
    );
    setProgress(null);
    setResult(outcome);
    if (outcome.status === 'done') {
      notify({ status: 'ok', content: t('printed', { count: outcome.printed }) });
    }
  };

  const countLine = (count: number, labels: number, unit: 'cells' | 'boxes') => {
    if (count === 0) return t('rangeInvalid');
    if (labels === 0) return t('copiesInvalid', { max: MAX_COPIES });
    const text = `${t(unit, { count })} · ${t('labels', { count: labels })}`;
    return labels > MAX_LABELS_PER_RUN
      ? `${text} · ${t('tooMany', { max: MAX_LABELS_PER_RUN })}`
      : text;
  };
  const canPrint = (labels: number) =>
    !isRunning && labels > 0 && labels <= MAX_LABELS_PER_RUN && warehouse !== null;

  return (
    <Page title={t('title')} testId="topology">
      <div className={styles.screen}>
        <label className={controlStyles.field}>
          {t('warehouse')}
          <select
            className={controlStyles.input}
            data-testid="topology-warehouse"
            value={warehouseNumber}
            onChange={(event) => {
              setWarehouse(event.target.value);
              setZone(null);
            }}
          >
            {(warehouses.data ?? []).map((item) => (
              <option key={item.Id} value={String(item.Number)}>
                {t('warehouseOption', { number: item.Number, name: item.Name })}
              </option>
            ))}
          </select>
        </label>
        {warehouses.isError ? <p className={styles.error}>{t('listFailed')}</p> : null}

        <div className={styles.columns}>
          <form
            className={styles.section}
            data-testid="topology-cells"
            aria-label={t('cellsTitle')}
            onSubmit={(event) => {
              event.preventDefault();
              if (canPrint(cellLabels)) void run(expandCellRange(cellRange));
            }}
          >
            <h2 className={styles.sectionTitle}>{t('cellsTitle')}</h2>
            <label className={controlStyles.field}>
              {t('zone')}
              <select
                className={controlStyles.input}
                data-testid="topology-zone"
                value={zoneNumber}
                onChange={(event) => setZone(event.target.value)}
              >
                {(zones.data ?? []).map((item) => (
                  <option key={item.Id} value={String(item.Number)}>
                    {t('zoneOption', { number: item.Number, name: item.Name })}
                  </option>
                ))}
              </select>
            </label>
            {zones.isError ? <p className={styles.error}>{t('listFailed')}</p> : null}
            <div className={styles.pair}>
              {(['rowFrom', 'rowTo'] as const).map((field) => (
                <label key={field} className={controlStyles.field}>
                  {t(field)}
                  <select
                    className={controlStyles.input}
                    data-testid={`topology-${field === 'rowFrom' ? 'row-from' : 'row-to'}`}
                    value={cells[field]}
                    onChange={(event) => setCells({ ...cells, [field]: event.target.value })}
                  >
                    {CELL_ROWS.map((row) => (
                      <option key={row} value={row}>
                        {row}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            <div className={styles.pair}>
              {(['colFrom', 'colTo'] as const).map((field) => (
                <label key={field} className={controlStyles.field}>
                  {t(field)}
                  <input
                    className={controlStyles.input}
                    data-testid={`topology-${field === 'colFrom' ? 'col-from' : 'col-to'}`}
                    inputMode="numeric"
                    value={cells[field]}
                    onChange={(event) => setCells({ ...cells, [field]: event.target.value })}
                  />
                </label>
              ))}
            </div>
            <fieldset className={styles.choice}>
              <legend>{t('form')}</legend>
              {(['1d', 'qr'] as const).map((form) => (
                <label key={form} className={controlStyles.checkbox}>
                  <input
                    type="radio"
                    name="topology-form"
                    data-testid={`topology-form-${form}`}
                    checked={cells.form === form}
                    onChange={() => setCells({ ...cells, form })}
                  />
                  {t(form === '1d' ? 'form1d' : 'formQr')}
                </label>
              ))}
            </fieldset>
            <fieldset className={styles.choice}>
              <legend>{t('length')}</legend>
              {(['long', 'short'] as const).map((length) => (
                <label key={length} className={controlStyles.checkbox}>
                  <input
                    type="radio"
                    name="topology-length"
                    data-testid={`topology-length-${length}`}
                    checked={cells.length === length}
                    onChange={() => setCells({ ...cells, length })}
                  />
                  {t(length === 'long' ? 'lengthLong' : 'lengthShort')}
                </label>
              ))}
            </fieldset>
            <label className={controlStyles.field}>
              {t('copies')}
              <input
                className={controlStyles.input}
                data-testid="topology-copies"
                inputMode="numeric"
                value={cells.copies}
                onChange={(event) => setCells({ ...cells, copies: event.target.value })}
              />
            </label>
            <p className={styles.count} data-testid="topology-count" data-labels={cellLabels}>
              {countLine(cellCount, cellLabels, 'cells')}
            </p>
            <SubmitButton
              testId="topology-print-cells"
              label={t('printCells')}
              disabled={!canPrint(cellLabels)}
              isPrimary
            />
          </form>

          <form
            className={styles.section}
            data-testid="topology-boxes"
            aria-label={t('boxesTitle')}
            onSubmit={(event) => {
              event.preventDefault();
              if (canPrint(boxLabels)) void run(expandBoxRange(boxRange));
            }}
          >
            <h2 className={styles.sectionTitle}>{t('boxesTitle')}</h2>
            <div className={styles.pair}>
              {(['numberFrom', 'numberTo'] as const).map((field) => (
                <label key={field} className={controlStyles.field}>
                  {t(field)}
                  <input
                    className={controlStyles.input}
                    data-testid={`topology-box-${field === 'numberFrom' ? 'from' : 'to'}`}
                    inputMode="numeric"
                    value={boxes[field]}
                    onChange={(event) => setBoxes({ ...boxes, [field]: event.target.value })}
                  />
                </label>
              ))}
            </div>
            <label className={controlStyles.field}>
              {t('copies')}
              <input
                className={controlStyles.input}
                data-testid="topology-box-copies"
                inputMode="numeric"
                value={boxes.copies}
                onChange={(event) => setBoxes({ ...boxes, copies: event.target.value })}
              />
            </label>
            <p className={styles.count} data-testid="topology-box-count" data-labels={boxLabels}>
              {countLine(boxCount, boxLabels, 'boxes')}
            </p>
            <SubmitButton
              testId="topology-print-boxes"
              label={t('printBoxes')}
              disabled={!canPrint(boxLabels)}
              isPrimary
            />
          </form>
        </div>

        <RunLine progress={progress} result={result} />
      </div>
    </Page>
  );
}

const topologyService = createWarehousesService(api);

/** /topology over the real calls and the shell's printer. */
export default function TopologyPage() {
  const print = usePrint();
  return <TopologyScreen calls={topologyService} print={print} />;
}
