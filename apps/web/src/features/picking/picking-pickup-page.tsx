import { lazy, Suspense, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PICKING_PAGE_SIZE,
  PICKING_RETURN_ROW,
  type TPickingInfo,
  type TPickingItem,
} from '@sorting/contracts';
import { formatMoney } from '@sorting/domain';
import { api } from '../../lib/api';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { useLocale, useLocalizedPath, useShellServices } from '../../shell';
import { ActionBar, ActionButton, controlStyles, NoData, Page, Pager, tableStyles } from '../../ui';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { ChunkLoader } from '../../shell/main-loader/chunk-loader';
import { ConfirmDialog } from '../../ui/dialog/confirm-dialog';
import { PromptError } from '../../ui/prompt/prompt-error';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import { PAGES } from '../../lib/page-paths';
import {
  amountDue,
  groupByCell,
  isBalanceBlocked,
  isDeadlinePassed,
  isGateMode,
  pickedItems,
  pickingMachine,
  progressOf,
  viewOf,
  type PickingEvent,
} from './picking.machine';
import { createPickingService, userIdOfSession, type PickingCalls } from './picking.service';
import { DeliveryOffer } from './delivery-offer';
import { createDeliveryService, type DeliveryCalls } from './delivery.service';
import { usePickingErrorText, usePickingPorts } from './use-picking-ports';
import { BalanceRows, LostDialog, PincodeForm, ProxyForm } from './picking-validation-views';
import {
  AmountDue,
  CheckPayment,
  ChoosePayment,
  InfoRows,
  PaymentReceipt,
  ReturnButton,
  ReturnDialog,
} from './picking-payment-views';
import promptStyles from '../../ui/prompt/prompt.module.css';
import styles from './picking-page.module.css';

const PROCESS_VIEWS = new Set([
  'pickingProcess',
  'pickingUp',
  'confirmCancel',
  'cancelling',
  'lostDialog',
  'markingLost',
]);
const CHECK_VIEWS = new Set(['checkPicked', 'ending', 'checkPincode', 'checkProxy']);
/** The payment screens (part 2 §4). */
const PAY_VIEWS = new Set(['choosePayment', 'paying']);
const RETURN_VIEWS = new Set(['loadingReasons', 'returnDialog', 'confirmReturn', 'returning']);

/** A calendar day (yyyy-mm-dd) as the locale writes it: 31.12.2030, 12/31/2030. */
function formatDay(day: string, locale: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** The current cell by its name (part 1 §3 cell name, `8-a-01`); a gate cell by its barcode. */
function cellNameOf(items: readonly TPickingItem[], barcode: string): string {
  return items.find((item) => item.cell.barcode === barcode)?.cell.name ?? barcode;
}

/** Today as yyyy-mm-dd (the device's date), to compare storage deadlines. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * `/picking/pickup/{clientCode}` (spec part 1 §4 pickingInfo, pickingProcess, checkPicked): the
 * recipient's info and Begin; the items grouped by cell, picked by scans; the picked list and
 * End; Cancel with confirmation. A reload brings this device's open picking back to process.
 */
export function PickingPickupScreen(props: {
  calls: PickingCalls;
  clientCode: string;
  /** The tariff check and the delivery offer (none in tests that leave it out). */
  deliveryCalls?: DeliveryCalls;
}) {
  const { t } = useTranslation('picking');
  const ports = usePickingPorts(props.calls);
  const errorText = usePickingErrorText();
  // The providers of the runtime settings (read at start-up), all when absent.
  const queryClient = useQueryClient();
  const settings = queryClient.getQueryData(runtimeSettingsQuery.queryKey);
  const { actor, snapshot } = useMachineActor(pickingMachine, {
    ports,
    clientCode: props.clientCode,
    ...(settings?.paymentProviders ? { paymentProviders: settings.paymentProviders } : {}),
  });
  useMachineScans(actor);
  const send = (event: PickingEvent) => actor?.send(event);

  const machineView = viewOf(snapshot);
  const context = snapshot?.context ?? null;
  // The return dialog opens over the screen it was asked on.
  const view = RETURN_VIEWS.has(machineView) ? (context?.returnFrom ?? machineView) : machineView;
  const isReturn = RETURN_VIEWS.has(machineView);
  const isPaying = PAY_VIEWS.has(machineView);
  const isChecking = machineView === 'checkPayment';
  const isPaid =
    machineView === 'endPayment' ||
    (machineView === 'ending' && context?.payment?.State === 'PROCESSED');
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const error = context?.error ?? null;
  const info = context?.info ?? null;
  const items = context?.items ?? [];
  const progress = progressOf(items);
  const picked = pickedItems(items);
  // The proof screens stay mounted while their end is sent.
  const proof = context?.validation?.Kind ?? 'none';
  const isPincode =
    view === 'checkPincode' || (view === 'ending' && !isPaid && proof === 'pincode');
  const isProxy = view === 'checkProxy' || (view === 'ending' && !isPaid && proof === 'attorney');
  const due = context ? amountDue(context) : 0;
  const isGate = isGateMode(info);
  const gateCells = (info?.AllowedGateCells ?? []).join(', ');

  return (
    <Page title={t('pickupTitle', { code: props.clientCode })} testId="picking-pickup">
      <div
        className={styles.screen}
        data-testid="picking-screen"
        data-view={machineView}
        aria-busy={isBusy}
      >
        <section className={promptStyles.prompt} data-testid="prompt">
          <p className={promptStyles.main} data-testid="prompt-main">
            {isPaying
              ? t('payment.chooseTitle')
              : isChecking && context?.payment
                ? t(
                    context.payment.ProviderCode === 'terminal'
                      ? 'payment.terminalPrompt'
                      : context.payment.PaymentTypeCode === 'cash'
                        ? 'payment.cashPrompt'
                        : 'payment.cardPosPrompt',
                  )
                : isPaid
                  ? t('payment.paidTitle')
                  : PROCESS_VIEWS.has(view)
                    ? context?.pendingBarcode
                      ? t(isGate ? 'gateCellOf' : 'scanCellOf', { barcode: context.pendingBarcode })
                      : context?.currentCell
                        ? t(isGate ? 'gateCurrent' : 'scanItemIn', {
                            cell: cellNameOf(items, context.currentCell),
                          })
                        : isGate
                          ? t('gateScanFirst', { cells: gateCells })
                          : t('scanCellOrItem')
                    : isPincode
                      ? t('pincodeTitle')
                      : isProxy
                        ? t('proxyTitle')
                        : CHECK_VIEWS.has(view)
                          ? t('checkPicked')
                          : info
                            ? info.ClientName
                            : t('loadingClient', { code: props.clientCode })}
          </p>
          {PROCESS_VIEWS.has(view) ? (
            <p className={styles.progress} data-testid="picking-progress">
              {t('progress', { picked: progress.picked, total: progress.total })}
            </p>
          ) : null}
          {context?.repeated && !error && PROCESS_VIEWS.has(view) ? (
            <p className={promptStyles.extra} data-testid="prompt-repeat" role="status">
              {t('alreadyPicked', { barcode: context.repeated })}
            </p>
          ) : null}
          {error ? (
            // The spec's f-codes are shown; our own checks (a non-gate cell) show their text only.
            <PromptError
              text={errorText(error)}
              code={error.code.startsWith('f-') ? error.code : null}
            />
          ) : null}
        </section>

        {view === 'infoFailed' ? <NoData text={t('f-0005')} code="f-0005" /> : null}

        {info && (view === 'pickingInfo' || view === 'beginning') ? (
          <>
            <ClientInfo info={info} />
            <BalanceRows balance={context?.balance ?? null} />
          </>
        ) : null}

        {info && props.deliveryCalls && (view === 'pickingInfo' || view === 'checkPicked') ? (
          <DeliveryOffer
            calls={props.deliveryCalls}
            info={info}
            pickingId={context?.pickingId ?? (info.IsOwnPicking ? info.PickingId : null)}
          />
        ) : null}

        {PROCESS_VIEWS.has(view) ? (
          <ProcessList
            items={items}
            currentCell={context?.currentCell ?? null}
            canMarkLost={machineView === 'pickingProcess'}
            onLost={(itemId) => send({ type: 'LOST_ASK', itemId })}
            onReturn={(itemId) => send({ type: 'RETURN_ASK', itemId })}
          />
        ) : null}

        {isPincode ? (
          <PincodeForm
            // A refused pincode is forgotten (validation null): a fresh, focused, empty field.
            key={context?.validation ? 'typed' : 'empty'}
            initial={context?.validation ?? null}
            isBusy={view !== 'checkPincode'}
            onSubmit={(data) => send({ type: 'VALIDATE', data })}
            onBack={() => send({ type: 'BACK' })}
          />
        ) : isProxy ? (
          <ProxyForm
            initial={context?.validation ?? null}
            isBusy={view !== 'checkProxy'}
            onSubmit={(data) => send({ type: 'VALIDATE', data })}
            onBack={() => send({ type: 'BACK' })}
          />
        ) : isPaying ? (
          <>
            <AmountDue amount={due} />
            <ChoosePayment
              providers={context?.paymentProviders ?? []}
              isBusy={machineView !== 'choosePayment'}
              onPay={(provider) => send({ type: 'PAY', provider })}
            />
          </>
        ) : isChecking && context?.payment ? (
          <CheckPayment
            payment={context.payment}
            isBusy={isBusy}
            onConfirm={(receivedKopecks) => send({ type: 'PAYMENT_CONFIRM', receivedKopecks })}
            onCheck={() => send({ type: 'PAYMENT_CHECK' })}
            onCancel={() => send({ type: 'PAYMENT_CANCEL' })}
          />
        ) : isPaid && context?.payment ? (
          <PaymentReceipt payment={context.payment} receivedKopecks={context.receivedKopecks} />
        ) : CHECK_VIEWS.has(view) ? (
          <>
            <AmountDue amount={due} />
            <PickedList
              items={picked}
              canReturn={machineView === 'checkPicked'}
              onReturn={(itemId) => send({ type: 'RETURN_ASK', itemId })}
            />
          </>
        ) : null}

        {isReturn && context?.returnItem ? (
          <ReturnDialog
            barcode={context.returnItem.barcode}
            reasons={context.returnReasons}
            chosen={machineView === 'returnDialog' ? null : context.returnReason}
            isBusy={machineView !== 'returnDialog' && machineView !== 'confirmReturn'}
            onChoose={(reason) => send({ type: 'RETURN_CHOOSE', reason })}
            onConfirm={() => send({ type: 'RETURN_CONFIRM' })}
            onBack={() => send({ type: 'RETURN_BACK' })}
            onClose={() => send({ type: 'RETURN_CLOSE' })}
          />
        ) : null}

        {(view === 'lostDialog' || view === 'markingLost') && context?.lostItem ? (
          <LostDialog
            barcode={context.lostItem.barcode}
            isBusy={view !== 'lostDialog'}
            onSubmit={(description) => send({ type: 'LOST_SUBMIT', description })}
            onClose={() => send({ type: 'LOST_CLOSE' })}
          />
        ) : null}

        <ActionBar>
          {view === 'infoFailed' ? (
            <>
              <ActionButton
                testId="picking-retry"
                label={t('retry')}
                onClick={() => send({ type: 'RETRY' })}
              />
              <ActionButton
                testId="picking-back"
                label={t('back')}
                onClick={() => send({ type: 'BACK' })}
              />
            </>
          ) : null}
          {view === 'pickingInfo' || view === 'beginning' ? (
            <>
              <ActionButton
                testId="picking-begin"
                label={t('begin')}
                disabled={view !== 'pickingInfo' || isBalanceBlocked(context?.balance ?? null)}
                onClick={() => send({ type: 'BEGIN' })}
              />
              <ActionButton
                testId="picking-back"
                label={t('back')}
                disabled={view !== 'pickingInfo'}
                onClick={() => send({ type: 'BACK' })}
              />
            </>
          ) : null}
          {PROCESS_VIEWS.has(view) ? (
            <>
              <ActionButton
                testId="picking-to-check"
                label={t('toCheck')}
                disabled={machineView !== 'pickingProcess' || progress.picked === 0}
                onClick={() => send({ type: 'TO_CHECK' })}
              />
              <ActionButton
                testId="picking-cancel"
                label={t('cancelPicking')}
                disabled={machineView !== 'pickingProcess'}
                onClick={() => send({ type: 'CANCEL' })}
              />
            </>
          ) : null}
          {isPaying ? (
            <ActionButton
              testId="picking-back"
              label={t('backToPicked')}
              disabled={machineView !== 'choosePayment'}
              onClick={() => send({ type: 'BACK' })}
            />
          ) : null}
          {isPaid ? (
            <ActionButton
              testId="picking-end"
              label={t('end')}
              disabled={machineView !== 'endPayment'}
              onClick={() => send({ type: 'END' })}
            />
          ) : null}
          {CHECK_VIEWS.has(view) && !isPincode && !isProxy && !isPaid ? (
            <>
              <ActionButton
                testId="picking-end"
                label={t('end')}
                disabled={machineView !== 'checkPicked'}
                onClick={() => send({ type: 'END' })}
              />
              <ActionButton
                testId="picking-back"
                label={t('backToProcess')}
                disabled={machineView !== 'checkPicked'}
                onClick={() => send({ type: 'BACK' })}
              />
              <ActionButton
                testId="picking-cancel"
                label={t('cancelPicking')}
                disabled={machineView !== 'checkPicked'}
                onClick={() => send({ type: 'CANCEL' })}
              />
            </>
          ) : null}
        </ActionBar>

        <ConfirmDialog
          isOpen={view === 'confirmCancel' || view === 'cancelling'}
          title={t('confirmCancelTitle')}
          confirmLabel={t('confirmCancel')}
          confirmTestId="confirm-cancel-picking"
          cancelLabel={t('keepPicking')}
          cancelTestId="keep-picking"
          isConfirmDisabled={view !== 'confirmCancel'}
          isCancelDisabled={view !== 'confirmCancel'}
          onConfirm={() => send({ type: 'CONFIRMED' })}
          onCancel={() => send({ type: 'CANCELLED' })}
        >
          {picked.length === 0 ? (
            <p data-testid="put-back-none">{t('putBackNone')}</p>
          ) : (
            <>
              <p>{t('putBackTitle', { count: picked.length })}</p>
              <ul data-testid="put-back">
                {picked.map((item) => (
                  <li key={item.itemId} data-testid="put-back-item">
                    {t('putBackItem', {
                      barcode: item.barcode,
                      cell: item.cell.name ?? item.cell.barcode ?? '',
                    })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** Pickup info: addresses, warehouses, counts and cash on delivery (part 2 §3). */
function ClientInfo(props: { info: TPickingInfo }) {
  const { t } = useTranslation('picking');
  const { info } = props;
  const rows: [string, string, string][] = [
    ['info-code', t('code'), info.ClientCode],
    ['info-address-from', t('addressFrom'), info.AddressFrom ?? '—'],
    ['info-address-to', t('addressTo'), info.AddressTo ?? '—'],
    ['info-warehouse-from', t('warehouseFrom'), info.WarehouseCodeFrom ?? '—'],
    ['info-warehouse-to', t('warehouseTo'), info.WarehouseCodeTo ?? '—'],
    ['info-parcels', t('columnParcels'), t('parcels', { count: info.ParcelsCount })],
    ['info-for-return', t('forReturn'), t('parcels', { count: info.ParcelsForReturnCount })],
    ['info-cod', t('columnCashOnDelivery'), formatMoney(info.CashOnDelivery)],
  ];
  return (
    <section data-testid="picking-info" aria-label={t('infoTitle')}>
      <InfoRows rows={rows} />
      {info.PickingUserName && !info.IsOwnPicking ? (
        <p data-testid="info-held-by">{t('heldBy', { user: info.PickingUserName })}</p>
      ) : null}
    </section>
  );
}

/** The items grouped by cell, the cell name large; a `return` row shows the returns label. */
function ProcessList(props: {
  items: readonly TPickingItem[];
  currentCell: string | null;
  canMarkLost: boolean;
  onLost: (itemId: number) => void;
  onReturn: (itemId: number) => void;
}) {
  const { t } = useTranslation('picking');
  const { locale } = useLocale();
  const date = today();
  return (
    <section data-testid="picking-items" aria-label={t('itemsTitle')}>
      {groupByCell(props.items).map((group) => {
        const isReturn = group.cell.row === PICKING_RETURN_ROW;
        const isCurrent = group.cell.barcode !== null && group.cell.barcode === props.currentCell;
        return (
          <div
            key={group.key}
            className={`${styles.cell} ${isCurrent ? styles.current : ''}`}
            data-testid="picking-cell"
            data-cell={group.cell.barcode ?? group.cell.row}
          >
            <p className={styles.cellName} data-testid="cell-name">
              {isReturn ? t('returnsArea') : (group.cell.name ?? t('noCell'))}
            </p>
            <p className={promptStyles.extra}>
              {isReturn
                ? t('returnsRowCol')
                : t('cellRowCol', { row: group.cell.row, col: group.cell.col ?? '' })}
            </p>
            <ul className={styles.items}>
              {group.items.map((item) => {
                const expired = isDeadlinePassed(item.storageDeadlineDate, date);
                return (
                  <li
                    key={item.itemId}
                    className={styles.item}
                    data-testid="picking-item"
                    data-barcode={item.barcode}
                    data-state={item.state}
                  >
                    {t('item', { barcode: item.barcode, name: item.name })}
                    {' · '}
                    <span data-testid="item-state">{t(`state.${item.state}`)}</span>
                    {item.storageDeadlineDate ? (
                      <>
                        {' · '}
                        <span
                          className={expired ? styles.expired : undefined}
                          data-testid="item-deadline"
                          data-expired={expired}
                        >
                          {t(expired ? 'deadlinePassed' : 'deadline', {
                            date: formatDay(item.storageDeadlineDate, locale),
                          })}
                        </span>
                      </>
                    ) : null}
                    {item.state === 'WAITING' ? (
                      <button
                        type="button"
                        className={`${controlStyles.button} ${styles.lostButton}`}
                        data-testid="picking-lost"
                        aria-label={t('notFoundOf', { barcode: item.barcode })}
                        disabled={!props.canMarkLost}
                        onClick={() => props.onLost(item.itemId)}
                      >
                        {t('notFound')}
                      </button>
                    ) : null}
                    {item.state === 'WAITING' || item.state === 'PICKED' ? (
                      <ReturnButton
                        barcode={item.barcode}
                        disabled={!props.canMarkLost}
                        onClick={() => props.onReturn(item.itemId)}
                      />
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

/** checkPicked: the picked list (WAITING excluded), paged by 30, with totals. */
function PickedList(props: {
  items: readonly TPickingItem[];
  canReturn: boolean;
  onReturn: (itemId: number) => void;
}) {
  const { t } = useTranslation('picking');
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(props.items.length / PICKING_PAGE_SIZE));
  const shown = props.items.slice((page - 1) * PICKING_PAGE_SIZE, page * PICKING_PAGE_SIZE);
  const total = props.items.reduce((sum, item) => sum + Math.round(item.cashOnDelivery * 100), 0);
  return (
    <section data-testid="picked-list" aria-label={t('checkPicked')}>
      <div className={tableStyles.frame}>
        <table className={tableStyles.table}>
          <thead>
            <tr>
              <th scope="col">{t('columnParcel')}</th>
              <th scope="col">{t('columnCell')}</th>
              <th scope="col">{t('columnCashOnDelivery')}</th>
              <th scope="col">{t('columnActions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((item) => (
              <tr key={item.itemId} data-testid="picked-item" data-barcode={item.barcode}>
                <td data-label={t('columnParcel')}>
                  {t('item', { barcode: item.barcode, name: item.name })}
                </td>
                <td data-label={t('columnCell')}>{item.cell.name ?? ''}</td>
                <td data-label={t('columnCashOnDelivery')}>{formatMoney(item.cashOnDelivery)}</td>
                <td data-label={t('columnActions')}>
                  <ReturnButton
                    barcode={item.barcode}
                    disabled={!props.canReturn}
                    onClick={() => props.onReturn(item.itemId)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={setPage} testId="picked-pager" />
      <p className={styles.totals} data-testid="picked-totals">
        {t('pickedTotals', { count: props.items.length, amount: formatMoney(total / 100) })}
      </p>
    </section>
  );
}

// `/picking/delivery/{pickingId}` shares this page's route loader (app/routes.ts).
const DeliveryPage = lazy(() => import('./picking-delivery-picking-page'));

/**
 * /picking/pickup/{clientCode}: the pick-up over the real calls. `/picking/pickup` and
 * `/picking/delivery` without a parameter go to `/picking`.
 */
export default function PickingPickupPage() {
  const { clientCode = '', pickingId } = useParams();
  const localize = useLocalizedPath();
  const { session } = useShellServices();
  const [calls] = useState(() =>
    createPickingService(api, () => userIdOfSession(session.getUser())),
  );
  const [deliveryCalls] = useState(() =>
    createDeliveryService(api, () => userIdOfSession(session.getUser())),
  );
  if (pickingId !== undefined) {
    return (
      <Suspense fallback={<ChunkLoader />}>
        <DeliveryPage />
      </Suspense>
    );
  }
  if (clientCode === '') return <Navigate to={localize(PAGES.picking)} replace />;
  // A new recipient in the URL is a new flow: the machine starts again with it.
  return (
    <PickingPickupScreen
      key={clientCode}
      calls={calls}
      clientCode={clientCode}
      deliveryCalls={deliveryCalls}
    />
  );
}
