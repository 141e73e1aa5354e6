import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { jsonAnswer } from '../http/fairShare.ts';
import { invalid } from '../refusals.ts';
import type { SyncCursors } from './syncCursor.ts';
import type { SyncService } from './syncService.ts';

/** `GET /sync?since={cursor}&cycle={timestamp}`: one request for every collection (SyncAnswer). */
export function syncRoutes(service: SyncService, cursors: SyncCursors): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const userId = c.get('user').id;
    const sent = c.req.query('since') || undefined;
    const opened = sent === undefined ? undefined : cursors.open(userId, sent);
    if (sent !== undefined && opened === undefined) {
      throw invalid([{ field: 'since', message: messages.invalidSyncCursor }]);
    }
    const since = opened && 'since' in opened ? opened.since : undefined;
    const answer = await service.sync(userId, since, c.req.query('cycle') || undefined);
    return jsonAnswer(c, { ...answer, cursor: cursors.seal(userId, answer.cursor) });
  });
  return app;
}
