import {
  DEFAULT_WEDGE_TIMING,
  createWedgeDetector,
  type WedgeKey,
  type WedgeTiming,
} from './keyboard-wedge';

const MODIFIERS = new Set(['Shift', 'CapsLock', 'Alt', 'AltGraph', 'Control', 'Meta', 'NumLock']);

/** What a `keydown` means to the detector. */
export function toWedgeKey(event: KeyboardEvent, at: number): WedgeKey {
  if (event.isComposing || event.repeat) return { type: 'OTHER', at };
  if (MODIFIERS.has(event.key)) return { type: 'MODIFIER', at };
  if (event.key === 'Enter' || event.key === 'Tab') return { type: 'END', at };
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
    return { type: 'CHAR', char: event.key, at };
  }
  return { type: 'OTHER', at };
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

const isTextField = (element: unknown): element is TextField =>
  (typeof HTMLInputElement !== 'undefined' && element instanceof HTMLInputElement) ||
  (typeof HTMLTextAreaElement !== 'undefined' && element instanceof HTMLTextAreaElement);

function caretOf(field: TextField): number | null {
  try {
    return field.selectionEnd;
  } catch {
    return null; // type=number and type=email have no selection
  }
}

/** Sets a field's value so that React's onChange sees it (the native setter, then `input`). */
function setFieldValue(field: TextField, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Takes the scanned characters back out of a text field the scanner typed into: the text
 * right before the caret (or at the end) when it is exactly the burst; otherwise the field is
 * left as it is (a field that filtered or capped the characters is not guessed at).
 */
export function removeBurstFromField(field: TextField, text: string): boolean {
  const value = field.value;
  const caret = caretOf(field);
  const end = caret !== null && value.slice(0, caret).endsWith(text) ? caret : value.length;
  const start = end - text.length;
  if (start < 0 || value.slice(start, end) !== text) return false;
  setFieldValue(field, value.slice(0, start) + value.slice(end));
  try {
    field.setSelectionRange(start, start);
  } catch {
    // no selection on this input type
  }
  return true;
}

export interface KeyboardWedgeOptions {
  /** Where keys are heard: the document, so scanning works wherever the focus is. */
  target: Document;
  onScan: (text: string) => void;
  timing?: WedgeTiming;
  /** The time of a key; the event's own timestamp by default (tests give a fake clock). */
  now?: (event: KeyboardEvent) => number;
}

/**
 * Listens for a keyboard-wedge scanner on the whole document (capture phase, before any
 * screen's own handlers). A detected scan's Enter/Tab is cancelled and stopped, so no form is
 * submitted and no focus moves; when the scanner typed into a text field, the burst is removed
 * from it. A person typing is never touched: only the suffix of a burst is cancelled.
 * Returns a function that stops listening.
 */
export function listenForKeyboardWedge(options: KeyboardWedgeOptions): () => void {
  const detector = createWedgeDetector(options.timing ?? DEFAULT_WEDGE_TIMING);
  const now = options.now ?? ((event: KeyboardEvent) => event.timeStamp);
  const onKeyDown = (event: KeyboardEvent) => {
    const scan = detector.push(toWedgeKey(event, now(event)));
    if (scan === null) return;
    event.preventDefault();
    event.stopPropagation();
    const field = event.target;
    if (isTextField(field)) removeBurstFromField(field, scan);
    options.onScan(scan);
  };
  options.target.addEventListener('keydown', onKeyDown, true);
  return () => options.target.removeEventListener('keydown', onKeyDown, true);
}
