import {
  type CandleAnswer,
  daysBetween,
  earliestCandleDay,
  isDay,
  newYorkDay,
  weekdaysBetween,
} from '../../domain/candles.ts';
import { CANDLE_DAYS_MAX, CANDLE_TODAY_FRESH_SECONDS } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import type { FieldError } from '../../domain/types.ts';
import { isStock, normalizeStock } from '../../domain/validation.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import { invalid } from '../refusals.ts';
import type { OwnSymbols } from '../trades/ownSymbols.ts';
import { type StoredDay, saveDays, storedDays } from './candleRepository.ts';

export interface CandleQuery {
  symbol: string;
  from: string;
  to: string;
}

/**
 * `symbol`, `from` and `to` as written in the address, every problem at once: `from` between
 * CANDLE_YEARS_BACK years before `today` and today, `to` not before it, at most CANDLE_DAYS_MAX
 * days (a `to` past today is answered up to today).
 */
export function parseCandleQuery(q: Record<string, string | undefined>, today: string): CandleQuery {
  const errors: FieldError[] = [];
  const symbol = normalizeStock(q.symbol ?? '');
  if (symbol === '') errors.push({ field: 'symbol', message: messages.candleSymbolRequired });
  else if (!isStock(symbol)) errors.push({ field: 'symbol', message: messages.stockInvalidCharacters });
  const from = q.from ?? '';
  const to = q.to ?? '';
  if (!isDay(from)) errors.push({ field: 'from', message: messages.candleDayInvalid });
  else if (from < earliestCandleDay(today))
    errors.push({ field: 'from', message: messages.candleDayTooEarly });
  else if (from > today) errors.push({ field: 'from', message: messages.candleDayAfterToday });
  if (!isDay(to)) errors.push({ field: 'to', message: messages.candleDayInvalid });
  if (errors.length === 0) {
    if (from > to) errors.push({ field: 'from', message: messages.candleRangeInvalid });
    else if (daysBetween(from, to) + 1 > CANDLE_DAYS_MAX)
      errors.push({ field: 'to', message: messages.candleRangeTooLong });
  }
  if (errors.length > 0) throw invalid(errors);
  return { symbol, from, to };
}

/**
 * Daily candles of the trader's own stocks (docs/product.md, "Candles"), shared by every trader: stored per
 * symbol and day, so only the days not held are asked of the broker, in the asking trader's share.
 * A day fetched on a later day than its own is final; today's (or one fetched while it was today)
 * is asked again once CANDLE_TODAY_FRESH_SECONDS old. Asks for one symbol take turns in this
 * process, so traders asking at once share one broker call.
 */
export function createCandleService(
  db: Database,
  ownSymbols: OwnSymbols,
  brokerAccess: BrokerAccess,
  now: () => Date,
) {
  const turns = new Map<string, Promise<unknown>>();

  /** Runs `work` after the symbol's earlier asks in this process. */
  function inTurn<T>(symbol: string, work: () => Promise<T>): Promise<T> {
    const before = turns.get(symbol) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    turns.set(symbol, settled);
    void settled.then(() => {
      if (turns.get(symbol) === settled) turns.delete(symbol);
    });
    return mine;
  }

  const isHeld = (stored: StoredDay | undefined, at: Date): boolean =>
    stored !== undefined &&
    (newYorkDay(stored.fetchedAt.toISOString()) > stored.day ||
      at.getTime() - stored.fetchedAt.getTime() < CANDLE_TODAY_FRESH_SECONDS * 1000);

  async function load(userId: string, { symbol, from, to }: CandleQuery, today: string): Promise<void> {
    const held = new Map((await storedDays(db, symbol, from, to)).map((d) => [d.day, d]));
    const at = now();
    const missing = weekdaysBetween(from, to).filter((d) => !isHeld(held.get(d), at));
    const first = missing[0];
    const last = missing[missing.length - 1];
    if (first === undefined || last === undefined) return;
    const answer = await brokerAccess.priceHistory(userId, symbol, first, last);
    const byDay = new Map(answer.map((c) => [c.day, c]));
    // A weekday before today with no candle had no session: held as none, never asked again.
    const days = weekdaysBetween(first, last)
      .filter((d) => byDay.has(d) || d < today)
      .map((d) => ({ day: d, candle: byDay.get(d) ?? null }));
    await saveDays(db, symbol, days, now());
  }

  return {
    /** New York's today on the server: the query is checked against it. */
    today: (): string => newYorkDay(now().toISOString()),

    async candles(userId: string, query: CandleQuery): Promise<CandleAnswer> {
      const own = await ownSymbols(userId, 'all');
      if (!own.has(query.symbol))
        throw invalid([{ field: 'symbol', message: messages.candleSymbolNotYours(query.symbol) }]);
      const today = newYorkDay(now().toISOString());
      // Never past today: later days have no candle yet (strings of one shape compare as days).
      const to = [query.to, today].sort()[0] as string;
      const answer = { symbol: query.symbol, from: query.from, to, today, candles: [] };
      if (query.from > to) return answer;
      const asked = { ...query, to };
      await inTurn(query.symbol, () => load(userId, asked, today));
      const stored = await storedDays(db, query.symbol, query.from, to);
      return { ...answer, candles: stored.flatMap((d) => d.candle ?? []) };
    },
  };
}

export type CandleService = ReturnType<typeof createCandleService>;
