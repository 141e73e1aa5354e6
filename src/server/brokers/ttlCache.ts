interface Entry<V> {
  expiresAt: number;
  value: Promise<V>;
}

/**
 * A per-process cache of answers that may be briefly out of date. Concurrent misses share one
 * load; a failed load is not cached.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  getOrLoad(key: K, nowMs: number, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > nowMs) return hit.value;
    const value = load();
    this.entries.set(key, { expiresAt: nowMs + ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
