import { assign, fromPromise, setup } from 'xstate';
import type {
  TAuditCell,
  TAuditFinishedCell,
  TAuditOpenedCell,
  TAuditScanned,
  TAuditSessionItems,
  TAuditUnit,
} from '@sorting/contracts';
import { AUDIT_SPOKEN_TAIL, auditSpokenText } from '@sorting/domain';
import { letterSound } from '../../shell/sounds/letter-sound';
import { numberSound, type SoundName } from '../../shell/sounds/sound-names';
import {
  type AuditError,
  type AuditSessionContext,
  type AuditSessionEvent,
  type AuditSessionInput,
  type AuditSessionPorts,
  type CallResult,
} from './audit.model';
import { showErrorAction } from '../../shell/machine/call-feedback';

// The audit session machine's setup (its calls, shared actions) and the helpers its step
// files share; the steps are composed in audit-session.machine.ts.

/** Unit states (contracts AUDIT_UNIT_STATES): 1 correct, 2 surplus, 0 expected, 3 missing. */
export const CORRECT = 1;
export const SURPLUS = 2;

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

export const failure = (code: AuditError['code'], output: CallResult<unknown>, extra = {}) => ({
  code,
  message: output.message,
  errorCode: output.errorCode,
  ...extra,
});

/** The cells of the session with one cell (and its units) as the server answered it. */
export function withCell(
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

/** An open cell: its units are being scanned. */
export function hasCell({ context }: { context: AuditSessionContext }): boolean {
  return context.cell !== null;
}

export const auditSessionSetup = setup({
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
});
