import { describe, expect, it } from 'vitest';
import { matchesSearch, nextSort, sortRows } from '../../../src/client/ui/sorting.ts';

describe('sorting (docs/product.md, "Trade setups")', () => {
  it('toggles the same column and starts a new column ascending', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'notes')).toEqual({ key: 'notes', direction: 'asc' });
  });

  it("starts ascending from a list's own order", () => {
    expect(nextSort(undefined, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('sorts text case-insensitively, numbers numerically, and missing values last either way', () => {
    const rows = [
      { name: 'beta', score: 10 as number | null },
      { name: 'Alpha', score: 9 },
      { name: 'gamma', score: null },
    ];
    expect(sortRows(rows, { key: 'name', direction: 'asc' }).map((r) => r.name)).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(sortRows(rows, { key: 'score', direction: 'asc' }).map((r) => r.score)).toEqual([9, 10, null]);
    expect(sortRows(rows, { key: 'score', direction: 'desc' }).map((r) => r.score)).toEqual([10, 9, null]);
  });

  it('searches any field, ignoring case and surrounding spaces', () => {
    expect(matchesSearch('  FLAG ', 'Bull flag', null)).toBe(true);
    expect(matchesSearch('cup', 'Bull flag', undefined, 'notes')).toBe(false);
    expect(matchesSearch('', 'anything')).toBe(true);
  });
});
