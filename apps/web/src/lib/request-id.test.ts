import { describe, expect, it } from 'vitest';
import { isWellFormedRequestId } from '@sorting/contracts';
import { beginUserAction, currentRequestId, followUserActions, newRequestId } from './request-id';

describe('request ids of user actions', () => {
  it('makes ids the server keeps as sent', () => {
    for (let i = 0; i < 20; i += 1) expect(isWellFormedRequestId(newRequestId())).toBe(true);
  });

  it('keeps one id until the next tap or key, then a new one', () => {
    const target = new EventTarget();
    const stop = followUserActions(target);
    const first = beginUserAction();
    expect(currentRequestId()).toBe(first);
    expect(currentRequestId()).toBe(first);
    target.dispatchEvent(new Event('pointerdown'));
    const second = currentRequestId();
    expect(second).not.toBe(first);
    target.dispatchEvent(new Event('keydown'));
    expect(currentRequestId()).not.toBe(second);
    stop();
    const last = currentRequestId();
    target.dispatchEvent(new Event('keydown'));
    expect(currentRequestId()).toBe(last);
  });
});
