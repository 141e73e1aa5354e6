import { describe, expect, it } from 'vitest';
import {
  identityOf,
  mapAccounts,
  mapCandles,
  REFRESH_TOKEN_LIFETIME_MS,
  tokensFromReply,
} from '../../../../src/server/brokers/schwab/schwabMapping.ts';
import { mapTransaction, mapTransactions } from '../../../../src/server/brokers/schwab/schwabTransactions.ts';
import {
  fee,
  option,
  schwabReceiveAndDeliver,
  schwabReverseSplit,
  schwabStockSplit,
  schwabTrade,
  schwabTransfer,
} from './schwabTrades.ts';

// Field names as Schwab sends them (as fakeSchwab.ts answers); values invented.
const numbers = [
  { accountNumber: '87654321', hashValue: 'HASH-CASH' },
  { accountNumber: '12345678', hashValue: 'HASH-MARGIN' },
];
const accounts = [
  {
    securitiesAccount: {
      type: 'MARGIN',
      accountNumber: '12345678',
      currentBalances: {
        cashBalance: 4210.55,
        liquidationValue: 53120.4,
        availableFunds: 10531.7,
        buyingPower: 21063.4,
      },
    },
    aggregatedBalance: { currentLiquidationValue: 53120.4, liquidationValue: 53120.4 },
  },
  {
    securitiesAccount: {
      type: 'CASH',
      accountNumber: '87654321',
      currentBalances: { cashAvailableForTrading: 2350, liquidationValue: 9875.25, totalCash: 2500 },
    },
    aggregatedBalance: { currentLiquidationValue: 9875.25, liquidationValue: 9875.25 },
  },
];
const preference = {
  accounts: [
    { accountNumber: '12345678', nickName: 'Individual', displayAcctId: '...678', primaryAccount: true },
    { accountNumber: '87654321', nickName: 'Cash Trading', displayAcctId: '...321', primaryAccount: false },
  ],
  streamerInfo: [{ schwabClientCustomerId: 'CUST-1' }],
};

describe('Schwab accounts', () => {
  it('joins balances to hashes and names on the account number, mapping MARGIN and CASH funds', () => {
    expect(mapAccounts(numbers, accounts, preference)).toEqual([
      {
        accountNumber: '12345678',
        accountHash: 'HASH-MARGIN',
        accountName: 'Individual',
        currentBalance: 53120.4,
        availableFundsForTrading: 10531.7,
      },
      {
        accountNumber: '87654321',
        accountHash: 'HASH-CASH',
        accountName: 'Cash Trading',
        currentBalance: 9875.25,
        availableFundsForTrading: 2350,
      },
    ]);
  });

  it('falls back to the aggregated value, a type-based name, and drops an account without a hash', () => {
    const bare = [
      {
        securitiesAccount: { type: 'MARGIN', accountNumber: '12345678' },
        aggregatedBalance: { currentLiquidationValue: 100 },
      },
      { securitiesAccount: { type: 'CASH', accountNumber: '99999999', currentBalances: {} } },
    ];
    expect(mapAccounts(numbers, bare, {})).toEqual([
      {
        accountNumber: '12345678',
        accountHash: 'HASH-MARGIN',
        accountName: 'Margin 678',
        currentBalance: 100,
        availableFundsForTrading: 0,
      },
    ]);
  });
});

describe('Schwab candles', () => {
  it('dates bars stamped at midnight Central by their Central day, oldest first', () => {
    const candles = mapCandles({
      symbol: '$SPX',
      empty: false,
      candles: [
        { close: 5810, datetime: Date.parse('2026-01-06T06:00:00Z') }, // winter: CST
        { close: 5800, datetime: Date.parse('2026-01-05T06:00:00Z') },
        { close: 5900, datetime: Date.parse('2026-07-06T05:00:00Z') }, // summer: CDT
      ],
    });
    expect(candles).toEqual([
      { date: '2026-01-05', close: 5800 },
      { date: '2026-01-06', close: 5810 },
      { date: '2026-07-06', close: 5900 },
    ]);
  });

  it('reads an empty answer as no candles', () => {
    expect(mapCandles({ symbol: 'X', empty: true, candles: [] })).toEqual([]);
  });
});

describe('Schwab tokens', () => {
  const issuedAt = new Date('2026-11-20T15:00:00Z');
  const reply = { access_token: 'AT-1', refresh_token: 'RT-1', expires_in: 1800, token_type: 'Bearer' };

  it('sets the access expiry from expires_in and the sign-in expiry 7 days out', () => {
    expect(tokensFromReply(reply, issuedAt)).toEqual({
      accessToken: 'AT-1',
      refreshToken: 'RT-1',
      accessExpiresAt: '2026-11-20T15:30:00.000Z',
      refreshExpiresAt: new Date(issuedAt.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
    });
  });

  it('keeps the first sign-in expiry through refreshes: refreshing does not extend it', () => {
    const first = tokensFromReply(reply, issuedAt);
    const later = new Date('2026-11-23T09:00:00Z');
    const renewed = tokensFromReply({ access_token: 'AT-2', expires_in: 1800 }, later, first);
    expect(renewed).toMatchObject({
      accessToken: 'AT-2',
      refreshToken: 'RT-1',
      refreshExpiresAt: first.refreshExpiresAt,
    });
  });

  it('refuses a reply without an access token', () => {
    expect(() => tokensFromReply({ expires_in: 1800 } as never, issuedAt)).toThrow(/access_token/);
  });
});

describe('Schwab identity', () => {
  it('is the customer id, shown by the primary account', () => {
    expect(identityOf(preference, numbers)).toEqual({ brokerUserId: 'CUST-1', displayName: 'Schwab ...678' });
  });

  it('falls back to the sorted account numbers, the same whatever their order', () => {
    const a = identityOf({ accounts: preference.accounts }, numbers);
    const b = identityOf({ accounts: preference.accounts }, [...numbers].reverse());
    expect(a.brokerUserId).toBe('accounts:12345678,87654321');
    expect(b.brokerUserId).toBe(a.brokerUserId);
  });
});

describe('Schwab transactions', () => {
  // A sale as Schwab sent one: the real time in `time`, a midnight placeholder in `tradeDate`.
  const sale = {
    activityId: 468374,
    time: '2026-03-06T15:24:20+0000',
    tradeDate: '2026-03-06T05:00:00+0000',
    type: 'TRADE',
    status: 'VALID',
    transferItems: [
      {
        instrument: { assetType: 'CURRENCY', symbol: 'CURRENCY_USD' },
        amount: 0.02,
        cost: -0.02,
        feeType: 'SEC_FEE',
      },
      {
        instrument: { assetType: 'CURRENCY', symbol: 'CURRENCY_USD' },
        amount: 0.01,
        cost: -0.01,
        feeType: 'TAF_FEE',
      },
      { instrument: { symbol: 'GDX', assetType: 'EQUITY' }, amount: -15, cost: 1530.15, price: 102.01 },
    ],
  };

  it('takes the time of the fill, not the trade date, and sums the fees without float dust', () => {
    expect(mapTransaction(sale, 'H')).toEqual({
      accountHash: 'H',
      brokerExecutionId: '468374',
      symbol: 'GDX',
      side: 'Sell',
      quantity: 15,
      price: 102.01,
      fees: 0.03,
      executedAt: '2026-03-06T15:24:20.000Z',
      positionEffect: null,
    });
  });

  it('derives a missing price from the cost', () => {
    const [a, b, leg] = sale.transferItems;
    const noPrice = { ...sale, transferItems: [a, b, { ...leg, price: undefined }] };
    expect(mapTransaction(noPrice as never, 'H')?.price).toBe(102.01);
  });

  it('reads nothing from a transaction without an id, not valid, not a trade or with two security legs', () => {
    const [, , leg] = sale.transferItems;
    expect(mapTransaction({ ...sale, activityId: undefined }, 'H')).toBeNull();
    expect(mapTransaction({ ...sale, status: 'CANCELED' }, 'H')).toBeNull();
    expect(mapTransaction({ ...sale, type: 'RECEIVE_AND_DELIVER' }, 'H')).toBeNull();
    expect(mapTransaction({ ...sale, transferItems: [leg, leg] } as never, 'H')).toBeNull();
    expect(mapTransaction({ ...sale, time: 'yesterday', tradeDate: undefined }, 'H')).toBeNull();
  });
});

describe('Schwab splits and transfers (RECEIVE_AND_DELIVER)', () => {
  const since = new Date('2026-01-01T00:00:00Z');
  const now = new Date('2026-12-31T00:00:00Z');
  const map = (transactions: unknown[]) => mapTransactions(transactions, 'H', since, now);
  const at = '2026-06-10T08:00:00.000Z';
  const split = (id: string, symbol: string, side: 'Buy' | 'Sell', quantity: number, executedAt = at) => ({
    accountHash: 'H',
    brokerExecutionId: id,
    kind: 'split',
    symbol,
    side,
    quantity,
    price: 0,
    fees: 0,
    executedAt,
    positionEffect: null,
  });

  it('reads a forward split as the shares it delivered and a reverse split as the shares it took away', () => {
    expect(map([schwabStockSplit(7, at, 'nvda', 900), schwabReverseSplit(8, at, 'TNXP', [100, 1])])).toEqual({
      skipped: 0,
      skippedReasons: {},
      executions: [split('7', 'NVDA', 'Buy', 900), split('8', 'TNXP', 'Sell', 99)],
    });
  });

  it('pairs a reverse split booked as two transactions in one minute, known by its first', () => {
    const removed = schwabReceiveAndDeliver({
      activityId: 21,
      time: at,
      description: 'TONIX PHARMA HLDGS XXXREVERSE SPLIT EFF: 06/10/24',
      legs: [{ symbol: '890260854', amount: -100 }],
    });
    const delivered = schwabReceiveAndDeliver({
      activityId: 22,
      time: '2026-06-10T08:00:40.000Z',
      description: 'TONIX PHARMA HLDGS REVERSE SPLIT',
      legs: [{ symbol: 'TNXP', amount: 4 }],
    });
    expect(map([delivered, removed]).executions).toEqual([split('21', 'TNXP', 'Sell', 96)]);
    // Both legs under the ticker, with no description: a removal and a delivery of one security.
    const sameSymbol = schwabReceiveAndDeliver({
      activityId: 23,
      time: at,
      description: '',
      legs: [
        { symbol: 'RVSN', amount: -100 },
        { symbol: 'RVSN', amount: 10 },
      ],
    });
    expect(map([sameSymbol]).executions).toEqual([split('23', 'RVSN', 'Sell', 90)]);
  });

  it('cannot place an old CUSIP when two tickers split in the same minute, and says so', () => {
    const page = map([
      schwabStockSplit(31, at, 'AAA', 100),
      schwabStockSplit(32, at, 'BBB', 50),
      schwabReceiveAndDeliver({
        activityId: 33,
        time: at,
        description: 'REVERSE SPLIT',
        legs: [{ symbol: '12345A105', amount: -10 }],
      }),
    ]);
    expect(page.executions.map((e) => [e.symbol, e.side, e.quantity])).toEqual([
      ['AAA', 'Buy', 100],
      ['BBB', 'Buy', 50],
    ]);
    expect(page.skippedReasons).toEqual({ corporateAction: 1 });
  });

  it('reads a transfer in at the cost Schwab reports, and a transfer out', () => {
    expect(
      map([schwabTransfer(41, at, 'XYZ', 50, 600), schwabTransfer(42, at, 'XYZ', -20)]).executions,
    ).toEqual([
      {
        accountHash: 'H',
        brokerExecutionId: '41',
        kind: 'transfer',
        symbol: 'XYZ',
        side: 'Buy',
        quantity: 50,
        price: 12,
        fees: 0,
        executedAt: at,
        positionEffect: null,
      },
      {
        accountHash: 'H',
        brokerExecutionId: '42',
        kind: 'transfer',
        symbol: 'XYZ',
        side: 'Sell',
        quantity: 20,
        price: 0,
        fees: 0,
        executedAt: at,
        positionEffect: null,
      },
    ]);
    // Without a price, the cost per share is the cost over the shares.
    const noPrice = schwabTransfer(43, at, 'XYZ', 40, 500);
    const [leg] = noPrice.transferItems;
    const fromCost = { ...noPrice, transferItems: [{ ...leg, price: undefined }] };
    expect(map([fromCost]).executions[0]?.price).toBe(12.5);
  });

  it('counts what it cannot read, with why: mergers, cash, missing fields; reads an option removed', () => {
    const expiration = {
      ...schwabReceiveAndDeliver({ activityId: 51, time: at, description: 'REMOVAL OF OPTION', legs: [] }),
      transferItems: [{ instrument: option('AAPL'), amount: 1, cost: 0, positionEffect: 'CLOSING' }],
    };
    const merger = schwabReceiveAndDeliver({
      activityId: 52,
      time: at,
      description: 'MANDATORY MERGER',
      legs: [
        { symbol: 'OLDCO', amount: -100 },
        { symbol: 'NEWCO', amount: 50 },
      ],
    });
    const cash = schwabReceiveAndDeliver({ activityId: 53, time: at, description: 'CASH IN LIEU', legs: [] });
    const noAmount = schwabTransfer(54, at, 'XYZ', 0);
    const noTime = { ...schwabTransfer(55, at, 'XYZ', 5), time: undefined, tradeDate: undefined };
    const dividend = { ...schwabTransfer(56, at, 'XYZ', 5), type: 'DIVIDEND_OR_INTEREST' };
    const page = map([expiration, merger, cash, noAmount, noTime, dividend]);
    // The option removed closes its contract at 0 (docs/product.md, "Options").
    expect(page.executions.map((e) => [e.brokerExecutionId, e.kind, e.price])).toEqual([['51', 'expiry', 0]]);
    expect(page.skipped).toBe(5);
    expect(page.skippedReasons).toEqual({ notStockOrEtf: 1, corporateAction: 1, unreadable: 3 });
  });

  it('orders adjustments among the fills by time, then by the broker sequence', () => {
    const page = map([
      schwabTrade({ activityId: 62, time: at, symbol: 'NVDA', amount: -10, price: 120 }),
      schwabStockSplit(61, at, 'NVDA', 90),
      schwabTrade({ activityId: 60, time: '2026-06-09T15:00:00Z', symbol: 'NVDA', amount: 10, price: 1200 }),
    ]);
    expect(page.executions.map((e) => [e.brokerExecutionId, e.kind ?? 'fill'])).toEqual([
      ['60', 'fill'],
      ['61', 'split'],
      ['62', 'fill'],
    ]);
  });
});

describe('Schwab fees', () => {
  it('keeps the fees to the precision Schwab gives them in: a fraction of a cent is not dropped', () => {
    const sale = schwabTrade({
      activityId: 71,
      time: '2026-03-06T15:24:20Z',
      symbol: 'ABCD',
      amount: -10,
      price: 150,
      fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0.01), fee('TAF_FEE', 0.00119)],
    });
    expect(mapTransaction(sale, 'H')?.fees).toBe(0.66119);
  });
});
