import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RangeLabel } from '@sorting/domain';
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
import { useCallFailures } from '../../shell/calls/use-calls';
import { useMachineActor } from '../../shell/machine/use-machine-actor';
import { ActionButton, Page, controlStyles } from '../../ui';
import { BoxesSection } from './topology-boxes';
import { CellsSection } from './topology-cells';
import { isManager, type TopologyCode } from './topology-codes';
import { topologyRunMachine, type TopologyRunContext } from './topology.machine';
import { createTopologyService, type TopologyCalls } from './topology.service';
import styles from './topology-page.module.css';

export interface TopologyScreenProps {
  calls: WarehousesCalls;
  topology: TopologyCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
}

/** The run's line: progress, done, or where it stopped with «Продолжить с {{n}}». */
function RunLine(props: {
  state: string;
  context: TopologyRunContext | null;
  onContinue: () => void;
}) {
  const { t } = useTranslation('topology');
  const { state, context } = props;
  const total = context?.labels.length ?? 0;
  const printed = context?.printed ?? 0;
  let text: string | null = null;
  let status = 'idle';
  if (state === 'printing') {
    text = t('printing', { printed, total });
    status = 'printing';
  } else if (state === 'done') {
    text = t('printed', { count: printed });
    status = 'done';
  } else if (state === 'stopped') {
    status = context?.stop?.reason ?? 'failed';
    text = t(status === 'unavailable' ? 'stoppedUnavailable' : 'stoppedFailed', { printed, total });
  }
  return (
    <div className={styles.runLine}>
      <p className={styles.run} role="status" data-testid="topology-result" data-status={status}>
        {text}
      </p>
      {state === 'stopped' ? (
        <ActionButton
          testId="topology-continue"
          label={t('continueFrom', { n: printed + 1 })}
          isPrimary
          onClick={props.onContinue}
        />
      ) : null}
    </div>
  );
}

/** /topology: zones, cells and box labels (spec part 1 §9, part 2 "Topology stickers"). */
export function TopologyScreen(props: TopologyScreenProps) {
  const { t } = useTranslation('topology');
  const user = useSessionUser();
  const notify = useNotify();
  const { loadValue } = useCallFailures<TopologyCode>(t);
  // The machine's port prints through the printer of the latest render.
  const printer = useRef(props.print);
  useEffect(() => {
    printer.current = props.print;
  }, [props.print]);
  const [run] = useState(() => ({ print: (request: PrintRequest) => printer.current(request) }));
  const { actor, snapshot } = useMachineActor(topologyRunMachine, { ports: run });
  const runState = snapshot ? String(snapshot.value) : 'idle';
  const [announced, setAnnounced] = useState<unknown>(null);
  if (runState === 'done' && snapshot && announced !== snapshot.context.labels) {
    setAnnounced(snapshot.context.labels);
    notify({ status: 'ok', content: t('printed', { count: snapshot.context.printed }) });
  }

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
    queryKey: ['topology', 'zones', warehouse?.Number ?? null],
    queryFn: () => loadValue(props.topology.zones(warehouse?.Number ?? 0), 'f-0001'),
    enabled: warehouse !== null,
    staleTime: 60_000,
  });

  const section = {
    calls: props.topology,
    isRunning: runState === 'printing',
    startRun: (labels: RangeLabel[]) => actor?.send({ type: 'START', labels }),
  };

  return (
    <Page title={t('title')} testId="topology">
      <div className={styles.screen}>
        <label className={controlStyles.field}>
          {t('warehouse')}
          <select
            className={controlStyles.input}
            data-testid="topology-warehouse"
            value={warehouseNumber}
            onChange={(event) => setWarehouse(event.target.value)}
          >
            {(warehouses.data ?? []).map((item) => (
              <option key={item.Id} value={String(item.Number)}>
                {t('warehouseOption', { number: item.Number, name: item.Name })}
              </option>
            ))}
          </select>
        </label>
        {warehouses.isError || zones.isError ? <p className={styles.error}>{t('f-0001')}</p> : null}

        {warehouse !== null ? (
          <div className={styles.columns}>
            <CellsSection
              key={warehouse.Number}
              {...section}
              warehouse={warehouse.Number}
              zones={zones.data ?? []}
              defaultZone={warehouse.DefaultZoneNumber}
              isManager={isManager(user)}
            />
            <BoxesSection
              key={`boxes-${warehouse.Number}`}
              {...section}
              warehouse={warehouse.Number}
            />
          </div>
        ) : null}

        <RunLine
          state={runState}
          context={snapshot?.context ?? null}
          onContinue={() => actor?.send({ type: 'CONTINUE' })}
        />
      </div>
    </Page>
  );
}

const warehousesService = createWarehousesService(api);
const topologyService = createTopologyService(api);

/** /topology over the real calls and the shell's printer. */
export default function TopologyPage() {
  const print = usePrint();
  return <TopologyScreen calls={warehousesService} topology={topologyService} print={print} />;
}
