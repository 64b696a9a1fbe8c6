import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { replaceEqualDeep } from '@tanstack/react-query';
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

/** What a row of the items list may offer, the same for every row of one state. */
interface RowOffers {
  canConfirm: boolean;
  canRevert: boolean;
  /** A «Выбрать» that sends the item's barcode as a scan (packing's dimension types). */
  canScan: boolean;
  /** WaitSku: the current goods may be chosen (ConfirmItem). */
  canChoose: boolean;
  canGiveReason: boolean;
  hasDetails: boolean;
}

/**
 * The units of the step: current, done or skipped, each with Revert or Confirm. A 200-box task
 * answers its whole list on every scan (docs/PERFORMANCE.md "Guided workflows, part 2"): the
 * rows keep the objects of the items that did not change (TanStack Query's `replaceEqualDeep`)
 * and are memoised on them, and the busy state disables the buttons through the list's
 * fieldset, so a scan re-renders only the rows it changed.
 */
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
  const kept = useRef<WorkflowItem[]>([]);
  const items = replaceEqualDeep(kept.current, props.items);
  useEffect(() => {
    kept.current = items;
  }, [items]);
  // The rows get one stable sender: the screen's callbacks may change identity on each render.
  const latest = useRef({ send: props.send, onDetails: props.onDetails });
  useEffect(() => {
    latest.current = { send: props.send, onDetails: props.onDetails };
  });
  const send = useCallback<Send>((action) => latest.current.send(action), []);
  const details = useCallback((itemId: string) => latest.current.onDetails?.(itemId), []);
  const offers: RowOffers = {
    canConfirm: own ? own.includes('confirm') : CONFIRM_STATES.includes(props.stateCode),
    canRevert: own ? own.includes('revert') : true,
    canScan: own?.includes('scan') ?? false,
    // WaitSku marks current only the goods a scan offered (candidates, an attention item):
    // ConfirmItem takes the one chosen (docs/DECISIONS.md "Picking goods by SKU").
    canChoose: props.stateCode === 'WaitSku',
    canGiveReason: own ? own.includes('reasons') : REASON_STATES.includes(props.stateCode),
    hasDetails: props.onDetails !== undefined,
  };
  return (
    <section className={styles.section} aria-label={t('items')}>
      <h2 className={styles.sectionTitle}>{t('items')}</h2>
      <fieldset className={styles.itemsFieldset} disabled={props.isBusy}>
        <ul className={styles.items} data-testid="workflow-items">
          {items.map((item) => (
            <ItemRow
              key={item.itemId}
              item={item}
              canConfirm={offers.canConfirm}
              canRevert={offers.canRevert}
              canScan={offers.canScan}
              canChoose={offers.canChoose && item.isCurrent}
              canGiveReason={offers.canGiveReason}
              hasDetails={offers.hasDetails}
              send={send}
              onDetails={details}
            />
          ))}
        </ul>
      </fieldset>
    </section>
  );
}

/** One unit of the items list: re-rendered only when its item or what it offers changed. */
const ItemRow = memo(function ItemRow(
  props: RowOffers & { item: WorkflowItem; send: Send; onDetails: (itemId: string) => void },
) {
  const { t } = useTranslation('workflow');
  const { item, send } = props;
  return (
    <li
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
        {props.canScan ? (
          <ActionButton
            testId="workflow-item-choose"
            label={t('choose')}
            onClick={() => send({ code: 'BarcodeScanned', barcode: item.barcode })}
            isPrimary
          />
        ) : null}
        {item.state !== 'waiting' && props.canRevert ? (
          <ActionButton
            testId="workflow-item-revert"
            label={t('revert')}
            onClick={() => send({ code: 'ItemReverted', itemId: item.itemId })}
          />
        ) : null}
        {item.state === 'waiting' && (props.canConfirm || props.canChoose) ? (
          <ActionButton
            testId="workflow-item-confirm"
            label={t('confirm')}
            onClick={() => send({ code: 'ConfirmItem', itemId: item.itemId })}
          />
        ) : null}
        {item.kind === 'box' && props.hasDetails ? (
          <ActionButton
            testId="workflow-item-details"
            label={t('details')}
            onClick={() => props.onDetails(item.itemId)}
          />
        ) : null}
        {item.isCurrent && item.state === 'waiting' && props.canGiveReason ? (
          <ActionButton
            testId="workflow-item-reasons"
            label={t('showReasons')}
            onClick={() => send({ code: 'ShowReasonsSelected', itemId: item.itemId })}
          />
        ) : null}
      </span>
    </li>
  );
});

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
