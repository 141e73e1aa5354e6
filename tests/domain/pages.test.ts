import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS, pageHeadingOf } from '../../src/domain/pages.ts';

describe('pageHeadingOf', () => {
  it('names each page by its path, and the landing (/) as the Dashboard', () => {
    expect(pageHeadingOf('/')).toEqual(PAGE_HEADINGS['/dashboard']);
    expect(pageHeadingOf('/trade-plans')?.title).toBe('Trade Plans');
    expect(pageHeadingOf('/backup')?.title).toBe('Export and backup');
  });

  it('knows no other path, not even the names every object has', () => {
    for (const path of ['/error', '/trade-plans/', '/Trade-Plans', 'constructor', '__proto__', '/toString'])
      expect(pageHeadingOf(path)).toBeUndefined();
  });
});
