// Each trader's fair share of one server (docs/product.md, "Fair sharing"): a rate of requests, one
// heavy call and one heavy read at a time. All are per process: several API processes on one
// PostgreSQL each give a trader this much.
import type { Context, MiddlewareHandler } from 'hono';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { limited } from '../refusals.ts';

/**
 * Requests a trader may make: a burst of TRADER_REQUEST_BURST at once, then TRADER_REQUESTS_PER_SECOND
 * (the defaults; TRADER_REQUESTS_PER_SECOND sets the rate, and the burst is six seconds of it). The
 * app makes a handful of requests for what a trader does, and an outbox of a day offline replays a
 * hundred changes in a few seconds; a script in a loop is slowed to this pace and cannot take the
 * database from the others.
 */
export const TRADER_REQUESTS_PER_SECOND = 20;
export const BURST_SECONDS = 6;
/** Traders remembered at most; beyond it those with a full bucket are forgotten (they lose nothing). */
const MAX_TRADERS = 10_000;

export interface TraderRequestLimiter {
  /** Counts a request of the trader: undefined when allowed, else the seconds until one is. */
  take(userId: string): number | undefined;
}

/**
 * A token bucket per trader on a monotonic clock (`clockMs`, performance.now by default): not the
 * app's `now`, which tests pin, and which a wall clock set back would turn into a long refusal.
 */
export function createTraderRequestLimiter({
  perSecond = TRADER_REQUESTS_PER_SECOND,
  burst = perSecond * BURST_SECONDS,
  clockMs = () => performance.now(),
  maxTraders = MAX_TRADERS,
}: {
  perSecond?: number;
  burst?: number;
  clockMs?: () => number;
  maxTraders?: number;
} = {}): TraderRequestLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (b: { tokens: number; at: number }, at: number) =>
    Math.min(burst, b.tokens + ((at - b.at) / 1000) * perSecond);

  return {
    take(userId) {
      const at = clockMs();
      const bucket = buckets.get(userId) ?? { tokens: burst, at };
      const tokens = refilled(bucket, at);
      if (tokens < 1) {
        buckets.set(userId, { tokens, at });
        return Math.max(1, Math.ceil((1 - tokens) / perSecond));
      }
      buckets.set(userId, { tokens: tokens - 1, at });
      if (buckets.size > maxTraders) {
        for (const [id, b] of buckets) if (refilled(b, at) >= burst) buckets.delete(id);
      }
      return undefined;
    },
  };
}

/**
 * The calls that take one of a trader's heavy slots: each reads or writes a whole journal, asks the
 * broker for it, or reads a whole collection.
 */
export type HeavyKind = 'restore' | 'backup' | 'import' | 'statement import' | 'full sync' | 'read';

/** A trader's heavy calls take turns in two lanes, each with its own slots and queue. */
export type HeavyLane = 'journal' | 'reads';

const LANE_OF: Record<HeavyKind, HeavyLane> = {
  restore: 'journal',
  backup: 'journal',
  import: 'journal',
  'statement import': 'journal',
  'full sync': 'journal',
  read: 'reads',
};

/**
 * Per trader and lane: how many run at once, how many more wait their turn (any further one is
 * refused at once, 429, before a body is read), and the Retry-After of a refusal.
 * - journal: a restore, a backup download, an import (the broker's or a statement's), a full
 *   sync, one at a time.
 * - reads: a list of a whole collection, the statistics, candles (app.ts names them), one at a
 *   time: two at once of 10,000 plans doubled another trader's wait (docs/benchmarks.md,
 *   "2026-11-28, issue 39"). Eight in all let Review's three candle calls from each of two tabs,
 *   and a trade's chart, wait rather than fail (src/client/serverData/candles.ts).
 */
export const HEAVY_LANES: Record<HeavyLane, { running: number; waiting: number; retrySeconds: number }> = {
  journal: { running: 1, waiting: 2, retrySeconds: 5 },
  reads: { running: 1, waiting: 7, retrySeconds: 2 },
};
/** How long a heavy call waits its turn before it is refused (429): under the app's 30 s timeout. */
export const HEAVY_WAIT_MS = 15_000;

const BUSY: Record<HeavyLane, string> = {
  journal: messages.heavyCallBusy,
  reads: messages.heavyReadsBusy,
};

export interface HeavyCalls {
  /**
   * Runs `work` in one of the trader's slots of its kind's lane: at once when one is free, else
   * after the calls ahead (first come, first served), refused with 429 when too many wait or the
   * wait is too long. A call of a kind that shares its answer (an import joins the one running)
   * goes straight through while one of its kind runs.
   */
  run<T>(userId: string, kind: HeavyKind, work: () => Promise<T>): Promise<T>;
  /** The kinds of the trader's calls running in a lane, and how many wait (tests watch it). */
  stateOf(userId: string, lane: HeavyLane): { running: HeavyKind[]; waiting: number };
}

/** Kinds whose second call joins the first (trades/brokerImport.ts, `oneRunPerTrader`): no more work. */
const JOINS: ReadonlySet<HeavyKind> = new Set(['import']);

export function createHeavyCalls({
  lanes = HEAVY_LANES,
  waitMs = HEAVY_WAIT_MS,
}: {
  lanes?: Record<HeavyLane, { running: number; waiting: number; retrySeconds: number }>;
  waitMs?: number;
} = {}): HeavyCalls {
  interface Slots {
    running: HeavyKind[];
    queue: (() => void)[];
  }
  /** By lane and trader: `${lane} ${userId}`. */
  const slots = new Map<string, Slots>();
  const keyOf = (userId: string, lane: HeavyLane) => `${lane} ${userId}`;

  /** The slot passes to the next call waiting, or is free. */
  function release(key: string, kind: HeavyKind) {
    const held = slots.get(key);
    if (!held) return;
    held.running.splice(held.running.indexOf(kind), 1);
    const next = held.queue.shift();
    if (next) next();
    else if (held.running.length === 0) slots.delete(key);
  }

  async function acquire(key: string, lane: HeavyLane, kind: HeavyKind): Promise<void> {
    const limits = lanes[lane];
    const held = slots.get(key) ?? { running: [], queue: [] };
    slots.set(key, held);
    if (held.running.length < limits.running) {
      held.running.push(kind);
      return;
    }
    const busy = () => limited(BUSY[lane], limits.retrySeconds);
    if (held.queue.length >= limits.waiting) throw busy();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        held.running.push(kind);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = held.queue.indexOf(turn);
        if (at >= 0) held.queue.splice(at, 1);
        reject(busy());
      }, waitMs);
      held.queue.push(turn);
    });
  }

  return {
    stateOf(userId, lane) {
      const held = slots.get(keyOf(userId, lane));
      return { running: [...(held?.running ?? [])], waiting: held?.queue.length ?? 0 };
    },
    async run(userId, kind, work) {
      const lane = LANE_OF[kind];
      const key = keyOf(userId, lane);
      if (JOINS.has(kind) && slots.get(key)?.running.includes(kind)) return work();
      await acquire(key, lane, kind);
      try {
        return await work();
      } finally {
        release(key, kind);
      }
    },
  };
}

/**
 * The route's call in the trader's heavy slot (`HeavyCalls.run`). A refused call whose body was
 * not read closes its connection: the rest of the upload is never read, so it cannot carry another.
 */
export function heavyCall(calls: HeavyCalls, kind: HeavyKind): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    try {
      await calls.run(c.get('user').id, kind, () => next());
    } catch (error) {
      if (c.req.raw.body && !c.req.raw.bodyUsed) c.header('Connection', 'close');
      throw error;
    }
  };
}

/**
 * Runs a long computation a slice at a time (a domain generator that yields between slices), letting
 * other requests run between two slices: a large backup's check takes about a second of work.
 */
export async function runInSlices<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Records serialized between two pauses of `jsonInSlices`. */
const JSON_SLICE = 250;

/**
 * JSON.stringify of an answer, a slice of records at a time: a list of thousands of records (a
 * full sync, a backup) is tens of milliseconds of serializing, which no other request could
 * interrupt. Lists are written record by record, pausing every JSON_SLICE records; anything else
 * as JSON.stringify writes it (the same text, key order kept).
 */
export function* jsonInSlices(value: unknown): Generator<void, string> {
  const out: string[] = [];
  let written = 0;
  function* write(v: unknown): Generator<void, void> {
    if (Array.isArray(v) && v.length > JSON_SLICE) {
      out.push('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) out.push(',');
        out.push(JSON.stringify(v[i] === undefined ? null : v[i]));
        if (++written % JSON_SLICE === 0) yield;
      }
      out.push(']');
    } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      out.push('{');
      let first = true;
      for (const [key, field] of Object.entries(v)) {
        if (field === undefined || typeof field === 'function') continue;
        out.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
        first = false;
        yield* write(field);
      }
      out.push('}');
    } else {
      out.push(JSON.stringify(v) ?? 'null');
    }
  }
  yield* write(value);
  return out.join('');
}

/** The answer `value` as JSON, as Hono's own would write it, serialized a slice at a time (`jsonInSlices`). */
export async function jsonAnswer(c: Context, value: unknown): Promise<Response> {
  const text = await runInSlices(jsonInSlices(value));
  return c.body(text, 200, { 'Content-Type': 'application/json' });
}
