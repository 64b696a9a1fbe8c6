import type {
  TBatchObjectResult,
  TBatchRefusalCode,
  TBatchResult,
  TIntegrationParcel,
} from '@sorting/contracts';
import type { ApiKeyCaller } from '../../lib/call-context.js';
import type { FedParcelFields, FedParcelRow, ParcelFeedRepository } from '../sorting/index.js';
import type { IntegrationRepository } from './integration.repository.js';

/** A batch with a refused object: its transaction rolls back and this answer is given. */
export class RefusedBatch extends Error {
  constructor(readonly answer: TBatchResult) {
    super('batch refused');
  }
}

/** The fields a caller owns, in the order a refusal names the first one that differs. */
const OWNED_FIELDS: readonly (keyof FedParcelFields)[] = [
  'warehouseId',
  'number',
  'name',
  'sortingKey',
  'sortingName',
  'routeNumber',
  'clientName',
  'makeName',
  'detailNumber',
  'detailName',
  'quantity',
  'needsMeasure',
  'needsWeight',
  'needsSticker',
  'attentionMessage',
  'receiptBarcode',
];

/** The caller's name of a parcel field, for a refusal's `field`. */
function callerField(field: keyof FedParcelFields): string {
  if (field === 'warehouseId') return 'warehouseNumber';
  if (field === 'receiptBarcode') return 'factoryBarcodes';
  return field;
}

function fieldsOf(parcel: TIntegrationParcel, warehouseId: number): FedParcelFields {
  return {
    warehouseId,
    number: parcel.number,
    name: parcel.name,
    sortingKey: parcel.sortingKey,
    sortingName: parcel.sortingName,
    routeNumber: parcel.routeNumber ?? null,
    clientName: parcel.clientName ?? null,
    makeName: parcel.makeName ?? null,
    detailNumber: parcel.detailNumber ?? null,
    detailName: parcel.detailName ?? null,
    quantity: parcel.quantity,
    needsMeasure: parcel.needsMeasure,
    needsWeight: parcel.needsWeight,
    needsSticker: parcel.needsSticker,
    attentionMessage: parcel.attentionMessage ?? null,
    receiptBarcode: parcel.factoryBarcodes[0] ?? null,
  };
}

function firstDifference(row: FedParcelRow, fields: FedParcelFields): keyof FedParcelFields | null {
  return OWNED_FIELDS.find((field) => row[field] !== fields[field]) ?? null;
}

interface Plan {
  index: number;
  parcel: TIntegrationParcel;
  fields: FedParcelFields | null;
  existing: FedParcelRow | null;
  status: TBatchObjectResult['status'];
  code: TBatchRefusalCode | null;
  field: string | null;
}

/** The warehouse id of each number the batch names, of the key's centre (and warehouse). */
async function warehousesOf(
  parcels: readonly TIntegrationParcel[],
  key: ApiKeyCaller,
  integration: IntegrationRepository,
): Promise<Map<number, number>> {
  const byNumber = new Map<number, number>();
  for (const number of new Set(parcels.map((parcel) => parcel.warehouseNumber))) {
    if (number === undefined) continue;
    const warehouse = await integration.warehouseOfCentre(key.sortingCenterId, number);
    if (warehouse && (key.warehouseId === null || warehouse.id === key.warehouseId)) {
      byNumber.set(number, warehouse.id);
    }
  }
  return byNumber;
}

/** What each object would do; nothing written yet. */
function planOne(
  index: number,
  parcel: TIntegrationParcel,
  key: ApiKeyCaller,
  found: {
    warehouses: Map<number, number>;
    existing: FedParcelRow | null;
    numberOwner: number | undefined;
  },
): Plan {
  const refused = (code: TBatchRefusalCode, field: string): Plan => ({
    index,
    parcel,
    fields: null,
    existing: found.existing,
    status: 'refused',
    code,
    field,
  });
  const warehouseId =
    parcel.warehouseNumber === undefined
      ? key.warehouseId
      : (found.warehouses.get(parcel.warehouseNumber) ?? null);
  if (warehouseId === null) return refused('warehouseForbidden', 'warehouseNumber');
  const { existing } = found;
  if (found.numberOwner !== undefined && found.numberOwner !== existing?.id) {
    return refused('numberTaken', 'number');
  }
  const fields = fieldsOf(parcel, warehouseId);
  if (existing === null) {
    return { index, parcel, fields, existing, status: 'created', code: null, field: null };
  }
  if (key.warehouseId !== null && existing.warehouseId !== key.warehouseId) {
    return refused('warehouseForbidden', 'externalId');
  }
  const difference = firstDifference(existing, fields);
  if (difference === null) {
    return { index, parcel, fields, existing, status: 'unchanged', code: null, field: null };
  }
  // Never silently applied to what the floor already worked on (docs/DECISIONS.md "Integration").
  if (existing.isMovedOn) return refused('parcelMovedOn', callerField(difference));
  return { index, parcel, fields, existing, status: 'updated', code: null, field: null };
}

/**
 * Judges every parcel of a batch inside its transaction (the parcels it updates locked), then
 * applies it, or throws RefusedBatch when one is refused (the transaction rolls back).
 */
export async function judgeParcels(
  parcels: readonly TIntegrationParcel[],
  key: ApiKeyCaller,
  deps: { integration: IntegrationRepository; parcels: ParcelFeedRepository; now: () => Date },
): Promise<TBatchResult> {
  const { integration } = deps;
  const ids = await integration.parcelIdsByExternalId(
    key.sortingCenterId,
    parcels.map((parcel) => parcel.externalId),
  );
  const rows = new Map(
    (await deps.parcels.lockByIds([...ids.values()])).map((row) => [row.id, row]),
  );
  const owners = await deps.parcels.idsByNumbers(parcels.map((parcel) => parcel.number));
  const warehouses = await warehousesOf(parcels, key, integration);
  const plans = parcels.map((parcel, index) => {
    const id = ids.get(parcel.externalId);
    return planOne(index, parcel, key, {
      warehouses,
      existing: id === undefined ? null : (rows.get(id) ?? null),
      numberOwner: owners.get(parcel.number),
    });
  });
  const results = (resolve: (plan: Plan) => number | null): TBatchObjectResult[] =>
    plans.map((plan) => ({
      index: plan.index,
      externalId: plan.parcel.externalId,
      status: plan.status,
      id: resolve(plan),
      code: plan.code,
      field: plan.field,
    }));
  if (plans.some((plan) => plan.status === 'refused')) {
    throw new RefusedBatch({
      applied: false,
      results: results((plan) => plan.existing?.id ?? null),
    });
  }
  const applied = new Map<number, number>();
  // New parcels in one statement, their external ids in another (a batch of 1,000 is two).
  const created = plans.filter((plan) => plan.status === 'created' && plan.fields !== null);
  const newIds = await deps.parcels.insertMany(created.map((plan) => plan.fields!));
  const links = created.map((plan) => ({
    externalId: plan.parcel.externalId,
    parcelId: newIds.get(plan.parcel.number)!,
  }));
  await integration.linkParcels(key.sortingCenterId, links);
  const unitsByWarehouse = new Map<number, string[]>();
  for (const plan of plans) {
    const { fields } = plan;
    if (fields === null) continue;
    const id = plan.status === 'created' ? newIds.get(fields.number) : plan.existing?.id;
    if (plan.status === 'updated' && id !== undefined) await deps.parcels.update(id, fields);
    if (id !== undefined) applied.set(plan.index, id);
    if (plan.status !== 'unchanged') {
      unitsByWarehouse.set(fields.warehouseId, [
        ...(unitsByWarehouse.get(fields.warehouseId) ?? []),
        fields.number,
      ]);
    }
  }
  // The history says who fed what (one event per warehouse, its parcels as units).
  for (const [warehouseId, units] of unitsByWarehouse) {
    await integration.events.record(
      { userId: null, warehouseId, at: deps.now() },
      'integration.parcels-fed',
      { apiKeyId: key.id, count: units.length },
      units,
    );
  }
  return { applied: true, results: results((plan) => applied.get(plan.index) ?? null) };
}
