import {
  AUDIT_LIST_PAGE_SIZE,
  type TAuditSession,
  type TAuditSessionItems,
} from '@sorting/contracts';
import type { AuditCalls, AuditError, CallResult, LastAuditSession } from './audit.model';

// The audit list's types, date ranges and the resumable session rule; its machine is
// audit-list.machine.ts.

/** Sessions shown per page of the list (spec part 2 §9 paging habit), paged by the server. */
export const AUDIT_PAGE_SIZE = AUDIT_LIST_PAGE_SIZE;

/** Spec part 2 §9 habit: today and the 6 days before. */
export const AUDIT_DEFAULT_DAYS = 7;

/** A date range of local calendar days, `YYYY-MM-DD` each. */
export interface DayRange {
  from: string;
  to: string;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD` of a local date. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today and the 6 days before, local. */
export function defaultRange(now: Date): DayRange {
  const from = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - (AUDIT_DEFAULT_DAYS - 1),
  );
  return { from: localDay(from), to: localDay(now) };
}

/** ISO 8601 with the local offset of a local day's time, e.g. `2026-03-02T00:00:00+03:00`. */
function localInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes, seconds] = time.split(':').map(Number);
  const local = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, hours, minutes, seconds);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${day}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Spec part 2 §9 habit: the range from local 00:00:00 to local 23:59:59. */
export function rangeInstants(range: DayRange): { dateFrom: string; dateTo: string } {
  return {
    dateFrom: localInstant(range.from, '00:00:00'),
    dateTo: localInstant(range.to, '23:59:59'),
  };
}

/** The list's ports: the calls, the record and where a started session opens. */
export interface AuditListPorts {
  calls: Pick<AuditCalls, 'sessions' | 'start' | 'items'>;
  createOperationId(): string;
  notifyError(error: AuditError): void;
  readLast(): LastAuditSession | null;
  remember(sessionId: number): void;
  forget(): void;
  /** Opens /audit/{sessionId}; `cell` is opened there first. */
  open(sessionId: number, cell: string | null): void;
}

export interface AuditListInput {
  ports: AuditListPorts;
  warehouseCode: string;
  userId: number | null;
  now: Date;
}

export interface AuditListContext {
  ports: AuditListPorts;
  warehouseCode: string;
  userId: number | null;
  range: DayRange;
  /** The page shown (the server pages the list). */
  sessions: TAuditSession[] | null;
  page: number;
  /** Every session the range lists. */
  totalCount: number;
  /** The unfinished session of the last-session record, offered to continue. */
  resumable: number | null;
  /** The cell scanned to start a session. */
  firstCell: string | null;
  error: AuditError | null;
}

export type AuditListEvent =
  | { type: 'SCANNED'; text: string }
  | { type: 'START' }
  | { type: 'RANGE'; range: DayRange }
  | { type: 'PAGE'; page: number }
  | { type: 'RESUME' }
  | { type: 'RETRY' };

/** What the last-session record offers: a session to continue, or a record to forget. */
export interface Resumable {
  sessionId: number | null;
  isStale: boolean;
}

/** The record when it is this user's and warehouse's, else null (another user's is kept). */
export function ownRecord(
  record: LastAuditSession | null,
  userId: number | null,
  warehouseCode: string,
): LastAuditSession | null {
  return record && record.userId === userId && record.warehouseCode === warehouseCode
    ? record
    : null;
}

/**
 * The record's session as its own items answer tells (a page of the list may not hold it):
 * unfinished → offered; finished, unknown or refused → the record is stale; no answer → neither.
 */
export function resumableOf(
  record: LastAuditSession,
  answer: CallResult<TAuditSessionItems> | null,
): Resumable {
  if (answer === null) return { sessionId: null, isStale: false };
  const session = answer.isSuccess ? answer.operationObject?.session : undefined;
  return session && session.sessionId === record.sessionId && session.endDate === null
    ? { sessionId: session.sessionId, isStale: false }
    : { sessionId: null, isStale: true };
}
