import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TDeliveryItem } from '@sorting/contracts';
import { UNKNOWN_MEASURE } from '@sorting/domain';
import { api } from '../../lib/api';
import { formatMeasuredKg, formatSizesCm } from '../../lib/number-format';
import { getLocalStorage } from '../../lib/storage';
import { useLocale, useLocalizedPath, useShellServices } from '../../shell';
import { ActionBar, ActionButton, controlStyles, NoData, Page, tableStyles } from '../../ui';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { PromptError } from '../../ui/prompt/prompt-error';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import {
  deliveryMachine,
  deliveryViewOf,
  isMeasuringComplete,
  PICKING_LIST_PATH,
  type DeliveryEvent,
  type MeasureField,
  type MeasureForm,
  type MeasureProblem,
} from './delivery.machine';
import { createDeliveryService, type DeliveryCalls } from './delivery.service';
import { LAST_PICKING_RECIPIENT_KEY } from './picking.model';
import { userIdOfSession } from './picking.service';
import { useDeliveryErrorText, useDeliveryPorts } from './use-delivery-ports';
import { forgetShownDelivery, showDelivery } from '../../shell/delivery-panel/delivery-changed';
import promptStyles from '../../ui/prompt/prompt.module.css';
import styles from './picking-page.module.css';

const PACKAGE_VIEWS = new Set(['stickering', 'printing', 'list', 'finishing', 'ending']);

/** The prompt's main line of a step. */
type PromptKey =
  | 'delivery.startPrompt'
  | 'delivery.stickeringPrompt'
  | 'delivery.measuringPrompt'
  | 'delivery.listPrompt'
  | 'delivery.endPrompt'
  | 'delivery.loading';

function promptKey(view: string): PromptKey {
  if (view === 'start' || view === 'creating' || view === 'skipping') return 'delivery.startPrompt';
  if (view === 'stickering' || view === 'printing') return 'delivery.stickeringPrompt';
  if (view === 'measuring') return 'delivery.measuringPrompt';
  if (view === 'list' || view === 'finishing' || view === 'ending') return 'delivery.listPrompt';
  if (view === 'end') return 'delivery.endPrompt';
  return 'delivery.loading';
}

/** Views whose delivery and packages are read; the start views have no delivery yet. */
const NO_DELIVERY_VIEWS = new Set(['start', 'creating', 'skipping', 'end']);

/**
 * The header panel shows what this page read (one `picking/info` and one `delivery/items` per
 * load, docs/DECISIONS.md "Delivery to a recipient"): the open delivery, or none.
 */
function useShownToPanel(
  pickingId: number,
  view: string,
  info: { ClientName: string; IsOwnPicking: boolean } | null,
  deliveryId: number | null,
  packagesCount: number,
) {
  const isKnown = PACKAGE_VIEWS.has(view) || view === 'measuring' || NO_DELIVERY_VIEWS.has(view);
  const hasDelivery =
    isKnown && !NO_DELIVERY_VIEWS.has(view) && info?.IsOwnPicking === true && deliveryId !== null;
  const recipientName = info?.ClientName ?? '';
  useEffect(() => {
    if (!isKnown) return;
    showDelivery(pickingId, hasDelivery ? { pickingId, recipientName, packagesCount } : null);
  }, [pickingId, isKnown, hasDelivery, recipientName, packagesCount]);
  useEffect(() => () => forgetShownDelivery(pickingId), [pickingId]);
}

/**
 * `/picking/delivery/{pickingId}` (spec part 2 §2 Delivery steps start, stickering, list,
 * measuring, end; §4 Delivery flow): the picking's delivery, its packages' stickers
 * and measures, finishing the delivery or ending the picking.
 */
export function DeliveryScreen(props: {
  calls: DeliveryCalls;
  pickingId: number;
  recipientCode: string | null;
}) {
  const { t } = useTranslation('picking');
  const { locale } = useLocale();
  const ports = useDeliveryPorts(props.calls);
  const errorText = useDeliveryErrorText();
  const { actor, snapshot } = useMachineActor(deliveryMachine, {
    ports,
    pickingId: props.pickingId,
    recipientCode: props.recipientCode,
  });
  useMachineScans(actor);
  const send = (event: DeliveryEvent) => actor?.send(event);

  const view = deliveryViewOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const error = context?.error ?? null;
  const info = context?.info ?? null;
  const items = context?.items ?? [];
  const isComplete = isMeasuringComplete(items);
  useShownToPanel(props.pickingId, view, info, context?.deliveryId ?? null, items.length);

  return (
    <Page title={t('delivery.title', { id: props.pickingId })} testId="picking-delivery">
      <div
        className={styles.screen}
        data-testid="delivery-screen"
        data-view={view}
        aria-busy={isBusy}
      >
        <section className={promptStyles.prompt} data-testid="prompt">
          <p className={promptStyles.main} data-testid="prompt-main">
            {t(promptKey(view))}
          </p>
          {info ? (
            <p className={promptStyles.extra} data-testid="delivery-recipient">
              {t('delivery.recipient', {
                name: info.ClientName,
                address: info.AddressTo ?? '—',
                delivery: context?.deliveryId ?? '—',
              })}
            </p>
          ) : null}
          {error ? <PromptError text={errorText(error)} code={error.code} /> : null}
        </section>

        {view === 'infoFailed' ? <NoData text={t('delivery.store.f-0004')} code="f-0004" /> : null}
        {view === 'itemsFailed' ? <NoData text={t('delivery.store.f-0002')} code="f-0002" /> : null}

        {view === 'start' || view === 'creating' || view === 'skipping' ? (
          <section data-testid="delivery-start" aria-label={t('delivery.startPrompt')}>
            <label className={controlStyles.field}>
              <span>{t('delivery.packagesCount')}</span>
              <input
                className={controlStyles.input}
                data-testid="packages-count"
                type="number"
                inputMode="numeric"
                min={1}
                max={99}
                value={context?.packagesCount ?? ''}
                onChange={(event) => send({ type: 'COUNT_CHANGED', value: event.target.value })}
              />
            </label>
            {context?.measureProblem === 'count' ? (
              <p className={promptStyles.extra} data-testid="count-error" role="alert">
                {t('delivery.countInvalid')}
              </p>
            ) : null}
          </section>
        ) : null}

        {PACKAGE_VIEWS.has(view) ? (
          <PackageList items={items} locale={locale} onMeasure={(itemId) => send({ type: 'MEASURE', itemId })} isBusy={isBusy} />
        ) : null}

        {view === 'measuring' && context?.measure ? (
          <MeasureEditor
            form={context.measure}
            item={items.find((item) => item.deliveryItemId === context.measure?.itemId) ?? null}
            problem={context.measureProblem}
            isBusy={isBusy}
            onChange={(field, value) => send({ type: 'FIELD_CHANGED', field, value })}
          />
        ) : null}

        {view === 'end' && context?.ended ? (
          <section data-testid="delivery-end" aria-label={t('delivery.endPrompt')}>
            <p data-testid="delivery-summary">
              {t('delivery.summary', {
                count: context.ended.handedOut.length,
                delivery: context.deliveryId ?? '',
                packages: items.length,
              })}
            </p>
          </section>
        ) : null}

        <ActionBar>
          {view === 'infoFailed' || view === 'itemsFailed' ? (
            <>
              <ActionButton testId="delivery-retry" label={t('retry')} onClick={() => send({ type: 'RETRY' })} />
              <ActionButton testId="delivery-back" label={t('back')} onClick={() => send({ type: 'BACK' })} />
            </>
          ) : null}
          {view === 'start' || view === 'creating' || view === 'skipping' ? (
            <>
              <ActionButton testId="delivery-create" label={t('delivery.create')} disabled={view !== 'start'} onClick={() => send({ type: 'CREATE' })} />
              <ActionButton testId="delivery-skip" label={t('delivery.skip')} disabled={view !== 'start'} onClick={() => send({ type: 'SKIP' })} />
            </>
          ) : null}
          {PACKAGE_VIEWS.has(view) ? (
            <ActionButton testId="delivery-print" label={t('delivery.print')} disabled={isBusy} onClick={() => send({ type: 'PRINT' })} />
          ) : null}
          {view === 'list' || view === 'finishing' || view === 'ending' ? (
            <>
              <ActionButton testId="delivery-finish" label={t('delivery.finish')} disabled={isBusy || !isComplete} onClick={() => send({ type: 'FINISH' })} />
              <ActionButton testId="delivery-end-picking" label={t('delivery.endPicking')} disabled={isBusy} onClick={() => send({ type: 'END_PICKING' })} />
            </>
          ) : null}
          {view === 'measuring' ? (
            <>
              <ActionButton testId="measure-save" label={t('delivery.save')} disabled={isBusy} onClick={() => send({ type: 'SAVE' })} />
              <ActionButton testId="measure-weigh" label={t('delivery.weigh')} disabled={isBusy} onClick={() => send({ type: 'READ_WEIGHT' })} />
              <ActionButton testId="measure-cancel" label={t('delivery.cancel')} disabled={isBusy} onClick={() => send({ type: 'CANCEL' })} />
            </>
          ) : null}
          {view === 'end' ? (
            <ActionButton testId="delivery-to-list" label={t('back')} onClick={() => send({ type: 'BACK' })} />
          ) : null}
        </ActionBar>
      </div>
    </Page>
  );
} // prettier-ignore

/** The packages: position, barcode, LxWxH, weight in kg; a package's «Измерить». */
function PackageList(props: {
  items: readonly TDeliveryItem[];
  locale: 'ru' | 'en';
  isBusy: boolean;
  onMeasure: (itemId: number) => void;
}) {
  const { t } = useTranslation('picking');
  return (
    <section data-testid="delivery-packages" aria-label={t('delivery.packages')}>
      <div className={tableStyles.frame}><table className={tableStyles.table}>
        <thead>
          <tr>
            <th scope="col">{t('delivery.columnPosition')}</th>
            <th scope="col">{t('delivery.columnBarcode')}</th>
            <th scope="col">{t('delivery.columnDimensions')}</th>
            <th scope="col">{t('delivery.columnWeight')}</th>
            <th scope="col">{t('columnActions')}</th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((item) => {
            const { length, width, height, weight } = item.measure;
            const dims =
              length !== null && width !== null && height !== null
                ? formatSizesCm(length, width, height, props.locale)
                : UNKNOWN_MEASURE;
            return (
              <tr key={item.deliveryItemId} data-testid="delivery-package" data-barcode={item.barcode}>
                <td data-label={t('delivery.columnPosition')}>{item.positionNumber}</td>
                <td data-label={t('delivery.columnBarcode')}>{item.barcode}</td>
                <td data-label={t('delivery.columnDimensions')} data-testid="package-dims">{dims}</td>
                <td data-label={t('delivery.columnWeight')} data-testid="package-weight">
                  {weight === null ? UNKNOWN_MEASURE : formatMeasuredKg(weight, props.locale)}
                </td>
                <td data-label={t('columnActions')}>
                  <button
                    type="button"
                    className={controlStyles.button}
                    data-testid="package-measure"
                    disabled={props.isBusy}
                    aria-label={t('delivery.measureOf', { barcode: item.barcode })}
                    onClick={() => props.onMeasure(item.deliveryItemId)}
                  >
                    {t('delivery.measure')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table></div>
    </section>
  );
} // prettier-ignore

const FIELDS: MeasureField[] = ['length', 'width', 'height', 'weight'];

/** MEASURING: one package's sides in cm and weight in kg; scans and the scale fill them. */
function MeasureEditor(props: {
  form: MeasureForm;
  item: TDeliveryItem | null;
  problem: MeasureProblem | null;
  isBusy: boolean;
  onChange: (field: MeasureField, value: string) => void;
}) {
  const { t } = useTranslation('picking');
  return (
    <section data-testid="measure-form" aria-label={t('delivery.measuringPrompt')}>
      {props.item ? (
        <p className={styles.cellName} data-testid="measure-package">
          {t('delivery.measuringPackage', {
            position: props.item.positionNumber,
            barcode: props.item.barcode,
          })}
        </p>
      ) : null}
      {FIELDS.map((field) => (
        <label key={field} className={controlStyles.field}>
          <span>{t(`delivery.field.${field}`)}</span>
          <input
            className={controlStyles.input}
            data-testid={`measure-${field}`}
            inputMode="decimal"
            value={props.form[field]}
            disabled={props.isBusy}
            onChange={(event) => props.onChange(field, event.target.value)}
          />
        </label>
      ))}
      {props.problem ? (
        <p className={promptStyles.extra} data-testid="measure-error" role="alert">
          {t(`delivery.problem.${props.problem}`)}
        </p>
      ) : null}
    </section>
  );
}

/** The recipient a page that opened this one named (`navigate(path, { state })`). */
function recipientOfState(state: unknown): string | null {
  const recipient = (state as { recipient?: unknown } | null)?.recipient;
  return typeof recipient === 'string' && recipient !== '' ? recipient : null;
}

/**
 * /picking/delivery/{pickingId} over the real calls; the recipient is the one the opening page
 * named, else LAST_PICKING_RECIPIENT (part 1 §9: this device's open picking). A bad id goes to
 * `/picking`.
 */
export default function PickingDeliveryPickingPage() {
  const { pickingId = '' } = useParams();
  const location = useLocation();
  const localize = useLocalizedPath();
  const { session } = useShellServices();
  const [calls] = useState(() =>
    createDeliveryService(api, () => userIdOfSession(session.getUser())),
  );
  const id = Number(pickingId);
  if (!Number.isInteger(id) || id <= 0)
    return <Navigate to={localize(PICKING_LIST_PATH)} replace />;
  const recipientCode =
    recipientOfState(location.state) ??
    getLocalStorage()?.getItem(LAST_PICKING_RECIPIENT_KEY) ??
    null;
  return <DeliveryScreen key={id} calls={calls} pickingId={id} recipientCode={recipientCode} />;
}
