import type { Trade } from '../../domain/types.ts';

/**
 * The Trades page's own order, the one buildTrades gives (open first, newest opened; then closed,
 * newest closed; then by id): Dexie hands rows back by id, so the page puts them in order again.
 */
export function tradeListOrder(a: Trade, b: Trade): number {
  if ((a.closedAt === null) !== (b.closedAt === null)) return a.closedAt === null ? -1 : 1;
  const byTime =
    a.closedAt === null || b.closedAt === null
      ? b.openedAt.localeCompare(a.openedAt)
      : b.closedAt.localeCompare(a.closedAt);
  return byTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
