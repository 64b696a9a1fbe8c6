import { assign, fromPromise, setup } from 'xstate';
import type {
  TAuditCell,
  TAuditFinishedCell,
  TAuditOpenedCell,
  TAuditScanned,
  TAuditSessionItems,
  TAuditUnit,
} from '@sorting/contracts';
import {
  AUDIT_SPOKEN_TAIL,
  auditSpokenText,
  isAuditCellScan,
  recognizeBarcode,
} from '@sorting/domain';
import { letterSound } from '../../shell/sounds/letter-sound';
import { numberSound, type SoundName } from '../../shell/sounds/sound-names';
import {
  NOT_A_CELL_SCAN,
  type AuditError,
  type AuditSessionContext,
  type AuditSessionEvent,
  type AuditSessionInput,
  type AuditSessionPorts,
  type CallResult,
} from './audit.model';
import { isCallOk, showErrorAction } from '../../shell/machine/call-feedback';

export * from './audit.model';

/** Unit states (contracts AUDIT_UNIT_STATES): 1 correct, 2 surplus, 0 expected, 3 missing. */
const CORRECT = 1;
const SURPLUS = 2;

/** Spec part 2 §4: a barcode already found (1) or surplus (2) is not sent again. */
export function isAlreadyCounted(units: readonly TAuditUnit[], barcode: string): boolean {
  return units.some(
    (unit) => unit.barcode === barcode && (unit.state === CORRECT || unit.state === SURPLUS),
  );
}

/**
 * The last letters and digits of a unit's barcode (part 2 §5, `auditSpokenText`), as the
 * shell's sounds: a letter's (Latin or Cyrillic) or a digit's.
 */
export function spokenTail(barcode: string): SoundName[] {
  return [...auditSpokenText(barcode)]
    .slice(-AUDIT_SPOKEN_TAIL)
    .map((character) => letterSound(character) ?? numberSound(Number(character)))
    .filter((sound): sound is SoundName => sound !== null);
}

const failure = (code: AuditError['code'], output: CallResult<unknown>, extra = {}) => ({
  code,
  message: output.message,
  errorCode: output.errorCode,
  ...extra,
});

/** The cells of the session with one cell (and its units) as the server answered it. */
function withCell(
  cells: AuditSessionContext['cells'],
  cell: TAuditCell,
  items: TAuditUnit[],
): AuditSessionContext['cells'] {
  const others = cells.filter((entry) => entry.cell.id !== cell.id);
  return [...others, { cell, items }];
}

/** The units of the open cell. */
export function unitsOf(context: Pick<AuditSessionContext, 'cells' | 'cell'>): TAuditUnit[] {
  return context.cells.find((entry) => entry.cell.id === context.cell?.id)?.items ?? [];
}

/** The open cell of this session whose opener is the user: a reload resumes it. */
function ownOpenCell(items: TAuditSessionItems, userId: number | null): TAuditCell | null {
  const open = items.cellsWithItems.find(
    ({ cell }) => cell.isOpen && userId !== null && cell.openedByUserId === userId,
  );
  return open?.cell ?? null;
}

type Call<T> = (ports: AuditSessionPorts, context: AuditSessionContext) => Promise<CallResult<T>>;

function call<T>(run: Call<T>) {
  return fromPromise<CallResult<T>, { context: AuditSessionContext }>(({ input }) =>
    run(input.context.ports, input.context),
  );
}

const base = (context: AuditSessionContext) => ({
  warehouseCode: context.warehouseCode,
  sessionId: context.sessionId,
});

/**
 * The audit session screen (spec part 2 §2 views scanItems and sessionInfo, scan states
 * startScan and scanProcess; §4; §8 codes; docs/DECISIONS.md "Audit"): loads the session, opens
 * a scanned cell, sends each unit scan, closes the cell with a `=` scan and finishes the
 * session after a confirmation. One call at a time (`busy`): useMachineScans holds the next
 * scan. Calls and feedback are ports of the input, so it runs under `createActor` with no DOM.
 */
export const auditSessionMachine = setup({
  types: {
    input: {} as AuditSessionInput,
    context: {} as AuditSessionContext,
    events: {} as AuditSessionEvent,
  },
  actors: {
    loadItems: call<TAuditSessionItems>((ports, context) => ports.calls.items(base(context))),
    openCell: call<TAuditOpenedCell>((ports, context) =>
      ports.calls.openCell({
        ...base(context),
        barcode: context.pending ?? '',
        operationId: ports.createOperationId(),
      }),
    ),
    scanUnit: call<TAuditScanned>((ports, context) =>
      ports.calls.scan({
        ...base(context),
        cellId: context.cell?.id ?? 0,
        barcode: context.pending ?? '',
        operationId: ports.createOperationId(),
      }),
    ),
    finishCell: call<TAuditFinishedCell>((ports, context) =>
      ports.calls.finishCell({
        ...base(context),
        cellId: context.cell?.id ?? 0,
        operationId: ports.createOperationId(),
      }),
    ),
    finishSession: call<TAuditSessionItems>((ports, context) =>
      ports.calls.finish({ ...base(context), operationId: ports.createOperationId() }),
    ),
  },
  guards: {
    hasCell: ({ context }) => context.cell !== null,
    hasNextCell: ({ context }) => context.nextCell !== null,
  },
  actions: {
    /** The prompt's error line and its toast (with the error sound). */
    showError: showErrorAction<AuditSessionContext, AuditSessionEvent, AuditError>(),
    /** The session and its cells as the server answered them. */
    takeItems: assign(({ context }, items: TAuditSessionItems) => ({
      session: items.session,
      cells: items.cellsWithItems.map(({ cell, items: units }) => ({ cell, items: units })),
      cell: items.session.endDate === null ? ownOpenCell(items, context.userId) : null,
    })),
  },
}).createMachine({
  id: 'auditSession',
  initial: 'loading',
  context: ({ input }) => ({
    ports: input.ports,
    warehouseCode: input.warehouseCode,
    sessionId: input.sessionId,
    userId: input.userId,
    session: null,
    cells: [],
    cell: null,
    pending: null,
    nextCell: input.firstCell,
    error: null,
  }),
  states: {
    /** GET …/items: finished → sessionInfo; unknown or foreign → store.a-006 and /audit. */
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadItems',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: ({ event }) =>
              isCallOk({ event }) && event.output.operationObject?.session.endDate !== null,
            target: 'sessionInfo',
            actions: [
              { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
              ({ context }) => context.ports.forget(),
            ],
          },
          {
            guard: isCallOk,
            target: 'routing',
            actions: [
              { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
              ({ context }) => context.ports.remember(context.sessionId),
            ],
          },
          {
            target: 'left',
            actions: [
              {
                type: 'showError',
                params: ({ event }) => failure('store.a-006', event.output),
              },
              ({ context }) => context.ports.forget(),
              ({ context }) => context.ports.leave(),
            ],
          },
        ],
        onError: {
          target: 'left',
          actions: [
            { type: 'showError', params: { code: 'store.a-006', message: null } },
            ({ context }) => context.ports.leave(),
          ],
        },
      },
    },

    /** Where a loaded session goes on: its open cell, the cell scanned on /audit, or a scan. */
    routing: {
      always: [
        { guard: 'hasCell', target: 'scanProcess', actions: assign({ nextCell: null }) },
        { guard: 'hasNextCell', target: 'openingCell' },
        { target: 'startScan' },
      ],
    },

    /** «Сканируйте ячейку»: a cell scan opens it; anything else is store.a-008. */
    startScan: {
      on: {
        SCANNED: [
          { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
          {
            guard: ({ event }) => isAuditCellScan(recognizeBarcode(event.text).raw),
            target: 'openingCell',
            actions: assign({
              nextCell: ({ event }) => recognizeBarcode(event.text).raw,
              error: null,
            }),
          },
          { actions: NOT_A_CELL_SCAN },
        ],
        FINISH: { target: 'confirmFinish', actions: assign({ error: null }) },
      },
    },

    /** POST …/cells with the cell scanned. */
    openingCell: {
      tags: ['busy'],
      entry: assign({ pending: ({ context }) => context.nextCell, nextCell: null }),
      invoke: {
        src: 'openCell',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: isCallOk,
            target: 'scanProcess',
            actions: assign(({ context, event }) => {
              const opened = event.output.operationObject!;
              return {
                cell: opened.cell,
                cells: withCell(context.cells, opened.cell, opened.items),
                pending: null,
                error: null,
              };
            }),
          },
          {
            target: 'startScan',
            actions: [
              {
                type: 'showError',
                params: ({ context, event }) =>
                  failure('store.a-002', event.output, { barcode: context.pending ?? '' }),
              },
              assign({ pending: null }),
            ],
          },
        ],
        onError: {
          target: 'startScan',
          actions: [
            { type: 'showError', params: { code: '0', message: null } },
            assign({ pending: null }),
          ],
        },
      },
    },

    /**
     * «Сканируйте единицы ячейки {{cell}}»: a `=` scan closes the cell (and names the next one);
     * a unit already found or surplus plays `repeat` unsent; any other unit is sent.
     */
    scanProcess: {
      on: {
        SCANNED: [
          { guard: ({ event }) => recognizeBarcode(event.text).type === 'empty' },
          {
            guard: ({ event }) => isAuditCellScan(recognizeBarcode(event.text).raw),
            target: 'finishingCell',
            actions: assign({
              nextCell: ({ context, event }) => {
                const barcode = recognizeBarcode(event.text).raw;
                return barcode === context.cell?.barcode ? null : barcode;
              },
              error: null,
            }),
          },
          {
            guard: ({ context, event }) =>
              isAlreadyCounted(unitsOf(context), recognizeBarcode(event.text).raw),
            actions: ({ context }) => context.ports.play(['repeat']),
          },
          {
            target: 'scanning',
            actions: assign({ pending: ({ event }) => recognizeBarcode(event.text).raw }),
          },
        ],
        FINISH: { target: 'confirmFinish', actions: assign({ error: null }) },
      },
    },

    /** POST …/cells/{cellId}/scan: ok-new (found) or attention (surplus), then its last four. */
    scanning: {
      tags: ['busy'],
      invoke: {
        src: 'scanUnit',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: isCallOk,
            target: 'scanProcess',
            actions: [
              assign(({ context, event }) => {
                const { unit } = event.output.operationObject!;
                const units = unitsOf(context).filter((known) => known.barcode !== unit.barcode);
                return {
                  cells: withCell(context.cells, context.cell!, [...units, unit]),
                  pending: null,
                  error: null,
                };
              }),
              ({ context, event }) => {
                const { unit } = event.output.operationObject!;
                const isRepeat = (event.output as { isRepeat?: boolean }).isRepeat === true;
                const sound = isRepeat ? 'repeat' : unit.state === CORRECT ? 'ok-new' : 'attention';
                context.ports.play([sound, ...spokenTail(unit.barcode)]);
              },
            ],
          },
          {
            target: 'scanProcess',
            actions: [
              {
                type: 'showError',
                params: ({ context, event }) =>
                  failure('store.a-003', event.output, { barcode: context.pending ?? '' }),
              },
              assign({ pending: null }),
            ],
          },
        ],
        onError: {
          target: 'scanProcess',
          actions: [
            { type: 'showError', params: { code: '0', message: null } },
            assign({ pending: null }),
          ],
        },
      },
    },

    /** POST …/cells/finish: its units still expected become missing; then the next cell. */
    finishingCell: {
      tags: ['busy'],
      invoke: {
        src: 'finishCell',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: isCallOk,
            target: 'routing',
            actions: [
              assign(({ context, event }) => {
                const { cell } = event.output.operationObject!;
                const units = unitsOf(context).map((unit) =>
                  unit.state === 0 ? { ...unit, state: 3 as const } : unit,
                );
                return { cells: withCell(context.cells, cell, units), cell: null };
              }),
              // The worker hears and reads that the cell is closed, with its result.
              ({ context, event }) => {
                const { cell } = event.output.operationObject!;
                const units = context.cells.find((entry) => entry.cell.id === cell.id)?.items ?? [];
                const countOf = (state: number) => units.filter((u) => u.state === state).length;
                context.ports.cellClosed({
                  cell: cell.name,
                  correct: countOf(CORRECT),
                  surplus: countOf(2),
                  missing: countOf(3),
                });
                context.ports.play(['success-small']);
              },
            ],
          },
          {
            target: 'scanProcess',
            actions: [
              {
                type: 'showError',
                params: ({ context, event }) =>
                  failure('store.a-004', event.output, { cell: context.cell?.name ?? '' }),
              },
              assign({ nextCell: null }),
            ],
          },
        ],
        onError: {
          target: 'scanProcess',
          actions: [
            { type: 'showError', params: { code: '0', message: null } },
            assign({ nextCell: null }),
          ],
        },
      },
    },

    /** «Завершить инвентаризацию?» with the figures; scans wait. */
    confirmFinish: {
      on: {
        CONFIRMED: 'finishing',
        CANCELLED: [{ guard: 'hasCell', target: 'scanProcess' }, { target: 'startScan' }],
      },
    },

    /** PUT …/finish: sessionInfo with success-big; the last-session record goes. */
    finishing: {
      tags: ['busy'],
      invoke: {
        src: 'finishSession',
        input: ({ context }) => ({ context }),
        onDone: [
          {
            guard: isCallOk,
            target: 'sessionInfo',
            actions: [
              { type: 'takeItems', params: ({ event }) => event.output.operationObject! },
              assign({ error: null }),
              ({ context }) => context.ports.forget(),
              ({ context }) => context.ports.play(['success-big']),
            ],
          },
          // Refused or unanswered: the session is read again, so a finish that went through
          // (its answer lost) or another worker's finish shows as sessionInfo; otherwise the
          // screen goes on where it was (its open cell).
          {
            target: 'loading',
            actions: {
              type: 'showError',
              params: ({ event }) => failure('store.a-005', event.output),
            },
          },
        ],
        onError: {
          target: 'loading',
          actions: { type: 'showError', params: { code: '0', message: null } },
        },
      },
    },

    /** The finished session: a table per cell, the missing and surplus lists. */
    sessionInfo: {},

    /** The session could not be loaded: the page went back to /audit. */
    left: { type: 'final' },
  },
});

export type AuditSessionMachine = typeof auditSessionMachine;
