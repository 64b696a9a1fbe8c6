import { describe, expect, it } from 'vitest';
import { appReturnPath, isSlotId } from './captured-images';

const ORIGIN = 'https://sorting.example';

describe('the hand-over of a captured image', () => {
  it.each([
    ['/returns', '/returns'],
    ['/en/returns?step=1', '/en/returns?step=1'],
  ])('returns to the app path %s', (value, expected) => {
    expect(appReturnPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    'https://evil.example/returns',
    '//evil.example/returns',
    '/\\evil.example',
    'javascript:alert(1)',
    'returns',
    '',
    null,
  ])('ignores %s, which is not a path of this app', (value) => {
    expect(appReturnPath(value, ORIGIN)).toBeNull();
  });

  it.each([
    ['returns-package', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['a b', false],
    ['', false],
    [null, false],
  ])('takes %s as a slot id: %s', (value, expected) => {
    expect(isSlotId(value)).toBe(expected);
  });
});
