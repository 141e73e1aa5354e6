// Bounded concurrency for the server's background looks (alerts/alertWatcher.ts,
// orders/orderService.ts followOpen): one slow trader holds one place, not the whole look.

/** Runs `run` over the items, at most `limit` at once. */
export async function atMost<T>(
  limit: number,
  items: readonly T[],
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
