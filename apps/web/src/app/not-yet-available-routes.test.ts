import { describe, expect, it } from 'vitest';
import { notYetAvailableTitle } from '../shell/not-yet-available/not-yet-available-page';
import en from '../shell/not-yet-available/locales/en.json';
import ru from '../shell/not-yet-available/locales/ru.json';
import { NOT_YET_AVAILABLE } from './routes';

describe('the routes of areas not built yet', () => {
  it.each([
    ['/audit', 'audit'],
    ['/audit/:sessionId', 'auditSessionId'],
    ['/cargo-picking-v2', 'cargoPickingV2'],
    ['/place-to-storage', 'placeToStorage'],
    ['/picking/pickup/:clientCode', 'pickingPickupClientCode'],
  ])('titles %s by the key %s', (path, key) => {
    expect(notYetAvailableTitle(path)).toBe(key);
  });

  it('have a title in Russian and in English, and no title is left without its route', () => {
    const keys = NOT_YET_AVAILABLE.map((path) => notYetAvailableTitle(path)).sort();
    expect(keys).toEqual(Object.keys(ru).sort());
    expect(keys).toEqual(Object.keys(en).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });
});
