// The pure rules of the document flow (spec part 2 §3 "Document flow item", §4 "Document flow
// states"; docs/DECISIONS.md "Document flow"): which label and colour a state shows by the
// document's direction, whether it is in work, and what may be done with it.

/** Spec part 2 §3: a document is incoming or outgoing (`out` is shown as Исходящий). */
export const DOCUMENT_DIRECTIONS = ['in', 'out'] as const;
export type DocumentDirection = (typeof DOCUMENT_DIRECTIONS)[number];

/** Spec part 2 §3: a contragent of a document is our own organisation (inner) or another. */
export const CONTRAGENT_TYPES = ['inner', 'out'] as const;
export type ContragentType = (typeof CONTRAGENT_TYPES)[number];

/**
 * Spec part 2 §4: 1 sent / awaiting receipt, 2 awaiting check / sent, 3 document flow ended;
 * any other value reads "status unknown".
 */
export const DOCUMENT_STATES = { first: 1, second: 2, ended: 3 } as const;
export const KNOWN_DOCUMENT_STATES = [1, 2, 3] as const;

/** Spec part 2 §4: the filter's default states. */
export const DEFAULT_DOCUMENT_STATES: readonly number[] = [1, 2];

/** Spec part 2 §9: the default search range, the last 6 days. */
export const DOCUMENT_SEARCH_DEFAULT_DAYS = 6;

/** What a state reads as, by direction (spec part 2 §4); the catalogues word each. */
export type DocumentStateLabel = 'sent' | 'awaitingReceipt' | 'ended' | 'unknown';

/**
 * Spec part 2 §4: state 1 reads «Отправлен» for out and «Ждем получения» otherwise; state 2
 * «Ждем получения» for out and «Отправлен» otherwise; 3 «Документооборот завершен»; any
 * other «Статус неизвестен».
 */
export function documentStateLabel(state: number, direction: string): DocumentStateLabel {
  const isOut = direction === 'out';
  if (state === 1) return isOut ? 'sent' : 'awaitingReceipt';
  if (state === 2) return isOut ? 'awaitingReceipt' : 'sent';
  if (state === 3) return 'ended';
  return 'unknown';
}

export type DocumentStateColour = 'red' | 'orange' | 'green' | 'none';

/** Spec part 2 §3: state colour 1 red, 2 orange, 3 green (none for an unknown state). */
export function documentStateColour(state: number): DocumentStateColour {
  if (state === 1) return 'red';
  if (state === 2) return 'orange';
  if (state === 3) return 'green';
  return 'none';
}

/** Spec part 2 §3: a document is in work in state 1 or 2. */
export function isDocumentInWork(state: number): boolean {
  return state === 1 || state === 2;
}

export interface DocumentContragentLike {
  type: string;
  contragentId: number;
}

/**
 * Spec part 2 §3: signId is the inner contragent's id, only for incoming documents; null for an
 * outgoing one or one without an inner contragent.
 */
export function documentSignId(document: {
  direction: string;
  contragents: readonly DocumentContragentLike[];
}): number | null {
  if (document.direction === 'out') return null;
  return document.contragents.find((c) => c.type === 'inner')?.contragentId ?? null;
}

/** Why an action is not available for a document, or null when it is. */
export type DocumentActionRefusal =
  | 'outgoing'
  | 'noInnerContragent'
  | 'alreadySigned'
  | 'notAwaitingSignature'
  | 'notAwaitingValidation'
  | 'ended';

/**
 * Signing (docs/DECISIONS.md "Document flow"): an incoming document in state 1, for its inner
 * contragent (signId); it then moves to state 2.
 */
export function signRefusal(document: {
  direction: string;
  state: number;
  contragents: readonly DocumentContragentLike[];
}): DocumentActionRefusal | null {
  if (document.direction === 'out') return 'outgoing';
  if (document.state === 2) return 'alreadySigned';
  if (document.state === 3) return 'ended';
  if (document.state !== 1) return 'notAwaitingSignature';
  if (documentSignId(document) === null) return 'noInnerContragent';
  return null;
}

/**
 * Validating, i.e. confirming receipt of the signature (docs/DECISIONS.md "Document flow"): a
 * document in state 2, of either direction; it then moves to state 3, the flow ended.
 */
export function validateRefusal(document: { state: number }): DocumentActionRefusal | null {
  if (document.state === 2) return null;
  return document.state === 3 ? 'ended' : 'notAwaitingValidation';
}

/** The state a sign or a validate leads to. */
export const STATE_AFTER = { sign: 2, validate: 3 } as const;

/** Spec part 2 §3: a document's typeName is shown capitalised (the first letter only). */
export function documentTypeTitle(typeName: string): string {
  const first = typeName.charAt(0);
  return first.toLocaleUpperCase('ru-RU') + typeName.slice(1);
}
