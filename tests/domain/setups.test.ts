import { describe, expect, it } from 'vitest';
import { newSetup, successScore } from '../../src/domain/setups.ts';
import type { TradePlanStatus } from '../../src/domain/types.ts';

const plan = (status: TradePlanStatus, probabilityOfSuccess: number | null) => ({
  status,
  probabilityOfSuccess,
});

describe('successScore', () => {
  it('is 0 without plans, and without plans that count', () => {
    expect(successScore([])).toBe(0);
    expect(successScore([plan('Draft', null), plan('Discarded', 90)])).toBe(0);
  });

  it('is the rounded mean probability of the non-discarded plans that have one', () => {
    expect(successScore([plan('Draft', 60), plan('Ready', 75), plan('Hold', null), plan('Hold', 10)])).toBe(
      48, // 145 / 3 = 48.3
    );
    expect(successScore([plan('Draft', 60), plan('Ready', 75), plan('Discarded', 10)])).toBe(68); // 67.5 rounds up
  });

  it('counts a probability of 0 as a probability', () => {
    expect(successScore([plan('Draft', 0), plan('Ready', 100)])).toBe(50);
  });
});

describe('newSetup', () => {
  it('fills every text the input leaves out with an empty one, and scores 0', () => {
    expect(newSetup({ name: 'Flag' })).toEqual({
      name: 'Flag',
      description: '',
      entryCriteria: '',
      exitCriteria: '',
      notes: '',
      successScore: 0,
    });
  });

  it('keeps the texts it is given, and leaves out id and rules', () => {
    const input = {
      id: 's1',
      name: 'Flag',
      description: 'Tight flag',
      rules: [],
      entryCriteria: 'Break of the high',
      exitCriteria: 'Close below the EMA',
      notes: 'Uptrends only',
    };
    const { id: _id, rules: _rules, ...texts } = input;
    expect(newSetup(input)).toEqual({ ...texts, successScore: 0 });
  });
});
