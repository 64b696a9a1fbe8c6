import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { SORTING_EVENT_KINDS, type TVisionFragment } from '@sorting/contracts';
import { formatBoxBarcode } from '@sorting/domain';
import { api } from '../../lib/api';
import { useLocale, useNotify, useSessionUser, useSoundPlayer } from '../../shell';
import { ActionBar, ActionButton, Page } from '../../ui';
// Not through the shell's index: only lazy pages use them (the first screen's budget).
import { ListTable } from '../../ui/lists/list-table';
import { Prompt } from '../../ui/prompt/prompt';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { useMachineScans } from '../../shell/machine/use-machine-scans';
import {
  visionMachine,
  type VisionError,
  type VisionMachine,
  type VisionPorts,
  type VisionView,
} from './vision.machine';
import { createVisionService, type VisionCalls } from './vision.service';
import styles from './vision-page.module.css';
import { topStateOf } from '../../shell/machine/top-state';

type Snapshot = SnapshotFrom<VisionMachine>;
type KnownKind = (typeof SORTING_EVENT_KINDS)[number];

/** The view of spec part 2 §2 (or the transient loading one) a snapshot is in (`data-view`). */
export function viewOf(snapshot: Snapshot | null): VisionView {
  return topStateOf<VisionView>(snapshot, 'scanVisionUnits');
}

/** Whether the catalogue names an event kind (the server may know newer ones: shown raw). */
function isKnownKind(kind: string): kind is KnownKind {
  return (SORTING_EVENT_KINDS as readonly string[]).includes(kind);
}

/** The vision screen over the given calls (spec part 2 §2, §4, §7). */
export function VisionScreen(props: { calls: VisionCalls }) {
  const { t } = useTranslation('vision');
  const notify = useNotify();
  const sounds = useSoundPlayer();
  const user = useSessionUser();

  const errorText = useCallback(
    (error: VisionError): string => {
      const text = t(`store.${error.code.slice('store.'.length) as 'v-000' | 'v-001'}`, {
        barcode: error.barcode,
      });
      return error.message ? t('withReason', { text, reason: error.message }) : text;
    },
    [t],
  );

  // The machine's effects use the latest translation, toasts and sounds.
  const effects = useRef({ notify, sounds, errorText });
  useEffect(() => {
    effects.current = { notify, sounds, errorText };
  }, [notify, sounds, errorText]);

  const [ports] = useState<VisionPorts>(() => ({
    loadHistory: (input) => props.calls.loadHistory(input),
    notifyError: (error) =>
      effects.current.notify({ status: 'error', content: effects.current.errorText(error) }),
    notifyFound: () => effects.current.sounds.play('ok-new'),
  }));
  const defaultWarehouse = user?.defaultWarehouseNumber ?? null;
  const { actor, snapshot } = useMachineActor(visionMachine, {
    ports,
    warehouseCode: defaultWarehouse === null ? null : String(defaultWarehouse),
  });

  useMachineScans(actor);

  const view = viewOf(snapshot);
  const context = snapshot?.context ?? null;
  const isBusy = snapshot?.hasTag('busy') ?? true;
  const showsLoader = snapshot?.hasTag('loader') ?? false;
  const error = context?.error ?? null;
  const unit = view === 'visionUnitInfo' ? (context?.unit ?? null) : null;

  return (
    <Page title={t('title')} testId="vision">
      <div
        className={styles.screen}
        data-testid="vision-screen"
        data-view={view}
        aria-busy={isBusy}
      >
        <Prompt
          main={unit ? t('unit', { barcode: unit.barcode }) : t('scanUnit')}
          extra={
            showsLoader
              ? t('loading', { barcode: context?.barcode ?? '' })
              : unit
                ? t('scanNext')
                : t('scanUnitExtra')
          }
          error={error ? { text: errorText(error), code: error.code } : null}
        />

        {unit ? <History barcode={unit.barcode} fragments={unit.fragments} /> : null}

        {unit ? (
          <ActionBar>
            <ActionButton
              testId="vision-new-search"
              label={t('newSearch')}
              onClick={() => actor?.send({ type: 'NEW_SEARCH' })}
            />
          </ActionBar>
        ) : null}
      </div>
    </Page>
  );
}

/** The unit's history, newest first: when, what, where, who. */
function History(props: { barcode: string; fragments: TVisionFragment[] }) {
  const { t } = useTranslation('vision');
  const { locale } = useLocale();
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }),
    [locale],
  );
  if (props.fragments.length === 0) {
    return (
      <p className={styles.empty} data-testid="vision-no-history">
        {t('noHistory')}
      </p>
    );
  }
  return (
    <section className={styles.history} aria-label={t('history')}>
      <ListTable
        testId="vision-history"
        columns={[
          { label: t('columnDate'), cell: (fragment) => date.format(new Date(fragment.dateUtc)) },
          {
            label: t('columnEvent'),
            testId: 'vision-event-kind',
            cell: (fragment) => (
              <>
                {isKnownKind(fragment.kind) ? t(`kinds.${fragment.kind}`) : fragment.kind}
                {fragment.comment ? (
                  <span className={styles.comment}>{fragment.comment}</span>
                ) : null}
              </>
            ),
          },
          {
            label: t('columnPlace'),
            testId: 'vision-event-place',
            cell: (fragment) => placeOf(fragment, props.barcode, t),
          },
          { label: t('columnUser'), cell: (fragment) => fragment.userName ?? '—' },
        ]}
        rows={props.fragments}
        rowOf={(fragment) => ({
          key: fragment.eventId,
          testId: 'vision-event',
          data: { 'data-kind': fragment.kind },
        })}
      />
    </section>
  );
}

/**
 * Where the step happened: its cell, box and parcel, whichever the event names (not the unit
 * looked up itself: the heading names it).
 */
function placeOf(
  fragment: TVisionFragment,
  barcode: string,
  t: ReturnType<typeof useTranslation<'vision'>>['t'],
) {
  const parts: string[] = [];
  if (fragment.cellName) parts.push(t('cell', { name: fragment.cellName }));
  const box =
    fragment.boxNumber !== null && fragment.warehouseNumber !== null
      ? formatBoxBarcode(fragment.warehouseNumber, fragment.boxNumber)
      : null;
  if (box && box !== barcode) parts.push(t('box', { barcode: box }));
  if (fragment.parcelNumber && fragment.parcelNumber !== barcode)
    parts.push(t('parcel', { number: fragment.parcelNumber }));
  // The guided workflow whose step it was («· консолидация»); an unknown name as it comes.
  if (fragment.workflow)
    parts.push(t(`workflows.${fragment.workflow}`, { defaultValue: fragment.workflow }));
  return parts.length === 0 ? '—' : parts.join(' · ');
}

/** /vision: the screen over the real call (the user's default warehouse). */
export default function VisionPage() {
  const [calls] = useState(() => createVisionService(api));
  return <VisionScreen calls={calls} />;
}
