import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import { LAST_ZONE_NUMBER_COOKIE } from '@sorting/contracts';
import { api } from '../../lib/api';
import { FAR_FUTURE_EXPIRY } from '../../lib/cookies';
import { Page, controlStyles, useScan, useSessionUser, useShellServices } from '../../shell';
import {
  sortingEntryMachine,
  type EntryError,
  type EntryToast,
  type SortingEntryInput,
  type SortingEntryMachine,
} from './sorting-entry.machine';
import { createSortingEntryService } from './sorting-entry.service';
import styles from './sorting-page.module.css';

const service = createSortingEntryService(api);

function readLastZone(value: string | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Runs the machine while the page is mounted. Not @xstate/react: its CommonJS selector shim
 * pulls React's CommonJS wrapper out of the first screen's chunk and breaks the 150 kB budget.
 */
function useMachineActor(machine: SortingEntryMachine, input: SortingEntryInput) {
  const [initialInput] = useState(input);
  const [actor, setActor] = useState<Actor<SortingEntryMachine> | null>(null);
  useEffect(() => {
    const next = createActor(machine, { input: initialInput }).start();
    setActor(next);
    return () => {
      next.stop();
    };
  }, [machine, initialInput]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const snapshot = useSyncExternalStore(subscribe, () => actor?.getSnapshot() ?? null);
  return { actor, snapshot };
}

/** The prompt area of spec part 1 §2: pre, main, extra, bottom and error text. */
function Prompt(props: {
  pre?: string | null;
  main: string;
  extra?: string | null;
  bottom?: string | null;
  error?: { text: string; code: string | null } | null;
}) {
  return (
    <section className={styles.prompt} data-testid="prompt">
      {props.pre ? (
        <p className={styles.pre} data-testid="prompt-pre">
          {props.pre}
        </p>
      ) : null}
      <p className={styles.main} data-testid="prompt-main">
        {props.main}
      </p>
      {props.extra ? (
        <p className={styles.extra} data-testid="prompt-extra">
          {props.extra}
        </p>
      ) : null}
      {props.error ? (
        <p className={styles.error} data-testid="prompt-error" role="alert">
          <span data-testid="prompt-error-text">{props.error.text}</span>
          {props.error.code ? (
            <small className={styles.code} data-testid="prompt-error-code">
              {props.error.code}
            </small>
          ) : null}
        </p>
      ) : null}
      {props.bottom ? (
        <p className={styles.bottom} data-testid="prompt-bottom">
          {props.bottom}
        </p>
      ) : null}
    </section>
  );
}

/**
 * /sorting: the sorting entry (spec part 1 §2, §4): the warehouse, then the zone, by scan or
 * from a list; then the screen waits for a parcel or box, whose sorting arrives later.
 */
export default function SortingPage() {
  const { t } = useTranslation('sorting');
  const user = useSessionUser();
  const { cookies, toasts, sounds } = useShellServices();
  // The machine's effects call the latest translation and services.
  const effects = useRef({ t, toasts, sounds, cookies });
  useEffect(() => {
    effects.current = { t, toasts, sounds, cookies };
  }, [t, toasts, sounds, cookies]);

  const [machine] = useState<SortingEntryMachine>(() =>
    sortingEntryMachine.provide({
      actors: {
        searchWarehouse: fromPromise(({ input }) => service.searchWarehouse(input)),
        searchZone: fromPromise(({ input }) => service.searchZone(input)),
      },
      actions: {
        rememberZone: (_, params) =>
          effects.current.cookies.set(LAST_ZONE_NUMBER_COOKIE, String(params.number), {
            path: '/',
            expires: FAR_FUTURE_EXPIRY,
          }),
        forgetZone: () => effects.current.cookies.remove(LAST_ZONE_NUMBER_COOKIE, { path: '/' }),
        notifyError: (_, params: { code: EntryToast }) => {
          effects.current.toasts.notify({
            status: 'error',
            content: effects.current.t(params.code),
          });
        },
        playError: () => effects.current.sounds.play('err'),
      },
    }),
  );
  const { actor, snapshot } = useMachineActor(machine, {
    defaultWarehouseNumber: user?.defaultWarehouseNumber ?? null,
    lastZoneNumber: readLastZone(cookies.get(LAST_ZONE_NUMBER_COOKIE)),
  });
  const warehouse = snapshot?.context.warehouse ?? null;
  const zone = snapshot?.context.zone ?? null;
  const error = snapshot?.context.error ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const isScanWarehouse = snapshot?.matches('scanWarehouse') ?? false;
  const isScanZone = snapshot?.matches('scanZone') ?? false;
  const isScanWhat = snapshot?.matches('scanWhat') ?? false;
  const send = (event: Parameters<Actor<SortingEntryMachine>['send']>[0]) => actor?.send(event);

  useScan(async (scan) => {
    if (!actor) return;
    actor.send({ type: 'SCANNED', text: scan.text });
    await waitFor(actor, (state) => !state.hasTag('busy'));
  });

  const warehouses = useQuery({
    queryKey: ['sorting', 'warehouses'],
    queryFn: () => service.listWarehouses(),
    enabled: isScanWarehouse,
    staleTime: 60_000,
  });
  const warehouseId = warehouse?.Id ?? null;
  const zones = useQuery({
    queryKey: ['sorting', 'zones', warehouseId],
    queryFn: () => service.listZones(warehouseId ?? 0),
    enabled: warehouseId !== null && isScanZone,
    staleTime: 60_000,
  });

  const errorText = (value: EntryError | null) => {
    if (!value) return null;
    switch (value.key) {
      case 'warehouseNotFound':
        return { text: t('warehouseNotFound'), code: value.code };
      case 'f-0012':
        return { text: t('f-0012', { barcode: value.barcode }), code: value.code };
      case 'f-0013':
        return { text: t('f-0013', { number: value.number }), code: value.code };
      case 'serverMessage':
        return { text: value.message, code: value.code };
    }
  };

  const warehouseLine = warehouse
    ? t('warehouse', { number: warehouse.Number, name: warehouse.Name })
    : null;
  const zoneLine = zone ? t('zone', { number: zone.Number, name: zone.Name }) : null;
  const greeting =
    warehouse?.SortingMode === 'SortingCenter' && user
      ? t('greeting', { name: user.userName })
      : null;

  return (
    <Page title={t('title')} testId="sorting">
      <div
        className={styles.screen}
        data-testid="sorting-entry"
        data-state={
          isScanWarehouse
            ? 'scanWarehouse'
            : isScanZone
              ? 'scanZone'
              : isScanWhat
                ? 'scanWhat'
                : 'init'
        }
        aria-busy={isBusy}
      >
        {greeting ? (
          <p className={styles.greeting} data-testid="greeting">
            {greeting}
          </p>
        ) : null}

        {isScanWarehouse || !snapshot || snapshot.matches('init') ? (
          <Prompt
            main={t('scanWarehouse')}
            extra={t('scanWarehouseExtra')}
            error={errorText(error)}
          />
        ) : null}
        {isScanZone ? (
          <Prompt
            pre={warehouseLine}
            main={t('scanZone')}
            bottom={t('scanZoneBottom')}
            error={errorText(error)}
          />
        ) : null}
        {isScanWhat ? (
          <Prompt
            pre={[warehouseLine, zoneLine].filter(Boolean).join(' — ')}
            main={t('scanWhat')}
            extra={t('scanWhatExtra')}
          />
        ) : null}

        {isScanWarehouse ? (
          <section className={styles.list} aria-label={t('warehouses')}>
            <h2 className={styles.listTitle}>{t('warehouses')}</h2>
            {warehouses.isError ? <p>{t('listFailed')}</p> : null}
            {warehouses.isPending ? <p>{t('loading')}</p> : null}
            {(warehouses.data ?? []).map((item) => (
              <button
                key={item.Id}
                type="button"
                className={`${controlStyles.button} ${styles.pick}`}
                data-testid={`warehouse-${item.Number}`}
                disabled={isBusy}
                onClick={() => send({ type: 'WAREHOUSE_PICKED', number: item.Number })}
              >
                {t('warehouse', { number: item.Number, name: item.Name })}
              </button>
            ))}
          </section>
        ) : null}

        {isScanZone ? (
          <section className={styles.list} aria-label={t('zones')}>
            <h2 className={styles.listTitle}>{t('zones')}</h2>
            {zones.isError ? <p>{t('listFailed')}</p> : null}
            {zones.isPending ? <p>{t('loading')}</p> : null}
            {(zones.data ?? []).map((item) => (
              <button
                key={item.Id}
                type="button"
                className={`${controlStyles.button} ${styles.pick}`}
                data-testid={`zone-${item.Number}`}
                disabled={isBusy}
                onClick={() => send({ type: 'ZONE_PICKED', number: item.Number })}
              >
                {t('zone', { number: item.Number, name: item.Name })}
              </button>
            ))}
          </section>
        ) : null}

        <div className={styles.actions}>
          {isScanWhat ? (
            <button
              type="button"
              className={controlStyles.button}
              data-testid="change-zone"
              onClick={() => send({ type: 'CHANGE_ZONE' })}
            >
              {t('changeZone')}
            </button>
          ) : null}
          {isScanZone || isScanWhat ? (
            <button
              type="button"
              className={controlStyles.button}
              data-testid="change-warehouse"
              disabled={isBusy}
              onClick={() => send({ type: 'CHANGE_WAREHOUSE' })}
            >
              {t('changeWarehouse')}
            </button>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
