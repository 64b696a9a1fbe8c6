import { describe, expect, it } from 'vitest';
import { fitText, LINE_HEIGHT, minimumSize } from './fit-text.js';

/** Every character 0.5 em wide. */
const measure = (text: string, size: number) => Array.from(text).length * size * 0.5;

describe('fitText', () => {
  it('keeps a caption that fits as it is', () => {
    expect(fitText('Казань', 20, 4 * LINE_HEIGHT, 4, measure)).toEqual({
      lines: ['Казань'],
      size: 4,
      offset: 0,
    });
  });

  it('shrinks a one-line box before it cuts, and cuts only below the smallest size', () => {
    const shrunk = fitText('Маршрут R-101', 20, 4 * LINE_HEIGHT, 4, measure);
    expect(shrunk.lines).toEqual(['Маршрут R-101']);
    expect(measure('Маршрут R-101', shrunk.size)).toBeLessThanOrEqual(20);

    // At half size a one-line box holds two lines; more text than that is cut.
    const text = 'Маршрут R-101 Москва — Санкт-Петербург через Тверь и Великий Новгород';
    const cut = fitText(text, 20, 4 * LINE_HEIGHT, 4, measure);
    expect(cut.size).toBe(minimumSize(4));
    expect(cut.lines).toHaveLength(2);
    expect(cut.lines[1]).toMatch(/…$/);
    for (const line of cut.lines) expect(measure(line, cut.size)).toBeLessThanOrEqual(20);
  });

  it('wraps into the lines a taller box holds, separators ending a line, № with its number', () => {
    const fitted = fitText('Направление Санкт-Петербург · Маршрут R-101', 45, 8, 3, measure);
    expect(fitted.lines).toEqual(['Направление Санкт-Петербург ·', 'Маршрут R-101']);
    expect(fitted.lines.length * fitted.size * LINE_HEIGHT).toBeLessThanOrEqual(8);
    expect(fitText('№ 15208-65F0C', 6, 8, 3, measure).lines[0]).toMatch(/^№ 1/);
  });
});
