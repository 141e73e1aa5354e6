import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { balanceEffect, balanceInstant } from '../../../src/domain/statements/balances.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { balanceLine } from '../../../src/domain/statements/statementTexts.ts';

// The account's value where a statement carries it (docs/product.md, "Importing statements"):
// thinkorswim's Account Summary and IBKR's Net Asset Value, each with the statement's last day.

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/statements/${name}`, import.meta.url), 'utf8');
const balanceOf = (text: string) => {
  const read = readStatement(text, 'auto');
  if (!read.ok) throw new Error('not read');
  return read.balance;
};
const ibkrHead = (period: string, currency = 'USD') =>
  [
    'Statement,Header,Field Name,Field Value',
    `Statement,Data,Period,${period}`,
    'Account Information,Header,Field Name,Field Value',
    `Account Information,Data,Base Currency,${currency}`,
    'Trades,Header,DataDiscriminator,Asset Category,Currency,Symbol,Date/Time,Quantity,T. Price,Comm/Fee,Code',
    'Trades,Data,Order,Stocks,USD,AAPL,"2026-03-16, 09:31:05",100,212.5,-0.7,O',
  ].join('\n');
const NAV = [
  'Net Asset Value,Header,Asset Class,Prior Total,Current Total,Change',
  'Net Asset Value,Data,Total,1000,"1,200.50",200.5',
].join('\n');

describe('the balance a statement carries', () => {
  it("is thinkorswim's Net Liquidating Value on the day the statement runs through", () => {
    expect(balanceOf(fixture('thinkorswim.csv'))).toEqual({ amount: 100_000, asOf: '2026-03-17' });
  });

  it("is IBKR's Net Asset Value Total, Current Total, on the period's last day", () => {
    expect(balanceOf(fixture('ibkr-activity.csv'))).toEqual({ amount: 25_310.44, asOf: '2026-11-30' });
    expect(balanceOf(`${ibkrHead('"July 14, 2026"')}\n${NAV}`)).toEqual({
      amount: 1200.5,
      asOf: '2026-07-14',
    });
    expect(balanceOf(`${ibkrHead('January 1 - January 31 2026')}\n${NAV}`)).toEqual({
      amount: 1200.5,
      asOf: '2026-01-31',
    });
  });

  it('is none where the file carries none, or not in dollars, or without its day', () => {
    for (const name of ['ibkr-flex.csv', 'fidelity.csv', 'schwab.csv', 'robinhood.csv', 'webull.csv'])
      expect(balanceOf(fixture(name)), name).toBeNull();
    expect(balanceOf(ibkrHead('"July 14, 2026"'))).toBeNull();
    expect(balanceOf(`${ibkrHead('"July 14, 2026"', 'EUR')}\n${NAV}`)).toBeNull();
    expect(balanceOf(`${ibkrHead('sometime')}\n${NAV}`)).toBeNull();
    expect(balanceOf(`${ibkrHead('"February 30, 2026"')}\n${NAV}`)).toBeNull();
    const tos = fixture('thinkorswim.csv');
    expect(balanceOf(tos.replace('through 3/17/26', 'through then'))).toBeNull();
    expect(balanceOf(tos.replace('"$100,000.00"', '"($1,000.00)"'))).toBeNull();
  });
});

describe('what the balance does to the account', () => {
  const now = new Date('2026-11-21T15:00:00Z');
  const balance = { amount: 25_310.44, asOf: '2026-11-20' };

  it("is the day's close in New York, or now when the statement runs through today", () => {
    expect(balanceInstant('2026-11-20', now).toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(balanceInstant('2026-07-14', now).toISOString()).toBe('2026-07-14T20:00:00.000Z');
    expect(balanceInstant('2026-11-21', now)).toEqual(now);
  });

  it("updates a manual account's balance stated before it, never a newer one or a broker's", () => {
    expect(balanceEffect({ source: 'manual', balanceAsOf: '2026-11-20T20:59:59.000Z' }, balance, now)).toBe(
      'updates',
    );
    expect(balanceEffect({ source: 'manual' }, balance, now)).toBe('updates');
    expect(balanceEffect({ source: 'manual', balanceAsOf: '2026-11-20T21:00:00.000Z' }, balance, now)).toBe(
      'newerHere',
    );
    expect(balanceEffect({ source: 'broker', balanceAsOf: null }, balance, now)).toBe('broker');
  });

  it('is said in words in the preview', () => {
    expect(balanceLine({ ...balance, effect: 'updates' })).toBe(
      'Balance on 2026-11-20: $25,310.44 — updates this account',
    );
    expect(balanceLine({ ...balance, effect: 'broker' })).toBe(
      "Balance on 2026-11-20: $25,310.44 — this account's balance comes from the broker",
    );
    expect(balanceLine({ ...balance, effect: 'newerHere' })).toBe(
      "Balance on 2026-11-20: $25,310.44 — this account's balance was stated later, so it stays",
    );
  });
});
