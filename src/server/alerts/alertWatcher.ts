import {
  type AlertPayload,
  alertPayload,
  alertsDue,
  plansAtEntry,
  type WatchedPlan,
} from '../../domain/alerts.ts';
import { QUOTE_FRESH_SECONDS, QUOTE_SYMBOLS_MAX } from '../../domain/constants.ts';
import { isMarketOpen, lastSessionDate } from '../../domain/marketHours.ts';
import type { Quote } from '../../domain/quotes.ts';
import { atMost } from '../atMost.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import { everyGuardReached } from '../orders/orderGate.ts';
import { activePlansOf } from '../plans/planQueries.ts';
import { tradesOf } from '../trades/tradeBook.ts';
import type { AlertRepository, StoredSubscription } from './alertRepository.ts';
import type { PushSender } from './pushSender.ts';

/** Traders watched at once in a tick: one slow trader (or push service) holds one place, not the tick. */
const TRADERS_AT_ONCE = 8;
/** One trader's pushes in flight at once (their devices × their alerts). */
const PUSHES_AT_ONCE = 4;

export interface AlertWatcher {
  /** One look at every subscribed trader's plans; resolves when each trader's pushes are done. */
  tick(): Promise<TickFigures>;
  /** Stops the interval and waits for the tick in flight. */
  stop(): Promise<void>;
}

export interface TickFigures {
  traders: number;
  /** Broker quote calls are the cache's (brokers/quoteCache.ts); these are the watcher's asks of it. */
  quoteAsks: number;
  alerts: number;
  pushes: number;
}

/**
 * The server's alert watcher (docs/product.md, "Alerts"): during the session, every 15 s, each
 * trader with a subscribed device has their Ready plans' entries and their planned open trades'
 * stops and targets checked against the shared quote cache, asked in the trader's own broker
 * share. A due alert is recorded first (its crossing key unique): the process that recorded it
 * sends it to the trader's devices, so several processes send it once and a restart not again.
 */
export function startAlertWatcher(deps: {
  db: Database;
  repository: AlertRepository;
  brokerAccess: BrokerAccess;
  push: PushSender;
  now: () => Date;
  /** How often it looks; tests give a long one and call `tick`. */
  everyMs?: number;
}): AlertWatcher {
  const { db, repository, brokerAccess, push, now } = deps;
  // A trader still being handled (slow pushes) is skipped by the next tick, never queued twice.
  const busy = new Set<string>();

  async function pricesOf(userId: string, symbols: string[], figures: TickFigures) {
    const quotes = new Map<string, Quote>();
    for (let i = 0; i < symbols.length; i += QUOTE_SYMBOLS_MAX) {
      figures.quoteAsks++;
      const answer = await brokerAccess.quotes(userId, symbols.slice(i, i + QUOTE_SYMBOLS_MAX));
      // Last prices kept while the broker is down are not news: no alert on them.
      if (answer.stale) return undefined;
      for (const q of answer.quotes) quotes.set(q.symbol, q);
    }
    return quotes;
  }

  async function sendAll(
    subscriptions: StoredSubscription[],
    payloads: AlertPayload[],
    figures: TickFigures,
  ) {
    const pushes = payloads.flatMap((payload) =>
      subscriptions.map((subscription) => ({ subscription, payload })),
    );
    const gone = new Set<string>();
    await atMost(PUSHES_AT_ONCE, pushes, async ({ subscription, payload }) => {
      if (gone.has(subscription.id)) return;
      figures.pushes++;
      if ((await push.send(subscription, payload)) === 'gone') {
        gone.add(subscription.id);
        await repository.forget(subscription.id);
      }
    });
  }

  async function watch(userId: string, sessionDate: string, figures: TickFigures): Promise<void> {
    const [active, trades] = await Promise.all([activePlansOf(db, userId), tradesOf(db, userId, [])]);
    const open = trades.filter((t) => t.closedAt === null && t.planId !== null);
    const known = new Set(active.map((p) => p.id));
    const linked = [...new Set(open.map((t) => t.planId as string))].filter((id) => !known.has(id));
    const plans: WatchedPlan[] = [...active, ...(await repository.plansById(userId, linked))];
    const symbols = [
      ...new Set([
        ...plans.filter((p) => p.status === 'Ready' && p.doneAt === null).map((p) => p.stock),
        ...open.map((t) => t.symbol),
      ]),
    ];
    if (symbols.length === 0) return;
    const quotes = await pricesOf(userId, symbols, figures);
    if (quotes === undefined) return;
    let due = alertsDue(plans, open, quotes, sessionDate);
    // Entries no account may take are not news (docs/product.md, "Orders": the risk guard); stops
    // and targets of open trades still are. A muted entry is not recorded: it alerts if a guard lifts.
    if (
      due.some((a) => a.kind === 'entry') &&
      (await everyGuardReached(db, userId, trades, () => brokerAccess.accounts(userId), now()))
    ) {
      due = due.filter((a) => a.kind !== 'entry');
    }
    if (due.length === 0) return;
    const claimed = await repository.claim(userId, due);
    if (claimed.length === 0) return;
    figures.alerts += claimed.length;
    const at = now();
    const badge = plansAtEntry(plans, open, quotes);
    await sendAll(
      await repository.subscriptionsOf(userId),
      claimed.map((alert) => alertPayload(alert, at, badge)),
      figures,
    );
  }

  async function tick(): Promise<TickFigures> {
    const figures: TickFigures = { traders: 0, quoteAsks: 0, alerts: 0, pushes: 0 };
    const at = now();
    if (!isMarketOpen(at)) return figures;
    const sessionDate = lastSessionDate(at);
    const traders = (await repository.subscribedTraders()).filter((id) => !busy.has(id));
    figures.traders = traders.length;
    await atMost(TRADERS_AT_ONCE, traders, async (userId) => {
      busy.add(userId);
      try {
        await watch(userId, sessionDate, figures);
      } catch (error) {
        // The broker's refusal (the trader's share used, not answering) or a signed-out trader:
        // this trader is looked at again next tick; the others go on.
        console.warn(`Alerts of one trader skipped this time (${(error as Error).message})`);
      } finally {
        busy.delete(userId);
      }
    });
    return figures;
  }

  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const timer = setInterval(
    () => {
      if (stopped) return;
      const ticking = tick().catch((error) => console.error('Alert watcher tick failed', error));
      inFlight.add(ticking);
      void ticking.finally(() => inFlight.delete(ticking));
    },
    deps.everyMs ?? QUOTE_FRESH_SECONDS * 1000,
  );
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
