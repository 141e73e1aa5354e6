/**
 * Schwab TRADE transactions as its transactions call answers them (field names as Schwab sends
 * them; values invented): fee items in US dollars, then the security leg.
 */

const USD = {
  assetType: 'CURRENCY',
  status: 'ACTIVE',
  symbol: 'CURRENCY_USD',
  description: 'USD currency',
  instrumentId: 1,
  closingPrice: 0,
};

/** Schwab writes times with a +0000 offset and no milliseconds. */
export const schwabTime = (at: Date | string) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');

export const fee = (feeType: string, dollars: number) => ({
  instrument: USD,
  amount: dollars,
  cost: -dollars,
  feeType,
});

export interface TradeFixture {
  activityId: number;
  time: Date | string;
  symbol: string;
  /** Shares: positive bought, negative sold. */
  amount: number;
  price: number;
  positionEffect?: 'OPENING' | 'CLOSING' | 'AUTOMATIC';
  fees?: ReturnType<typeof fee>[];
  instrument?: Record<string, unknown>;
}

export function schwabTrade(t: TradeFixture) {
  const cost = Math.round(-t.amount * t.price * 100) / 100;
  const fees = t.fees ?? [fee('COMMISSION', 0), fee('SEC_FEE', 0), fee('TAF_FEE', 0)];
  return {
    activityId: t.activityId,
    time: schwabTime(t.time),
    accountNumber: '12345678',
    type: 'TRADE',
    status: 'VALID',
    subAccount: 'MARGIN',
    tradeDate: schwabTime(t.time),
    positionId: t.activityId + 7,
    orderId: 1_000_000_000_000 + t.activityId,
    netAmount: cost + fees.reduce((sum, f) => sum + f.cost, 0),
    transferItems: [
      ...fees,
      {
        instrument: t.instrument ?? {
          assetType: 'EQUITY',
          status: 'ACTIVE',
          symbol: t.symbol,
          instrumentId: 1_806_651,
          closingPrice: t.price,
          type: 'COMMON_STOCK',
        },
        amount: t.amount,
        cost,
        price: t.price,
        positionEffect: t.positionEffect ?? (t.amount > 0 ? 'OPENING' : 'CLOSING'),
      },
    ],
  };
}

export const etf = (symbol: string) => ({
  assetType: 'COLLECTIVE_INVESTMENT',
  status: 'ACTIVE',
  symbol,
  instrumentId: 1_772_540,
  type: 'EXCHANGE_TRADED_FUND',
});

export const option = (symbol: string) => ({
  assetType: 'OPTION',
  status: 'ACTIVE',
  symbol: `${symbol.padEnd(6)}261218C00250000`,
  underlyingSymbol: symbol,
  putCall: 'CALL',
  strikePrice: 250,
  expirationDate: '2026-12-18T05:00:00+0000',
  optionPremiumMultiplier: 100,
  type: 'VANILLA',
});
