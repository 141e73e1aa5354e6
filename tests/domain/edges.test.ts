import { describe, expect, it } from 'vitest';
import { WEIGHT_FACTOR_DEFAULT } from '../../src/domain/constants.ts';
import { edgePriority } from '../../src/domain/edges.ts';

describe('edgePriority', () => {
  it.each([
    [1, 'high'],
    [0.7, 'high'],
    [0.69, 'medium'],
    [0.4, 'medium'],
    [0.39, 'low'],
    [0, 'low'],
  ])('weight %d is %s priority', (weight, expected) => {
    expect(edgePriority(weight)).toBe(expected);
  });

  it('defaults the weight to 0.5, a medium edge', () => {
    expect(WEIGHT_FACTOR_DEFAULT).toBe(0.5);
    expect(edgePriority(WEIGHT_FACTOR_DEFAULT)).toBe('medium');
  });
});
