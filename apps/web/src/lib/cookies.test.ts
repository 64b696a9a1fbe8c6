import { describe, expect, it } from 'vitest';
import {
  FAR_FUTURE_EXPIRY,
  createDocumentCookieJar,
  parseCookie,
  serializeCookie,
} from './cookies';

describe('cookies', () => {
  it('serialises with path, expiry in 2100 and a readable comma', () => {
    expect(
      serializeCookie('NEXT_LOCALES', 'ru,en', { path: '/', expires: FAR_FUTURE_EXPIRY }),
    ).toBe('NEXT_LOCALES=ru,en; path=/; expires=Fri, 01 Jan 2100 00:00:00 GMT; SameSite=Lax');
  });

  it('parses one cookie from the header', () => {
    expect(parseCookie('a=1; NEXT_LOCALE=en; b=x%20y', 'NEXT_LOCALE')).toBe('en');
    expect(parseCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(parseCookie('a=1', 'c')).toBeUndefined();
  });

  it.each([
    ['', 'a', undefined],
    ['a=1; a=2', 'a', '1'],
    ['  a = 1 ;b=2', 'a', '1'],
    ['a=%E0%A4%A', 'a', '%E0%A4%A'],
    ['NEXT_LOCALES=ru,en', 'NEXT_LOCALES', 'ru,en'],
    ['NEXT_LOCALES=ru%2Cen', 'NEXT_LOCALES', 'ru,en'],
    ['flag; a=1', 'a', '1'],
    ['a=', 'a', ''],
  ])('parses %j for %s as %j', (header, name, expected) => {
    expect(parseCookie(header, name)).toBe(expected);
  });

  it('writes and removes through document.cookie', () => {
    const jar = createDocumentCookieJar();
    jar.set('probe', 'ru,en', { path: '/' });
    expect(jar.get('probe')).toBe('ru,en');
    jar.remove('probe', { path: '/' });
    expect(jar.get('probe')).toBeUndefined();
  });
});
