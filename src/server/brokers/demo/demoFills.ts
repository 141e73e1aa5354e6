import type { BrokerAccount, BrokerExecution } from '../broker.ts';
import { demoDailyCandles, generator, hashText } from './demoCandles.ts';

/** How far back a paper account's history of fills reaches. */
export const DEMO_FILLS_DAYS = 120;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const WINDOW_MS = DEMO_FILLS_DAYS * DAY_MS;
// The schedule counts weekdays from Monday 2019-12-30, the week the demo's price history starts:
// a weekday number names the same calendar day whenever it is asked, so fills never move.
const FIRST_MONDAY = Date.UTC(2019, 11, 30);
// 14:30–19:59 UTC lies inside the regular session both in winter (14:30–21:00) and summer (13:30–20:00).
const SESSION_OPEN_MINUTE = 14 * 60 + 30;
const SESSION_MINUTES = 330;

interface FillProfile {
  symbols: readonly string[];
  /** Cash accounts and IRAs cannot sell short. */
  shorts: boolean;
}

const PROFILES: Record<string, FillProfile> = {
  'demo-alex-7352-margin': {
    symbols: ['AAPL', 'MSFT', 'NVDA', 'AMD', 'TSLA', 'META', 'AMZN', 'GOOGL'],
    shorts: true,
  },
  'demo-alex-9914-cash': { symbols: ['SPY', 'QQQ', 'AAPL', 'MSFT', 'NVDA', 'COST'], shorts: false },
  'demo-sam-1234-individual': { symbols: ['NVDA', 'AMD', 'TSLA', 'META', 'AAPL', 'NFLX'], shorts: true },
  'demo-sam-9876-ira': { symbols: ['SPY', 'QQQ', 'MSFT', 'AAPL', 'GOOGL', 'JPM'], shorts: false },
};
const DEFAULT_PROFILE: FillProfile = { symbols: ['SPY', 'AAPL', 'MSFT', 'NVDA', 'AMD'], shorts: false };

const weekdayStart = (weekday: number) =>
  FIRST_MONDAY + (Math.floor(weekday / 5) * 7 + (weekday % 5)) * DAY_MS;
const isoDate = (weekday: number) => new Date(weekdayStart(weekday)).toISOString().slice(0, 10);

interface Leg {
  weekday: number;
  effect: 'Open' | 'Close';
}

interface Round {
  symbol: string;
  short: boolean;
  legs: Leg[];
  /** Share of the account's balance the whole position is worth at entry. */
  size: number;
  /** How far from the entry the protective stop is placed, as a share of the entry price. */
  stopDistance: number;
}

/**
 * The account's round trips from 2020 on. Trade k+1 opens before trade k closes, so some trade is
 * always open; trades k and k+2 never overlap (the tail of a trade, 1–5 weekdays, is shorter than
 * the gap, 6–9), so neighbours on different symbols are enough for one trade per symbol at a time.
 */
function* rounds(accountHash: string, profile: FillProfile): Generator<Round> {
  let start = hashText(accountHash) % 5;
  let previous = '';
  for (let k = 0; ; k++) {
    const random = generator(hashText(`${accountHash}|${start}`));
    const gap = 6 + Math.floor(random() * 4);
    const length = gap + 1 + Math.floor(random() * 5);
    const candidates = profile.symbols.filter((s) => s !== previous);
    const symbol = candidates[Math.floor(random() * candidates.length)] as string;
    const scaleIn = random() < 0.4;
    const scaleInDay = 1 + Math.floor(random() * Math.floor(length / 3));
    const partialExit = random() < 0.5;
    const half = Math.ceil(length / 2);
    const partialDay = half + Math.floor(random() * (length - half));
    const size = 0.08 + random() * 0.12;
    // Drawn last, so the fills themselves are the same as before stops were reported.
    const stopDistance = 0.03 + random() * 0.05;
    const legs: Leg[] = [{ weekday: start, effect: 'Open' }];
    if (scaleIn) legs.push({ weekday: start + scaleInDay, effect: 'Open' });
    if (partialExit) legs.push({ weekday: start + partialDay, effect: 'Close' });
    legs.push({ weekday: start + length, effect: 'Close' });
    // Every seventh trade of a margin account is a short: one or two in any 120 days.
    yield { symbol, short: profile.shorts && k % 7 === 3, legs, size, stopDistance };
    previous = symbol;
    start += gap;
  }
}

/** Whole shares, in round fives once a position is large enough for a trader to think that way. */
const shares = (value: number, price: number) => {
  const raw = Math.max(1, Math.floor(value / price));
  return raw >= 20 ? Math.floor(raw / 5) * 5 : raw;
};

/**
 * A paper account's fills over the last 120 days up to `now`, oldest first, priced at the demo's
 * daily closes. A fill's id, time, price and size depend only on the account and its day, never
 * on `now`: a later import finds the same fills and only the new ones are new. Only whole round
 * trips that open inside the window are included, so no closing fill ever lacks its opening.
 */
export function demoFills(account: BrokerAccount, now: Date): BrokerExecution[] {
  const profile = PROFILES[account.accountHash] ?? DEFAULT_PROFILE;
  const windowStart = now.getTime() - WINDOW_MS;
  const closes = new Map<string, Map<string, number>>();
  const closeOf = (symbol: string, day: string) => {
    let bySymbol = closes.get(symbol);
    if (!bySymbol) {
      bySymbol = new Map(demoDailyCandles(symbol, now, DEMO_FILLS_DAYS).map((c) => [c.date, c.close]));
      closes.set(symbol, bySymbol);
    }
    return bySymbol.get(day);
  };

  const fills: BrokerExecution[] = [];
  for (const round of rounds(account.accountHash, profile)) {
    const first = round.legs[0] as Leg;
    if (weekdayStart(first.weekday) > now.getTime()) break;
    const timed = round.legs.map((leg) => ({
      ...leg,
      ...fillDetails(account.accountHash, round.symbol, leg),
    }));
    if ((timed[0]?.executedAt ?? 0) < windowStart) continue;

    const entryPrice = closeOf(round.symbol, isoDate(first.weekday)) as number;
    const total = shares(account.currentBalance * round.size, entryPrice);
    const opens = timed.filter((l) => l.effect === 'Open').length;
    const firstOpen = opens > 1 && total > 1 ? Math.ceil(total * 0.6) : total;
    const partial = Math.floor(total / 2);
    let open = 0;
    for (const [i, leg] of timed.entries()) {
      if (leg.executedAt > now.getTime()) break;
      const isLast = i === timed.length - 1;
      let quantity: number;
      if (leg.effect === 'Open') quantity = open === 0 ? firstOpen : total - firstOpen;
      else quantity = isLast ? open : partial;
      if (quantity <= 0) continue;
      open += leg.effect === 'Open' ? quantity : -quantity;
      const buys = (leg.effect === 'Open') !== round.short;
      const day = isoDate(leg.weekday);
      fills.push({
        accountHash: account.accountHash,
        brokerExecutionId: `demo-${round.symbol}-${day.replaceAll('-', '')}-${buys ? 'B' : 'S'}`,
        symbol: round.symbol,
        side: buys ? 'Buy' : 'Sell',
        quantity,
        price: closeOf(round.symbol, day) as number,
        fees: buys ? leg.buyFee : leg.sellFee,
        executedAt: new Date(leg.executedAt).toISOString(),
        positionEffect: leg.effect,
        // The paper trader places a stop order with every entry, so each demo trade has an R.
        protectiveStop: i === 0 ? protectiveStopOf(entryPrice, round) : null,
      });
    }
  }
  return fills.sort((a, b) => a.executedAt.localeCompare(b.executedAt));
}

/** The stop order placed with a round's first fill: below a long's entry, above a short's, to the cent. */
function protectiveStopOf(entryPrice: number, round: Round): number {
  const factor = round.short ? 1 + round.stopDistance : 1 - round.stopDistance;
  return Math.round(entryPrice * factor * 100) / 100;
}

/** Time of day and fees of one fill, seeded by its account, symbol and day. */
function fillDetails(accountHash: string, symbol: string, leg: Leg) {
  const random = generator(hashText(`${accountHash}|${symbol}|${leg.weekday}`));
  const minute = SESSION_OPEN_MINUTE + Math.floor(random() * SESSION_MINUTES);
  const second = Math.floor(random() * 60);
  const cents = () => Math.round(random() * 100) / 100;
  // Buys are often free; sells always carry the regulatory fees.
  const buyFee = random() < 0.5 ? 0 : cents();
  const sellFee = Math.max(0.01, cents());
  return { executedAt: weekdayStart(leg.weekday) + minute * MINUTE_MS + second * 1000, buyFee, sellFee };
}
