// The broker's budgets and how they are shared (docs/product.md, "Fair sharing"). Schwab allows the
// whole app 120 requests a minute, and 120 orders a minute and 4,000 a day: every trader's
// together. Two pieces serve every budget: a counted window that some calls may not fill (room
// kept for cancels), and each trader's equal share of a budget.

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Seconds until the call at `index` of `sent` (oldest first) leaves a window of `windowMs`. */
const secondsUntilFree = (sent: readonly number[], index: number, windowMs: number, at: number) =>
  Math.max(1, Math.ceil(((sent[Math.max(0, index)] ?? at) + windowMs - at) / 1000));

/**
 * What was sent in the last `windowMs`, against a `limit`. A call that keeps `keep` free goes only
 * while fewer than limit − keep are counted: the room it keeps is for the calls that keep none.
 */
export function createWindowCount(limit: number, windowMs: number, nowMs: () => number) {
  const sent: number[] = [];
  const prune = (at: number) => {
    while (sent.length > 0 && (sent[0] as number) <= at - windowMs) sent.shift();
  };
  return {
    /** Undefined when a call keeping `keep` free may go now, else the seconds until it may. */
    wait(keep = 0): number | undefined {
      const at = nowMs();
      prune(at);
      const room = limit - keep;
      if (sent.length < room) return undefined;
      return secondsUntilFree(sent, sent.length - room, windowMs, at);
    },
    add() {
      sent.push(nowMs());
    },
  };
}

/**
 * Each trader's fair share of a budget: the budget of a window (a minute unless said) split
 * equally among the traders who used it in the window, with one share kept for a trader who has
 * not yet: budget ÷ (traders active + 1), at least one; and all of them together never more than
 * the budget. Alone, a trader has half; however many calls one trader sends, the others find room.
 */
export function createBrokerShare(budget: number | undefined, nowMs: () => number, windowMs = MINUTE_MS) {
  const sent = new Map<string, number[]>();
  const all = budget === undefined ? undefined : createWindowCount(budget, windowMs, nowMs);
  const share = {
    /** Undefined when the trader may make a call now, else the seconds until one may. */
    wait(userId: string): number | undefined {
      if (budget === undefined) return undefined;
      const at = nowMs();
      let othersActive = 0;
      for (const [id, times] of sent) {
        while (times.length > 0 && (times[0] as number) <= at - windowMs) times.shift();
        if (times.length === 0) sent.delete(id);
        else if (id !== userId) othersActive++;
      }
      const mine = sent.get(userId) ?? [];
      const allowed = Math.max(1, Math.floor(budget / (othersActive + 2)));
      if (mine.length >= allowed) return secondsUntilFree(mine, mine.length - allowed, windowMs, at);
      return all?.wait();
    },
    /** Counts a call of the trader. */
    add(userId: string) {
      if (budget === undefined) return;
      const mine = sent.get(userId);
      if (mine) mine.push(nowMs());
      else sent.set(userId, [nowMs()]);
      all?.add();
    },
    /** Counts a call of the trader when it may go: undefined, else the seconds until one may. */
    take(userId: string): number | undefined {
      const wait = share.wait(userId);
      if (wait === undefined) share.add(userId);
      return wait;
    },
  };
  return share;
}

/**
 * How a broker's requests a minute are split, all of them together never more than it allows:
 * the traders' own requests (each trader a share of them), and a reserve for following the orders
 * already at the broker: their status reads (the order follower's and reads') and their cancels,
 * the reads leaving `cancelRoom` of it to cancels. Schwab's 120: 80, and 40 with 10 for cancels.
 */
export function requestPools(perMinute: number): { own: number; reserve: number; cancelRoom: number } {
  const reserve = Math.floor(perMinute / 3);
  return { own: perMinute - reserve, reserve, cancelRoom: Math.ceil(reserve / 4) };
}

/** The room placements leave for cancels in an order limit: a tenth, at least one. */
export const cancelRoom = (orderLimit: number) => Math.max(1, Math.floor(orderLimit / 10));
