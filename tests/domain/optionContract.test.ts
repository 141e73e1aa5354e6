import { describe, expect, it } from 'vitest';
import {
  contractKeyOf,
  contractLabel,
  expiresAt,
  type OptionContract,
  occSymbolOf,
  parseOptionSymbol,
} from '../../src/domain/optionContract.ts';
import { splitTradeKey } from '../../src/domain/tradeKeys.ts';

// The symbols brokers write an option as (docs/product.md, "Options"): OCC's (Schwab's API pads the
// root to 6 characters), the same unpadded, and thinkorswim's with a dot and the strike in dollars.

const contract = (
  expiration: string,
  strike: number,
  putCall: OptionContract['putCall'],
  multiplier = 100,
) => ({
  expiration,
  strike,
  putCall,
  multiplier,
});

describe('option symbols', () => {
  it.each([
    ['AAPL  261218C00200000', 'AAPL', contract('2026-12-18', 200, 'Call')],
    ['AAPL261218C00200000', 'AAPL', contract('2026-12-18', 200, 'Call')],
    ['SPY   270115P00412500', 'SPY', contract('2027-01-15', 412.5, 'Put')],
    ['F     260320C00012500', 'F', contract('2026-03-20', 12.5, 'Call')],
    ['BRK.B 261120P00450000', 'BRK.B', contract('2026-11-20', 450, 'Put')],
    ['.AAPL261218C200', 'AAPL', contract('2026-12-18', 200, 'Call')],
    ['.SPY270115P412.5', 'SPY', contract('2027-01-15', 412.5, 'Put')],
    [' aapl  261218c00200000 ', 'AAPL', contract('2026-12-18', 200, 'Call')],
  ])('reads %j as %s %j', (text, symbol, option) => {
    expect(parseOptionSymbol(text)).toEqual({ symbol, option });
  });

  it.each([
    'AAPL',
    'AAPL  261218X00200000',
    'AAPL  261318C00200000',
    'AAPL  260230C00200000',
    'AAPL  261218C00000000',
    'AAPL  261218C0020000',
    '',
  ])('reads %j as no option', (text) => {
    expect(parseOptionSymbol(text)).toBeUndefined();
  });

  it('takes the multiplier the source gives, 100 without one', () => {
    expect(parseOptionSymbol('AAPL1 261218C00200000', 150)?.option.multiplier).toBe(150);
  });

  it('writes OCC symbols, keys and labels', () => {
    const c = contract('2026-12-18', 200, 'Call');
    expect(occSymbolOf('AAPL', c)).toBe('AAPL  261218C00200000');
    expect(occSymbolOf('SPY', contract('2027-01-15', 412.5, 'Put'))).toBe('SPY   270115P00412500');
    expect(contractKeyOf('AAPL', c)).toBe('AAPL261218C00200000');
    expect(contractLabel('AAPL', c)).toBe('AAPL 18 Dec 26 200 C');
    expect(contractLabel('SPY', contract('2027-01-05', 412.5, 'Put'))).toBe('SPY 5 Jan 27 412.5 P');
    for (const [symbol, option] of [
      ['AAPL', c],
      ['BRK.B', contract('2026-11-20', 450, 'Put')],
    ] as const)
      expect(parseOptionSymbol(occSymbolOf(symbol, option))).toEqual({ symbol, option });
  });

  it('expires at 4 p.m. in New York on its expiration day, winter or summer', () => {
    expect(expiresAt(contract('2026-12-18', 200, 'Call'))).toBe('2026-12-18T21:00:00.000Z');
    expect(expiresAt(contract('2026-06-19', 200, 'Call'))).toBe('2026-06-19T20:00:00.000Z');
  });

  it("reads an option trade's key as its account, underlying and opening", () => {
    const key = '0190a1b2-0000-7000-8000-000000000001|AAPL261218C00200000|2026-03-02T14:30:00.000Z';
    expect(splitTradeKey(key)).toEqual({
      accountId: '0190a1b2-0000-7000-8000-000000000001',
      symbol: 'AAPL',
      openedAt: '2026-03-02T14:30:00.000Z',
    });
  });
});
