import { QUOTE_SYMBOLS_MAX } from '../../domain/constants.ts';
import { isMarketOpen } from '../../domain/marketHours.ts';
import { messages } from '../../domain/messages.ts';
import type { QuoteAnswer } from '../../domain/quotes.ts';
import { isStock, normalizeStock } from '../../domain/validation.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import { invalid } from '../refusals.ts';
import type { OwnSymbols } from '../trades/ownSymbols.ts';

const refuse = (message: string) => invalid([{ field: 'symbols', message }]);

/** `symbols` as written in the address: comma-separated, each a stock symbol, at most QUOTE_SYMBOLS_MAX. */
export function parseSymbols(text: string | undefined): string[] {
  const symbols = [
    ...new Set(
      (text ?? '')
        .split(',')
        .map(normalizeStock)
        .filter((s) => s !== ''),
    ),
  ];
  if (symbols.length === 0) throw refuse(messages.quoteSymbolsRequired);
  if (symbols.length > QUOTE_SYMBOLS_MAX) throw refuse(messages.quoteSymbolsTooMany);
  const bad = symbols.find((s) => !isStock(s));
  if (bad !== undefined) throw refuse(messages.stockInvalidCharacters);
  return symbols;
}

/**
 * Last prices for the trader's own stocks only (docs/product.md, "Prices"): those of the active
 * plans and the open trades. Quotes are not a free service for anyone signed in.
 */
export function createQuoteService(ownSymbols: OwnSymbols, brokerAccess: BrokerAccess, now: () => Date) {
  return {
    async quotes(userId: string, symbols: string[]): Promise<QuoteAnswer> {
      const own = await ownSymbols(userId, 'open');
      const foreign = symbols.find((s) => !own.has(s));
      if (foreign !== undefined) throw refuse(messages.quoteSymbolNotYours(foreign));
      const { quotes, stale } = await brokerAccess.quotes(userId, symbols);
      return { quotes, stale, marketOpen: isMarketOpen(now()) };
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
