import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirect-target';

const ORIGIN = 'https://sorting.example';

describe('resolveRedirect (open-redirect defence)', () => {
  it.each([
    [null, { kind: 'home' }],
    ['', { kind: 'home' }],
    ['/sorting', { kind: 'router', to: '/sorting' }],
    ['/en/sorting?zone=3', { kind: 'router', to: '/en/sorting?zone=3' }],
    ['//evil.example/x', { kind: 'home' }],
    ['/\\evil.example/x', { kind: 'home' }],
    ['https://sorting.example/x?a=1', { kind: 'location', href: 'https://sorting.example/x?a=1' }],
    ['https://other.example/x', { kind: 'home' }],
    ['http://sorting.example/x', { kind: 'home' }],
    ['javascript:alert(1)', { kind: 'home' }],
    ['JavaScript:alert(1)', { kind: 'home' }],
    ['data:text/html,x', { kind: 'home' }],
    ['sorting', { kind: 'home' }],
  ] as const)('%s → %j', (target, expected) => {
    expect(resolveRedirect(target, ORIGIN)).toEqual(expected);
  });
});
