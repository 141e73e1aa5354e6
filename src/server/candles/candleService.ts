import {
  addDays,
  type CandleAnswer,
  type CandleWindow,
  daysBetween,
  earliestCandleDay,
  isDay,
  newYorkDay,
  weekdaysBetween,
} from '../../domain/candles.ts';
import { CANDLE_DAYS_MAX, CANDLE_TODAY_FRESH_SECONDS } from '../../domain/constants.ts';
import { newYorkTime } from '../../domain/marketHours.ts';
import { messages } from '../../domain/messages.ts';
import type { FieldError } from '../../domain/types.ts';
import { isStock, normalizeStock } from '../../domain/validation.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import { invalid, limited } from '../refusals.ts';
import type { OwnSymbols } from '../trades/ownSymbols.ts';
import { giveBackWeekdays, takeWeekdays } from './candleBudget.ts';
import type { CandleRepository } from './candleRepository.ts';

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

/** Seconds from `at` to the next midnight in New York, when a trader's budget starts again. */
const secondsToNewYorkMidnight = (at: Date): number =>
  Math.max(1, (24 * 60 - newYorkTime(at).minute) * 60 - at.getUTCSeconds());

const inSpans = (spans: readonly CandleWindow[], day: string) =>
  spans.some((s) => s.from <= day && day <= s.to);

/**
 * Daily candles of the trader's own stocks (docs/product.md, "Candles"), shared by every trader:
 * the sessions are stored per symbol and day, and the days answered for good as spans, so only
 * the weekdays not held are asked of the broker, counted in the asking trader's share and day's
 * budget. A day asked after it ended is final; today's (or one asked while it was today) is asked
 * again once CANDLE_TODAY_FRESH_SECONDS old. Asks for one symbol take turns in this process, so
 * traders asking at once share one broker call.
 */
export function createCandleService(
  db: Database,
  repository: CandleRepository,
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

  async function load(userId: string, { symbol, from, to }: CandleQuery, today: string): Promise<void> {
    const spans = await repository.heldSpans(symbol, from, to);
    const at = now();
    const fresh = new Set(
      (await repository.storedDays(symbol, from, to))
        .filter((d) => at.getTime() - d.fetchedAt.getTime() < CANDLE_TODAY_FRESH_SECONDS * 1000)
        .map((d) => d.candle.day),
    );
    const missing = weekdaysBetween(from, to).filter((d) => !inSpans(spans, d) && !fresh.has(d));
    const first = missing[0];
    const last = missing[missing.length - 1];
    if (first === undefined || last === undefined) return;
    if (!(await takeWeekdays(db, userId, today, missing.length)))
      throw limited(messages.candleBudgetUsed, secondsToNewYorkMidnight(at));
    let answer: Awaited<ReturnType<BrokerAccess['priceHistory']>>;
    try {
      answer = await brokerAccess.priceHistory(userId, symbol, first, last);
    } catch (error) {
      await giveBackWeekdays(db, userId, today, missing.length);
      throw error;
    }
    // Only the sessions the broker answered are rows, never a weekend; the weekdays before today
    // without one are known from the span, so they are not asked again.
    const asked = new Set(weekdaysBetween(first, last));
    const lastFinal = [addDays(today, -1), last].sort()[0] as string;
    await repository.saveAnswer(
      symbol,
      answer.filter((c) => asked.has(c.day)),
      first <= lastFinal ? { from: first, to: lastFinal } : null,
    );
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
      const stored = await repository.storedDays(query.symbol, query.from, to);
      return { ...answer, candles: stored.map((d) => d.candle) };
    },
  };
}

export type CandleService = ReturnType<typeof createCandleService>;
