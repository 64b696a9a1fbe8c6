import type {
  TAuditCell,
  TAuditItemsStatus,
  TAuditOpenedCell,
  TAuditSession,
  TAuditSessionItems,
  TAuditUnit,
} from '@sorting/contracts';
import { result } from '../../test/call-result';
import type { AuditCalls, CallResult } from './audit.model';

// A fake audit-api for the machine tests: behaves like apps/server's audit module over the
// demo zone 6 (6-a-01: box 101 with P410001–P410003, closed box 102; 6-a-02: box 103 with
// P410005, P410006 and returnable box _R34717-11; P410007 of 6-b-01).

export const USER_ID = 1001;
const CELLS: Record<string, { id: number; name: string; units: Omit<TAuditUnit, 'state'>[] }> = {
  '=34717-6-a-01': {
    id: 601,
    name: '6-a-01',
    units: ['P410001', 'P410002', 'P410003', '_34717-101', '_34717-102'].map((barcode) => ({
      barcode,
      name: barcode.startsWith('P') ? `Деталь ${barcode}` : null,
      kind: barcode.startsWith('P') ? 'parcel' : 'box',
      isExpected: true,
      systemLocation: '6-a-01',
    })),
  },
  '=34717-6-a-02': {
    id: 602,
    name: '6-a-02',
    units: ['P410005', 'P410006', '_34717-103', '_R34717-11'].map((barcode) => ({
      barcode,
      name: null,
      kind: barcode.startsWith('P') ? 'parcel' : barcode.startsWith('_R') ? 'container' : 'box',
      isExpected: true,
      systemLocation: '6-a-02',
    })),
  },
};
const ELSEWHERE: Record<string, string> = { P410007: '6-b-01' };

type Failure = 'network' | 'refused';
type CallName = keyof AuditCalls;

export function createFakeAuditServer(options: { sessionId?: number } = {}) {
  const sessionId = options.sessionId ?? 7;
  let endDate: string | null = null;
  const opened: { cell: TAuditCell; items: TAuditUnit[] }[] = [];
  const failOnce: Partial<Record<CallName, Failure>> = {};
  const calls: { name: CallName; input: Record<string, unknown> }[] = [];
  let hold: Promise<void> | null = null;

  const take = (name: CallName) => {
    const failure = failOnce[name];
    delete failOnce[name];
    return failure;
  };
  const failed = <T>(failure: Failure, message = 'Сбой', errorCode = 1): Promise<CallResult<T>> =>
    failure === 'network'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(result<T>(null, { errorCode, message }));
  const statuses = (units: TAuditUnit[]): TAuditItemsStatus[] =>
    ([0, 1, 2, 3] as const)
      .map((state) => ({ state, count: units.filter((unit) => unit.state === state).length }))
      .filter((status) => status.count > 0);
  const session = (): TAuditSession => ({
    sessionId,
    startDate: '2026-03-02T08:00:00.000Z',
    endDate,
    userName: 'Иванов Пётр',
    userId: USER_ID,
    warehouseCode: 'MSK-SC1',
    itemsStatuses: statuses(opened.flatMap((entry) => entry.items)),
    cells: opened.map(({ cell }) => ({ cell: { id: cell.id, name: cell.name }, items: [] })),
  });
  const items = (): TAuditSessionItems => ({
    session: session(),
    cellsWithItems: opened.map((entry) => ({ cell: { ...entry.cell }, items: [...entry.items] })),
  });
  const entryOf = (cellId: number) => opened.find((entry) => entry.cell.id === cellId);
  async function record<T>(
    name: CallName,
    input: object,
    answer: () => CallResult<T>,
  ): Promise<CallResult<T>> {
    calls.push({ name, input: input as Record<string, unknown> });
    if (hold) {
      const waiting = hold;
      hold = null;
      await waiting;
    }
    const failure = take(name);
    if (failure) return failed<T>(failure);
    return answer();
  }

  const ports: AuditCalls = {
    sessions: (input) =>
      record('sessions', input, () => result({ sessions: [session()], totalCount: 1 })),
    start: (input) => record('start', input, () => result({ sessionId })),
    items: (input) =>
      record('items', input, () =>
        input.sessionId === sessionId
          ? result(items())
          : result<TAuditSessionItems>(null, { errorCode: 104, message: 'Сессия не найдена' }),
      ),
    openCell: (input) =>
      record('openCell', input, () => {
        const known = CELLS[input.barcode];
        if (!known) {
          return result<TAuditOpenedCell>(null, {
            errorCode: 104,
            message: `Ячейка ${input.barcode} не найдена`,
          });
        }
        let entry = entryOf(known.id);
        if (!entry) {
          entry = {
            cell: {
              id: known.id,
              name: known.name,
              barcode: input.barcode,
              isOpen: true,
              openedBy: 'Иванов Пётр',
              openedByUserId: USER_ID,
            },
            items: known.units.map((unit) => ({ ...unit, state: 0 })),
          };
          opened.push(entry);
        }
        entry.cell.isOpen = true;
        return result({ cell: { ...entry.cell }, items: [...entry.items] });
      }),
    scan: (input) =>
      record('scan', input, () => {
        const entry = entryOf(input.cellId)!;
        let unit = entry.items.find((candidate) => candidate.barcode === input.barcode);
        const isRepeat = unit !== undefined && (unit.state === 1 || unit.state === 2);
        if (unit && !isRepeat) unit.state = 1;
        if (!unit) {
          unit = {
            barcode: input.barcode,
            name: null,
            kind: ELSEWHERE[input.barcode] ? 'parcel' : 'unknown',
            state: 2,
            isExpected: false,
            systemLocation: ELSEWHERE[input.barcode] ?? null,
          };
          entry.items.push(unit);
        }
        return { ...result({ unit: { ...unit }, itemsStatuses: statuses(entry.items) }), isRepeat };
      }),
    finishCell: (input) =>
      record('finishCell', input, () => {
        const entry = entryOf(input.cellId)!;
        entry.cell.isOpen = false;
        for (const unit of entry.items) if (unit.state === 0) unit.state = 3;
        return result({ cell: { ...entry.cell }, itemsStatuses: statuses(entry.items) });
      }),
    finish: (input) =>
      record('finish', input, () => {
        for (const entry of opened) {
          entry.cell.isOpen = false;
          for (const unit of entry.items) if (unit.state === 0) unit.state = 3;
        }
        endDate = '2026-03-02T09:00:00.000Z';
        return result(items());
      }),
  };

  return {
    sessionId,
    ports,
    calls,
    names: () => calls.map((call) => call.name),
    failNext(name: CallName, failure: Failure) {
      failOnce[name] = failure;
    },
    /** The next call answers only once `release` is called. */
    holdNext() {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = resolve;
      });
      return () => release();
    },
    finishNow() {
      endDate = '2026-03-02T09:00:00.000Z';
    },
  };
}
