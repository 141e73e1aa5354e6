// A trade's key and id (docs/product.md, "Trades"): the key names the account, symbol and opening
// time, and the id is a name-based UUID of it, so the server and an offline rebuild agree.
import { parseOptionSymbol } from './optionContract.ts';
import { uuidV5 } from './uuidV5.ts';
import { isPlausibleTime, isStock, isUuid } from './validation.ts';

/**
 * The namespace of trade ids: uuidV5('urn:trade-tracker:trade', the RFC's URL namespace). Fixed
 * for good: changing it would change every trade's id, and the app's links to trades with them.
 */
const TRADE_ID_NAMESPACE = 'a32be4fa-d3c9-51dd-91cf-cb14edba9d24';

/**
 * `accountId|symbol|openedAt`, the time as `toISOString` writes it whatever form it came in; an
 * option's symbol there is its contract key (optionContract.ts `contractKeyOf`).
 */
export const tradeKeyOf = (accountId: string, symbol: string, openedAt: string): string =>
  `${accountId}|${symbol}|${new Date(openedAt).toISOString()}`;

export const tradeIdOf = (key: string): string => uuidV5(key, TRADE_ID_NAMESPACE);

/**
 * The account, symbol (an option's: its underlying) and opening time a trade key holds; undefined
 * when it holds none.
 */
export function splitTradeKey(
  key: string,
): { accountId: string; symbol: string; openedAt: string } | undefined {
  const [accountId, symbol, openedAt, nth, ...rest] = key.split('|');
  if (accountId === undefined || symbol === undefined || openedAt === undefined || rest.length > 0) {
    return undefined;
  }
  // The symbol as a fill holds it: a key of any other text (a NUL, kilobytes) names no trade.
  const stock = isStock(symbol) ? symbol : parseOptionSymbol(symbol)?.symbol;
  if (!isUuid(accountId) || stock === undefined || !isPlausibleTime(openedAt)) return undefined;
  // The second trade of one instant is `|2`, and so on: six digits at most, so a key stays short
  // (an index entry holds at most 2.7 KB; a key of kilobytes of digits answered 500).
  if (nth !== undefined && !/^(?:[2-9]|[1-9]\d{1,5})$/.test(nth)) return undefined;
  return { accountId, symbol: stock, openedAt };
}

/** The key with its account id replaced: the same trade in a journal where the account has another id. */
export function rekeyAnnotation(key: string, accountId: string): string {
  return `${accountId}${key.slice(key.indexOf('|'))}`;
}
