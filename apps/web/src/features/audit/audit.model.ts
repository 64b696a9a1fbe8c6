import type {
  AUDIT_ROUTES,
  CallOutput,
  TAuditCell,
  TAuditSession,
  TAuditUnit,
} from '@sorting/contracts';
import { recognizeBarcode } from '@sorting/domain';
import type { CallResult, FlatCall, FlatCallInput } from '../../lib/api-client';
import type { SoundName } from '../../shell/sounds/sound-names';

// The audit machines' types (audit-list.machine.ts, audit-session.machine.ts; spec part 2 §2,
// §3 "Audit", §4, §8; docs/DECISIONS.md "Audit").

export type { CallResult };

/**
 * Spec part 2 §8 "Audit", the `audit` catalogue: store.a-001 start, a-002 cell, a-003 scan,
 * a-004 finish cell, a-005 finish session, a-006 items, a-007 list, a-008 no cell selected,
 * '0' anything unexpected; each with the server message when there is one.
 */
export const AUDIT_CODES = [
  'store.a-001',
  'store.a-002',
  'store.a-003',
  'store.a-004',
  'store.a-005',
  'store.a-006',
  'store.a-007',
  'store.a-008',
  '0',
] as const;
export type AuditCode = (typeof AUDIT_CODES)[number];

/** An error of the prompt line and its toast. */
export interface AuditError {
  code: AuditCode;
  /** a-002, a-003: the barcode scanned. */
  barcode?: string;
  /** a-004: the cell being closed. */
  cell?: string;
  /** The server's message and ErrorCode, or null without an answer. */
  message: string | null;
  errorCode?: number | string | null;
}

/**
 * The `showError` of both audit machines for a scan that is no cell where a cell is asked for
 * (spec part 2 §8 store.a-008), naming what was scanned.
 */
export const NOT_A_CELL_SCAN = {
  type: 'showError' as const,
  params: ({ event }: { event: { text: string } }): AuditError => ({
    code: 'store.a-008',
    barcode: recognizeBarcode(event.text).raw,
    message: null,
  }),
};

/** Spec part 2 §3: the last-session record, kept in localStorage. */
export interface LastAuditSession {
  userId: number;
  warehouseCode: string;
  sessionId: number;
}

export const LAST_AUDIT_SESSION_KEY = 'LAST_AUDIT_SESSION';

/** The record when it is well-formed, else null. */
export function readLastAuditSession(text: string | null): LastAuditSession | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LastAuditSession>;
    return typeof value.userId === 'number' &&
      typeof value.warehouseCode === 'string' &&
      typeof value.sessionId === 'number'
      ? { userId: value.userId, warehouseCode: value.warehouseCode, sessionId: value.sessionId }
      : null;
  } catch {
    return null;
  }
}

/**
 * The calls of /audit and /audit/{sessionId} (spec part 2 §7 "Audit"): each takes exactly what
 * its route of `AUDIT_ROUTES` takes, flat.
 */
export interface AuditCalls {
  sessions: FlatCall<typeof AUDIT_ROUTES.sessions>;
  start: FlatCall<typeof AUDIT_ROUTES.start>;
  items: FlatCall<typeof AUDIT_ROUTES.items>;
  openCell: FlatCall<typeof AUDIT_ROUTES.openCell>;
  /** A repeated scan answers IsRepeat (spec part 2 §4). */
  scan(
    input: FlatCallInput<typeof AUDIT_ROUTES.scan>,
  ): Promise<CallResult<CallOutput<typeof AUDIT_ROUTES.scan>> & { isRepeat?: boolean }>;
  finishCell: FlatCall<typeof AUDIT_ROUTES.finishCell>;
  finish: FlatCall<typeof AUDIT_ROUTES.finish>;
}

/** A closed cell's counts by result. */
export interface AuditCellSummary {
  cell: string;
  correct: number;
  surplus: number;
  missing: number;
}

/** What the session screen talks to besides the calls. */
export interface AuditSessionPorts {
  calls: Pick<AuditCalls, 'items' | 'openCell' | 'scan' | 'finishCell' | 'finish'>;
  createOperationId(): string;
  /** An error toast (it plays the error sound itself). */
  notifyError(error: AuditError): void;
  /**
   * A closed cell's summary (its toast): how many of its units were found, surplus and missing.
   * The machine plays its sound itself.
   */
  cellClosed(summary: AuditCellSummary): void;
  /** Sounds one after another (a scan's answer, then the unit's last letters and digits). */
  play(names: SoundName[]): void;
  /** Back to /audit (an unknown or foreign session). */
  leave(): void;
  /** The last-session record: kept while the session runs, removed once it is finished. */
  remember(sessionId: number): void;
  forget(): void;
}

export interface AuditSessionInput {
  ports: AuditSessionPorts;
  warehouseCode: string;
  sessionId: number;
  userId: number | null;
  /** The cell scanned on /audit to start the session: opened first. */
  firstCell: string | null;
}

export interface AuditSessionContext {
  ports: AuditSessionPorts;
  warehouseCode: string;
  sessionId: number;
  userId: number | null;
  session: TAuditSession | null;
  /** Every cell of the session with its units, as last known. */
  cells: { cell: TAuditCell; items: TAuditUnit[] }[];
  /** The open cell being audited (scanProcess), or null (startScan). */
  cell: TAuditCell | null;
  /** The barcode of the call in flight: a cell to open, a unit to scan. */
  pending: string | null;
  /** A cell scanned while another was open: opened once that one is finished. */
  nextCell: string | null;
  error: AuditError | null;
}

export type AuditSessionEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'FINISH' }
  | { type: 'CONFIRMED' }
  | { type: 'CANCELLED' };

/** Spec part 2 §2 views of the session screen (`data-view`), plus loading and left. */
export type AuditView = 'loading' | 'scanItems' | 'sessionInfo' | 'left';
/** Spec part 2 §2 scan states (`data-scan-state`). */
export type AuditScanState = 'startScan' | 'scanProcess';
