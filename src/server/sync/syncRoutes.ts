import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { isCursor } from '../db/changeStamps.ts';
import { invalid } from '../refusals.ts';
import type { SyncService } from './syncService.ts';

/** `GET /sync?since={cursor}&cycle={timestamp}`: one request for every collection (SyncAnswer). */
export function syncRoutes(service: SyncService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const since = c.req.query('since') || undefined;
    if (since !== undefined && !isCursor(since)) {
      throw invalid([{ field: 'since', message: messages.invalidSyncCursor }]);
    }
    return c.json(await service.sync(c.get('user').id, since, c.req.query('cycle') || undefined));
  });
  return app;
}
