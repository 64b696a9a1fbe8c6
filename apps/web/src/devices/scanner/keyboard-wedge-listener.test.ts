import { afterEach, describe, expect, it } from 'vitest';
import { listenForKeyboardWedge, removeBurstFromField } from './keyboard-wedge-listener';

let clock = 0;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.innerHTML = '';
});

function listen() {
  const scans: string[] = [];
  stop = listenForKeyboardWedge({
    target: document,
    onScan: (text) => scans.push(text),
    now: () => clock,
  });
  return scans;
}

/** Presses a key on `target` at the fake time; a character also goes into a text field. */
function press(target: Element, key: string, at: number): KeyboardEvent {
  clock = at;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  const isDefault = target.dispatchEvent(event);
  if (isDefault && key.length === 1 && target instanceof HTMLInputElement) target.value += key;
  return event;
}

function type(target: Element, text: string, start: number, gap: number): number {
  let at = start;
  for (const char of text) {
    press(target, char, at);
    at += gap;
  }
  return at;
}

describe('keyboard-wedge listener', () => {
  it('hears a scan wherever the focus is and cancels its Enter', () => {
    const scans = listen();
    const end = type(document.body, '=1-2-3', 0, 6);
    const enter = press(document.body, 'Enter', end);
    expect(scans).toEqual(['=1-2-3']);
    expect(enter.defaultPrevented).toBe(true);
  });

  it('takes Tab as the suffix too, so focus does not move', () => {
    const scans = listen();
    const end = type(document.body, 'ABC123', 0, 4);
    const tab = press(document.body, 'Tab', end);
    expect(scans).toEqual(['ABC123']);
    expect(tab.defaultPrevented).toBe(true);
  });

  it('leaves slow typing and its Enter alone', () => {
    const scans = listen();
    document.body.innerHTML = '<form><input id="f" /></form>';
    const input = document.getElementById('f') as HTMLInputElement;
    const end = type(input, 'abc', 0, 150);
    const enter = press(input, 'Enter', end + 150);
    expect(scans).toEqual([]);
    expect(enter.defaultPrevented).toBe(false);
    expect(input.value).toBe('abc');
  });

  it('takes a burst back out of the text field it was typed into', () => {
    const scans = listen();
    document.body.innerHTML = '<input id="f" />';
    const input = document.getElementById('f') as HTMLInputElement;
    const typed = type(input, 'note ', 0, 200);
    const inputs: string[] = [];
    input.addEventListener('input', () => inputs.push(input.value));
    const seen: string[] = [];
    input.addEventListener('keydown', (event) => seen.push(event.key));
    const end = type(input, '_B123', typed + 500, 5);
    press(input, 'Enter', end);
    expect(scans).toEqual(['_B123']);
    expect(input.value).toBe('note ');
    expect(inputs).toEqual(['note ']);
    // The field's own handlers never see the scan's Enter.
    expect(seen).not.toContain('Enter');
  });

  it('stops listening', () => {
    const scans = listen();
    stop?.();
    press(document.body, 'Enter', type(document.body, '12345', 0, 5));
    expect(scans).toEqual([]);
  });
});

describe('removeBurstFromField', () => {
  it('removes the burst before the caret, or leaves a field it cannot match', () => {
    const input = document.createElement('input');
    input.value = 'ab_B1cd';
    input.setSelectionRange(5, 5);
    expect(removeBurstFromField(input, '_B1')).toBe(true);
    expect(input.value).toBe('abcd');
    expect(input.selectionStart).toBe(2);
    input.value = 'xyz';
    expect(removeBurstFromField(input, '_B1')).toBe(false);
    expect(input.value).toBe('xyz');
  });
});
