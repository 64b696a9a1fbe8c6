import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TOPOLOGY_MAX_ZONE_NUMBER,
  ZONE_TYPES,
  type TTopologyZone,
  type TZoneCreateRequest,
} from '@sorting/contracts';
import { newOperationId } from '../../lib/operation-id';
import { ActionButton, Dialog, controlStyles } from '../../ui';
import { useCallAction, useCallFailures } from '../../shell/calls/use-calls';
import { callValue } from '../../lib/call-error';
import type { TopologyCalls } from './topology.service';
import type { TopologyCode } from './topology-codes';

/** «Новая зона» (managers): number 1–999, a name, a type (docs/DECISIONS.md "Topology"). */
export function ZoneDialog(props: {
  isOpen: boolean;
  warehouse: number;
  calls: TopologyCalls;
  onClose: () => void;
  onCreated: (zone: TTopologyZone) => void;
}) {
  const { t } = useTranslation('topology');
  const { notifyError } = useCallFailures<TopologyCode>(t);
  const [form, setForm] = useState({
    number: '',
    name: '',
    type: 'SITO' as TZoneCreateRequest['type'],
  });
  const number = /^\d+$/.test(form.number.trim()) ? Number(form.number.trim()) : Number.NaN;
  const isValid =
    number >= 1 &&
    number <= TOPOLOGY_MAX_ZONE_NUMBER &&
    form.name.trim().length > 0 &&
    form.name.trim().length <= 100;
  const create = useCallAction(
    async () => {
      const zone = await callValue(
        props.calls.createZone(
          props.warehouse,
          { number, name: form.name.trim(), type: form.type },
          newOperationId(),
        ),
        'f-0005',
      );
      setForm({ number: '', name: '', type: 'SITO' });
      props.onCreated(zone);
    },
    (error) => notifyError(error, 'f-0005'),
  );
  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title={t('newZone')}
      actions={
        <>
          <ActionButton testId="topology-zone-cancel" label={t('cancel')} onClick={props.onClose} />
          <ActionButton
            testId="topology-zone-create"
            label={t('create')}
            isPrimary
            disabled={!isValid || create.isBusy}
            onClick={() => void create.run()}
          />
        </>
      }
    >
      <label className={controlStyles.field}>
        {t('zoneNumber')}
        <input
          className={controlStyles.input}
          data-testid="topology-zone-number"
          inputMode="numeric"
          value={form.number}
          onChange={(event) => setForm({ ...form, number: event.target.value })}
        />
      </label>
      <label className={controlStyles.field}>
        {t('zoneName')}
        <input
          className={controlStyles.input}
          data-testid="topology-zone-name"
          maxLength={100}
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
      </label>
      <label className={controlStyles.field}>
        {t('zoneType')}
        <select
          className={controlStyles.input}
          data-testid="topology-zone-type"
          value={form.type}
          onChange={(event) =>
            setForm({ ...form, type: event.target.value as TZoneCreateRequest['type'] })
          }
        >
          {ZONE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`type${type}`)}
            </option>
          ))}
        </select>
      </label>
    </Dialog>
  );
}
