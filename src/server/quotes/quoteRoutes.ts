import { Hono } from 'hono';
import type { AppEnv } from '../appEnv.ts';
import { parseSymbols, type QuoteService } from './quoteService.ts';

/** `GET /api/v1/quotes?symbols=AAPL,MSFT`: the trader's own stocks' last prices. */
export function quoteRoutes(quotes: QuoteService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) =>
    c.json(await quotes.quotes(c.get('user').id, parseSymbols(c.req.query('symbols')))),
  );
  return app;
}
