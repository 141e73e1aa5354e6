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

/**
 * Schwab books splits and transfers of shares as RECEIVE_AND_DELIVER transactions (it has no type
 * of its own for corporate actions): the security legs moved, at no cost for a split, no fees, no
 * order. Modelled on what Schwab's client libraries document (the type, `description`, the
 * transfer items' instrument, amount, cost and price; schwab-py, @sudowealth/schwab-api) and on
 * what their users report: a split delivers the new shares, a reverse split removes the old ones
 * under the old CUSIP and delivers the new, and the description names the split. The exact
 * descriptions and whether a reverse split is one transaction or two are not documented: both
 * shapes are answered here.
 */
export interface ReceiveAndDeliverFixture {
  activityId: number;
  time: Date | string;
  description: string;
  legs: { symbol: string; amount: number; cost?: number; cusip?: string }[];
}

export function schwabReceiveAndDeliver(t: ReceiveAndDeliverFixture) {
  return {
    activityId: t.activityId,
    time: schwabTime(t.time),
    description: t.description,
    accountNumber: '12345678',
    type: 'RECEIVE_AND_DELIVER',
    status: 'VALID',
    subAccount: 'CASH',
    tradeDate: schwabTime(t.time),
    positionId: t.activityId + 7,
    netAmount: 0,
    transferItems: t.legs.map((leg) => ({
      instrument: {
        assetType: 'EQUITY',
        status: 'ACTIVE',
        symbol: leg.symbol,
        cusip: leg.cusip ?? (/^\d/.test(leg.symbol) ? leg.symbol : '123456789'),
        instrumentId: 1_806_651,
        type: 'COMMON_STOCK',
      },
      amount: leg.amount,
      cost: leg.cost ?? 0,
      ...(leg.cost ? { price: Math.abs(leg.cost / leg.amount) } : {}),
    })),
  };
}

/** A forward split: the extra shares delivered (a 2-for-1 split of 100 shares delivers 100). */
export const schwabStockSplit = (activityId: number, time: Date | string, symbol: string, added: number) =>
  schwabReceiveAndDeliver({
    activityId,
    time,
    description: `${symbol} STOCK SPLIT`,
    legs: [{ symbol, amount: added }],
  });

/**
 * A reverse split in one transaction: the old shares removed under the old CUSIP, the new ones
 * delivered under the ticker.
 */
export const schwabReverseSplit = (
  activityId: number,
  time: Date | string,
  symbol: string,
  [oldShares, newShares]: [number, number],
  oldCusip = '890260854',
) =>
  schwabReceiveAndDeliver({
    activityId,
    time,
    description: `${symbol} REVERSE SPLIT`,
    legs: [
      { symbol: oldCusip, amount: -oldShares },
      { symbol, amount: newShares },
    ],
  });

/** Shares transferred in (positive) or out: one leg, at the cost basis Schwab reports, if any. */
export const schwabTransfer = (
  activityId: number,
  time: Date | string,
  symbol: string,
  amount: number,
  cost?: number,
) =>
  schwabReceiveAndDeliver({
    activityId,
    time,
    description: amount > 0 ? 'TRANSFER OF SECURITY OR OPTION IN' : 'TRANSFER OF SECURITY OR OPTION OUT',
    legs: [{ symbol, amount, ...(cost === undefined ? {} : { cost: amount > 0 ? -cost : cost }) }],
  });
