import { Hono } from 'hono';
import type { AppEnv } from '../appEnv.ts';
import type { MarketCycleService } from './marketCycleService.ts';

export function marketCycleRoutes(cycles: MarketCycleService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/current', async (c) => c.json(await cycles.current(c.get('user').id)));
  return app;
}
