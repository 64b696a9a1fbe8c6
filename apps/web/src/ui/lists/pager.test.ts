import { describe, expect, it } from 'vitest';
import { pagerWithoutTotal } from './pager';

describe('pagerWithoutTotal', () => {
  const onPage = () => {};
  const pagerOf = (page: number, shown: number) =>
    pagerWithoutTotal({ page, shown, pageSize: 50, onPage, testId: 'list-pager' });

  it('offers a next page only after a full page', () => {
    expect(pagerOf(1, 50)).toEqual({ page: 1, pages: 2, onPage, testId: 'list-pager' });
    expect(pagerOf(3, 50).pages).toBe(4);
    expect(pagerOf(3, 49).pages).toBe(3);
    expect(pagerOf(1, 0).pages).toBe(1);
  });
});
