import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, controlStyles, SubmitButton } from '../../ui';
import type { ItemAction } from './workflow-route-table';
import type { WorkflowAction, WorkflowItem, WorkflowTask } from './workflow.types';
import styles from './workflow-screen.module.css';

// The parts of the workflow screen below the prompt (docs/DECISIONS.md "Guided workflows"):
// task cards, the items list, the count picker and the reasons; each sends its action.

type Send = (action: WorkflowAction) => void;

/** How many count buttons the picker shows at most (1–10); more is typed. */
const COUNT_BUTTONS = 10;

/** States where the current item can be given a reason (receipt of cargo, part 3). */
const REASON_STATES: readonly string[] = ['WaitItem', 'WaitCount'];
/** States whose items are confirmed one by one. */
const CONFIRM_STATES: readonly string[] = ['WaitConfirm', 'WaitItem', 'WaitPickingSticker'];

/** WaitTaskSelection: a card per task; taking one is TaskSelected. */
export function TaskCards(props: { tasks: WorkflowTask[]; isBusy: boolean; send: Send }) {
  const { t } = useTranslation('workflow');
  return (
    <section className={styles.section} aria-label={t('tasks')}>
      <h2 className={styles.sectionTitle}>{t('tasks')}</h2>
      <ul className={styles.cards} data-testid="workflow-tasks">
        {props.tasks.map((task) => (
          <li key={task.taskId}>
            <button
              type="button"
              className={`${controlStyles.button} ${styles.card}`}
              data-testid="workflow-task"
              data-task={task.taskId}
              disabled={props.isBusy}
              onClick={() => props.send({ code: 'TaskSelected', taskId: task.taskId })}
            >
              <span className={styles.cardTitle}>{task.title}</span>
              {task.subtitle ? <span className={styles.muted}>{task.subtitle}</span> : null}
              <span>{t('taskProgress', { done: task.done, total: task.total })}</span>
              {task.heldBy ? (
                <span className={styles.muted}>{t('taskHeldBy', { name: task.heldBy })}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The units of the step: current, done or skipped, each with Revert or Confirm. */
export function ItemsList(props: {
  items: WorkflowItem[];
  stateCode: string;
  isBusy: boolean;
  send: Send;
  /** «Состав» of a box: runs the route's details workflow for it (absent: no such button). */
  onDetails?: ((itemId: string) => void) | undefined;
  /** The route's item buttons in this state (workflow-route-table.ts); absent: the default. */
  actions?: readonly ItemAction[] | undefined;
}) {
  const { t } = useTranslation('workflow');
  const own = props.actions;
  const canConfirm = own ? own.includes('confirm') : CONFIRM_STATES.includes(props.stateCode);
  // WaitSku marks current only the goods a scan offered (candidates, an attention item):
  // ConfirmItem takes the one chosen (docs/DECISIONS.md "Picking goods by SKU").
  const canChoose = (item: WorkflowItem) => props.stateCode === 'WaitSku' && item.isCurrent;
  const canGiveReason = own ? own.includes('reasons') : REASON_STATES.includes(props.stateCode);
  const canRevert = own ? own.includes('revert') : true;
  const canScan = own?.includes('scan') ?? false;
  return (
    <section className={styles.section} aria-label={t('items')}>
      <h2 className={styles.sectionTitle}>{t('items')}</h2>
      <ul className={styles.items} data-testid="workflow-items">
        {props.items.map((item) => (
          <li
            key={item.itemId}
            className={item.isCurrent ? `${styles.item} ${styles.current}` : styles.item}
            data-testid="workflow-item"
            data-item={item.itemId}
            data-state={item.state}
            data-current={item.isCurrent}
          >
            <span className={styles.itemHead}>
              <span className={styles.cardTitle}>{item.title}</span>
              <span className={styles.muted}>
                {item.isCurrent ? `${t('itemCurrent')} · ` : ''}
                {t(`itemState.${item.state}`)}
              </span>
            </span>
            {item.barcode !== item.title ? (
              <span className={styles.muted} data-testid="workflow-item-barcode">
                {item.barcode}
              </span>
            ) : null}
            {item.subtitle ? <span className={styles.muted}>{item.subtitle}</span> : null}
            {item.location ? (
              <span data-testid="workflow-item-location">{item.location}</span>
            ) : item.kind === 'box' && item.state === 'waiting' ? (
              // A box still to take that stands in no cell: put back after a pick (v2 leaves it
              // out of its cell, docs/DECISIONS.md "Guided workflows", step table 8).
              <span data-testid="workflow-item-location">{t('itemOutOfCell')}</span>
            ) : null}
            {item.quantity > 1 ? (
              <span>{t('itemProgress', { done: item.doneQuantity, total: item.quantity })}</span>
            ) : null}
            <span className={styles.itemActions}>
              {canScan ? (
                <ActionButton
                  testId="workflow-item-choose"
                  label={t('choose')}
                  disabled={props.isBusy}
                  onClick={() => props.send({ code: 'BarcodeScanned', barcode: item.barcode })}
                  isPrimary
                />
              ) : null}
              {item.state !== 'waiting' && canRevert ? (
                <ActionButton
                  testId="workflow-item-revert"
                  label={t('revert')}
                  disabled={props.isBusy}
                  onClick={() => props.send({ code: 'ItemReverted', itemId: item.itemId })}
                />
              ) : null}
              {item.state === 'waiting' && (canConfirm || canChoose(item)) ? (
                <ActionButton
                  testId="workflow-item-confirm"
                  label={t('confirm')}
                  disabled={props.isBusy}
                  onClick={() => props.send({ code: 'ConfirmItem', itemId: item.itemId })}
                />
              ) : null}
              {item.kind === 'box' && props.onDetails ? (
                <ActionButton
                  testId="workflow-item-details"
                  label={t('details')}
                  disabled={props.isBusy}
                  onClick={() => props.onDetails?.(item.itemId)}
                />
              ) : null}
              {item.isCurrent && item.state === 'waiting' && canGiveReason ? (
                <ActionButton
                  testId="workflow-item-reasons"
                  label={t('showReasons')}
                  disabled={props.isBusy}
                  onClick={() => props.send({ code: 'ShowReasonsSelected', itemId: item.itemId })}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The states whose count is a number of stickers (print box sticker; place to storage; SKU;
 * receipt). */
const STICKER_COUNT_STATES: readonly string[] = [
  'WaitStickerCount',
  'WaitWhereOrPrint',
  'WaitPickingSticker',
];

/**
 * A count within `options.count`: buttons for the first ten, or typed. StickerCountSelected in
 * WaitStickerCount and WaitWhereOrPrint, CountSelected elsewhere.
 */
export function CountPicker(props: {
  range: { min: number; max: number };
  stateCode: string;
  isBusy: boolean;
  send: Send;
}) {
  const { t } = useTranslation('workflow');
  const [typed, setTyped] = useState('');
  const { min, max } = props.range;
  const pick = (count: number) =>
    props.send(
      STICKER_COUNT_STATES.includes(props.stateCode)
        ? { code: 'StickerCountSelected', count }
        : { code: 'CountSelected', count },
    );
  const buttons = Array.from(
    { length: Math.max(0, Math.min(max, COUNT_BUTTONS) - min + 1) },
    (_, index) => min + index,
  );
  const typedCount = Number(typed);
  const isTypedValid = /^\d+$/.test(typed) && typedCount >= min && typedCount <= max;
  return (
    <section className={styles.section} aria-label={t('count')}>
      <div className={styles.counts} data-testid="workflow-counts">
        {buttons.map((count) => (
          <button
            key={count}
            type="button"
            className={`${controlStyles.button} ${styles.count}`}
            data-testid={`workflow-count-${count}`}
            disabled={props.isBusy}
            onClick={() => pick(count)}
          >
            {count}
          </button>
        ))}
      </div>
      <form
        className={styles.countForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isTypedValid) return;
          pick(typedCount);
          setTyped('');
        }}
      >
        <label className={controlStyles.field}>
          {`${t('count')} (${t('countRange', { min, max })})`}
          <input
            className={controlStyles.input}
            data-testid="workflow-count-input"
            inputMode="numeric"
            value={typed}
            onChange={(event) => setTyped(event.target.value.trim())}
          />
        </label>
        <SubmitButton
          testId="workflow-count-submit"
          label={t('countSubmit')}
          disabled={props.isBusy || !isTypedValid}
        />
      </form>
    </section>
  );
}

/** WaitReason: the server's reason codes, one button each (ReasonSelected). */
export function ReasonList(props: {
  reasons: { code: string }[];
  itemId: string | null;
  /** A reason's text (the route's catalogue; its code when it has none). */
  labelOf: (code: string) => string;
  isBusy: boolean;
  send: Send;
}) {
  const { t } = useTranslation('workflow');
  return (
    <section className={styles.section} aria-label={t('reasons')}>
      <h2 className={styles.sectionTitle}>{t('reasons')}</h2>
      <div className={styles.cards} data-testid="workflow-reasons">
        {props.reasons.map((reason) => (
          <ActionButton
            key={reason.code}
            testId={`workflow-reason-${reason.code}`}
            label={props.labelOf(reason.code)}
            disabled={props.isBusy}
            onClick={() =>
              props.send({
                code: 'ReasonSelected',
                reasonCode: reason.code,
                ...(props.itemId ? { itemId: props.itemId } : {}),
              })
            }
          />
        ))}
      </div>
    </section>
  );
}
