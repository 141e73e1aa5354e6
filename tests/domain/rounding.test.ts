import { describe, expect, it } from 'vitest';
import { roundCents, roundTo4 } from '../../src/domain/rounding.ts';

describe('rounding money and prices', () => {
  it.each([
    [1.005, 1.01], // 1.00499… in binary: the nudge puts it back on the half
    [-1.005, -1.01],
    [0.125, 0.13],
    [1010.4949, 1010.49],
    [-0.004, 0],
    [2_500_000.005, 2_500_000.01],
  ])('cents of %d is %d', (n, expected) => {
    expect(roundCents(n)).toBe(expected);
  });

  it('never gives -0, which JSON would turn into 0', () => {
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
    expect(Object.is(roundTo4(-0), 0)).toBe(true);
  });

  it.each([
    [10 / 3, 3.3333],
    [2 / 3, 0.6667],
    [100.00005, 100.0001],
    [-1.23456, -1.2346],
  ])('4 decimals of %d is %d', (n, expected) => {
    expect(roundTo4(n)).toBe(expected);
  });
});
