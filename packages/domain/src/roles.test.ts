import { describe, expect, it } from 'vitest';
import { mayActOn, roleRank } from './roles.js';

describe('role order', () => {
  it('ranks a user by their highest role', () => {
    expect(roleRank([])).toBe(0);
    expect(roleRank(['worker'])).toBe(0);
    expect(roleRank(['worker', 'administrator'])).toBe(2);
  });

  it('lets nobody act on a user above them; equals may', () => {
    expect(mayActOn(['supervisor'], ['administrator'])).toBe(false);
    expect(mayActOn(['supervisor'], ['worker', 'administrator'])).toBe(false);
    expect(mayActOn(['supervisor'], ['supervisor'])).toBe(true);
    expect(mayActOn(['administrator'], ['administrator'])).toBe(true);
    expect(mayActOn(['worker'], ['supervisor'])).toBe(false);
  });
});
