import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TOPOLOGY_MAX_CELLS_PER_CALL, type TTopologyZone } from '@sorting/contracts';
import {
  CELL_ROWS,
  countCellRange,
  expandCellRange,
  type CellRange,
  type RangeLabel,
} from '@sorting/domain';
import { callValue } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import { useShellServices } from '../../shell';
import { useCallAction, useCallFailures } from '../../shell/calls/use-calls';
import { ActionButton, Dialog, SubmitButton, controlStyles } from '../../ui';
import type { TopologyCalls } from './topology.service';
import type { TopologyCode } from './topology-codes';
import { ZoneDialog } from './topology-zone-dialog';
import { MAX_COPIES, MAX_LABELS_PER_RUN } from './topology-print';
import styles from './topology-page.module.css';

/** A whole number from the text of a field, or NaN. */
export function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** Copies 1..MAX_COPIES from a field, or NaN. */
export function copiesOf(text: string): number {
  const copies = wholeNumber(text);
  return copies >= 1 && copies <= MAX_COPIES ? copies : Number.NaN;
}

export interface SectionProps {
  warehouse: number;
  calls: TopologyCalls;
  isManager: boolean;
  isRunning: boolean;
  startRun: (labels: RangeLabel[]) => void;
}

/** The line under a count: the count, the labels, over the run's limit or a bad input. */
export function useCountLine() {
  const { t } = useTranslation('topology');
  return (count: number, labels: number, unit: 'cells' | 'boxes') => {
    if (count === 0) return t('rangeInvalid');
    if (labels === 0) return t('copiesInvalid', { max: MAX_COPIES });
    const text = `${t(unit, { count })} · ${t('labels', { count: labels })}`;
    return labels > MAX_LABELS_PER_RUN
      ? `${text} · ${t('tooMany', { max: MAX_LABELS_PER_RUN })}`
      : text;
  };
}

/**
 * Cell labels of a zone's range (part 1 §9) with what exists of it: «12 ячеек: 9 есть в
 * системе, 3 нет», the missing ones created by a manager, a print of missing ones confirmed.
 */
export function CellsSection(
  props: SectionProps & { zones: TTopologyZone[]; defaultZone: number | null },
) {
  const { t } = useTranslation('topology');
  const { toasts } = useShellServices();
  const queryClient = useQueryClient();
  const { notifyError, loadValue } = useCallFailures<TopologyCode>(t);
  const countLine = useCountLine();
  const [pickedZone, setZone] = useState<number | null>(null);
  const [isZoneOpen, setZoneOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cells, setCells] = useState({
    rowFrom: 'a',
    rowTo: 'a',
    colFrom: '1',
    colTo: '1',
    form: '1d' as CellRange['form'],
    length: 'long' as CellRange['length'],
    copies: '1',
  });
  const zone =
    props.zones.find((item) => item.number === pickedZone) ??
    props.zones.find((item) => item.number === props.defaultZone) ??
    props.zones[0] ??
    null;
  const range: CellRange = {
    warehouseNumber: props.warehouse,
    zoneNumber: zone?.number ?? Number.NaN,
    rowFrom: cells.rowFrom,
    rowTo: cells.rowTo,
    colFrom: wholeNumber(cells.colFrom),
    colTo: wholeNumber(cells.colTo),
    form: cells.form,
    length: cells.length,
    copies: copiesOf(cells.copies),
  };
  const count = countCellRange(range);
  const copies = copiesOf(cells.copies);
  const labels = Number.isNaN(copies) ? 0 : count * copies;
  const bounds = {
    rowFrom: range.rowFrom,
    rowTo: range.rowTo,
    colFrom: range.colFrom,
    colTo: range.colTo,
  };
  const existingKey = ['topology', 'cells', props.warehouse, zone?.number ?? null, bounds];
  const existing = useQuery({
    queryKey: existingKey,
    queryFn: () =>
      loadValue(props.calls.cells(props.warehouse, zone?.number ?? 0, bounds), 'f-0001'),
    enabled: zone !== null && count > 0 && range.colTo <= 99,
    staleTime: 10_000,
  });
  const present = existing.data?.length ?? null;
  const missing = present === null ? null : count - present;

  const createCells = useCallAction(
    async () => {
      if (!zone) return;
      const made = await callValue(
        props.calls.createCells(props.warehouse, zone.number, bounds, newOperationId()),
        'f-0002',
      );
      toasts.notify({ status: 'ok', content: t('cellsCreated', made) });
      await queryClient.invalidateQueries({ queryKey: ['topology'] });
    },
    (error) => notifyError(error, 'f-0002'),
  );

  const canPrint = !props.isRunning && labels > 0 && labels <= MAX_LABELS_PER_RUN && zone !== null;
  const print = () => props.startRun(expandCellRange(range));

  return (
    <>
      <form
        className={styles.section}
        data-testid="topology-cells"
        aria-label={t('cellsTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!canPrint) return;
          if (missing !== null && missing > 0) setConfirming(true);
          else print();
        }}
      >
        <h2 className={styles.sectionTitle}>{t('cellsTitle')}</h2>
        <div className={styles.zoneLine}>
          <label className={controlStyles.field}>
            {t('zone')}
            <select
              className={controlStyles.input}
              data-testid="topology-zone"
              value={zone?.number ?? ''}
              onChange={(event) => setZone(Number(event.target.value))}
            >
              {props.zones.map((item) => (
                <option key={item.id} value={item.number}>
                  {t('zoneOption', { number: item.number, name: item.name })}
                </option>
              ))}
            </select>
          </label>
          {props.isManager ? (
            <ActionButton
              testId="topology-new-zone"
              label={t('newZone')}
              onClick={() => setZoneOpen(true)}
            />
          ) : null}
        </div>
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
        <p className={styles.count} data-testid="topology-existing" data-missing={missing ?? ''}>
          {count > 0 && present !== null
            ? t('existing', { cells: t('cells', { count }), present, missing })
            : null}
        </p>
        {props.isManager && missing !== null && missing > 0 ? (
          <ActionButton
            testId="topology-create-cells"
            label={t('createCells', { count: missing })}
            disabled={createCells.isBusy || count > TOPOLOGY_MAX_CELLS_PER_CALL}
            onClick={() => void createCells.run()}
          />
        ) : null}
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
        <p className={styles.count} data-testid="topology-count" data-labels={labels}>
          {countLine(count, labels, 'cells')}
        </p>
        <SubmitButton
          testId="topology-print-cells"
          label={t('printCells')}
          disabled={!canPrint}
          isPrimary
        />
      </form>
      <Dialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={t('missingTitle')}
        actions={
          <>
            <ActionButton
              testId="topology-missing-cancel"
              label={t('cancel')}
              onClick={() => setConfirming(false)}
            />
            <ActionButton
              testId="topology-missing-print"
              label={t('printAnyway')}
              isPrimary
              onClick={() => {
                setConfirming(false);
                print();
              }}
            />
          </>
        }
      >
        <p data-testid="topology-missing-text">{t('missingConfirm', { count: missing ?? 0 })}</p>
      </Dialog>
      <ZoneDialog
        isOpen={isZoneOpen}
        warehouse={props.warehouse}
        calls={props.calls}
        onClose={() => setZoneOpen(false)}
        onCreated={(created) => {
          setZoneOpen(false);
          setZone(created.number);
          toasts.notify({ status: 'ok', content: t('zoneCreated', created) });
          void queryClient.invalidateQueries({ queryKey: ['topology', 'zones'] });
        }}
      />
    </>
  );
}
