import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateTradeSetupInput } from '../../domain/setups.ts';
import type { AppEnv } from '../appEnv.ts';
import { pathId } from '../http/pathId.ts';
import { recordWrites } from '../http/recordRoutes.ts';
import type { SetupService } from './setupService.ts';

export function setupRoutes(setups: SetupService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await setups.list(c.get('user').id)));
  app.get('/:id', async (c) =>
    c.json(await setups.get(c.get('user').id, pathId(c.req.param('id'), messages.setupNotFound))),
  );
  return recordWrites(app, {
    notFound: messages.setupNotFound,
    validate: validateTradeSetupInput,
    create: setups.create,
    update: setups.update,
    remove: setups.remove,
  });
}
