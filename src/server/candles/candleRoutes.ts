import { Hono } from 'hono';
import type { AppEnv } from '../appEnv.ts';
import { type CandleService, parseCandleQuery } from './candleService.ts';

/** `GET /api/v1/candles?symbol=AAPL&from=2026-01-05&to=2026-03-31`: a symbol's daily candles. */
export function candleRoutes(candles: CandleService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) =>
    c.json(await candles.candles(c.get('user').id, parseCandleQuery(c.req.query(), candles.today()))),
  );
  return app;
}
