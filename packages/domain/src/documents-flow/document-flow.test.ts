import { describe, expect, it } from 'vitest';
import {
  documentTypeTitle,
  documentSignId,
  documentStateColour,
  documentStateLabel,
  isDocumentInWork,
  signRefusal,
  validateRefusal,
} from './document-flow.js';

const inner = { type: 'inner', contragentId: 7 };
const other = { type: 'out', contragentId: 9 };

describe('document flow rules (spec part 2 §3, §4)', () => {
  it('labels a state by direction', () => {
    expect(documentStateLabel(1, 'out')).toBe('sent');
    expect(documentStateLabel(1, 'in')).toBe('awaitingReceipt');
    expect(documentStateLabel(2, 'out')).toBe('awaitingReceipt');
    expect(documentStateLabel(2, 'in')).toBe('sent');
    expect(documentStateLabel(3, 'in')).toBe('ended');
    expect(documentStateLabel(3, 'out')).toBe('ended');
    expect(documentStateLabel(7, 'in')).toBe('unknown');
    expect(documentStateLabel(0, 'out')).toBe('unknown');
  });

  it('colours 1 red, 2 orange, 3 green, others none', () => {
    expect([1, 2, 3, 4].map(documentStateColour)).toEqual(['red', 'orange', 'green', 'none']);
  });

  it('is in work in state 1 or 2', () => {
    expect([1, 2, 3, 7].map(isDocumentInWork)).toEqual([true, true, false, false]);
  });

  it('signs for the inner contragent of an incoming document only', () => {
    expect(documentSignId({ direction: 'in', contragents: [other, inner] })).toBe(7);
    expect(documentSignId({ direction: 'out', contragents: [inner] })).toBeNull();
    expect(documentSignId({ direction: 'in', contragents: [other] })).toBeNull();
  });

  it('allows signing an incoming document in state 1 only', () => {
    const document = { direction: 'in', state: 1, contragents: [inner, other] };
    expect(signRefusal(document)).toBeNull();
    expect(signRefusal({ ...document, direction: 'out' })).toBe('outgoing');
    expect(signRefusal({ ...document, state: 2 })).toBe('alreadySigned');
    expect(signRefusal({ ...document, state: 3 })).toBe('ended');
    expect(signRefusal({ ...document, state: 7 })).toBe('notAwaitingSignature');
    expect(signRefusal({ ...document, contragents: [other] })).toBe('noInnerContragent');
  });

  it('allows validating a document in state 2 only', () => {
    expect(validateRefusal({ state: 2 })).toBeNull();
    expect(validateRefusal({ state: 1 })).toBe('notAwaitingValidation');
    expect(validateRefusal({ state: 3 })).toBe('ended');
    expect(validateRefusal({ state: 7 })).toBe('notAwaitingValidation');
  });

  it('capitalises the type name only at its first letter', () => {
    expect(documentTypeTitle('акт сверки')).toBe('Акт сверки');
    expect(documentTypeTitle('УПД')).toBe('УПД');
    expect(documentTypeTitle('')).toBe('');
  });
});
