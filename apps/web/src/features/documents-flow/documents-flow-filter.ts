import type { TDocumentsSearchRequest } from '@sorting/contracts';
import { DEFAULT_DOCUMENT_STATES, DOCUMENT_SEARCH_DEFAULT_DAYS } from '@sorting/domain';

/** The filter as the form holds it (spec part 2 §3 "Filter"): days as `YYYY-MM-DD`. */
export interface DocumentsFilter {
  states: readonly number[];
  searchString: string;
  dateBegin: string;
  dateEnd: string;
}

/** A local day as an `<input type="date">` value. */
export function dayValue(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Spec part 2 §4, §9: states [1, 2] and the last 6 days, today included. */
export function defaultFilter(today: Date): DocumentsFilter {
  const begin = new Date(today);
  begin.setDate(begin.getDate() - DOCUMENT_SEARCH_DEFAULT_DAYS);
  return {
    states: DEFAULT_DOCUMENT_STATES,
    searchString: '',
    dateBegin: dayValue(begin),
    dateEnd: dayValue(today),
  };
}

/** The local start (or end) of a `YYYY-MM-DD` day as an instant; null for no day. */
function dayBound(day: string, end: boolean): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const bound = end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return Number.isNaN(bound.getTime()) ? null : bound.toISOString();
}

/** True when both days are given and the first comes after the second. */
export function isRangeReversed(filter: DocumentsFilter): boolean {
  return filter.dateBegin !== '' && filter.dateEnd !== '' && filter.dateBegin > filter.dateEnd;
}

/** The search request of a filter: its days as the local start and end instants. */
export function searchRequest(filter: DocumentsFilter): TDocumentsSearchRequest {
  const text = filter.searchString.trim();
  return {
    states: [...filter.states],
    searchString: text === '' ? null : text,
    dateBegin: dayBound(filter.dateBegin, false),
    dateEnd: dayBound(filter.dateEnd, true),
  };
}
