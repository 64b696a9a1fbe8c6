import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-paths.js';

describe('isApiPath', () => {
  it.each([
    ['/sorting-api/zones/search', true],
    ['/sorting-api', true],
    ['/users-api/v1/34717/Users?x=1', true],
    ['/sorting-center-workflow-api/v1/34717/packing/process', true],
    ['/no-such-api/x', true],
    ['/printersHub/negotiate?negotiateVersion=1', true],
    ['/healthz', true],
    ['/local-settings-newsort', true],
    ['/demo-sheet', true],
    ['/en/demo-sheet', true],
    ['/sorting', false],
    ['/ru/sorting', false],
    ['/en/user-auth', false],
    ['/assets/index-abc123.js', false],
    ['/api', false],
    ['/', false],
    ['/en/sorting-api/x', false],
  ])('%s → %s', (path, expected) => {
    expect(isApiPath(path)).toBe(expected);
  });
});
