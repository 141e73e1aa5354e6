// The embedded database's statements take turns among the traders (docs/product.md, "Fair
// sharing"): PGlite has one connection and runs in this process, so whoever queues the most
// statements would otherwise hold it in proportion.
import { AsyncLocalStorage } from 'node:async_hooks';

const whose = new AsyncLocalStorage<string>();

/** Runs `work` (the rest of a request) with the statements it sends counted as the trader's. */
export function asTraderStatements<T>(userId: string, work: () => T): T {
  return whose.run(userId, work);
}

/**
 * One statement at a time, handed in rotation among those who have one waiting: each trader, and
 * the server's own work (a session's check before its trader is known, the background jobs). A
 * trader with many statements queued (several long reads at once) gets one turn a round, so
 * another's statement waits for at most one of them. The next turn is handed after the event loop
 * turns once: a request that arrived meanwhile is read and joins the rotation.
 */
export function createFairTurns(): <T>(statement: () => Promise<T>) => Promise<T> {
  /** In rotation order: a Map keeps its keys in the order they were (re)inserted. */
  const waiting = new Map<string, (() => void)[]>();
  let running = false;

  function handNext() {
    const first = waiting.entries().next();
    if (first.done) {
      running = false;
      return;
    }
    const [who, queue] = first.value;
    const go = queue.shift() as () => void;
    waiting.delete(who);
    // Back of the line for the next one.
    if (queue.length > 0) waiting.set(who, queue);
    go();
  }

  return async (statement) => {
    const who = whose.getStore() ?? '';
    await new Promise<void>((resolve) => {
      const queue = waiting.get(who);
      if (queue) queue.push(resolve);
      else waiting.set(who, [resolve]);
      if (!running) {
        running = true;
        setImmediate(handNext);
      }
    });
    try {
      return await statement();
    } finally {
      setImmediate(handNext);
    }
  };
}
