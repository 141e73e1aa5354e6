import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateTradeSetupInput } from '../../domain/setups.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import type { SetupService } from './setupService.ts';

export function setupRoutes(setups: SetupService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idOf = (id: string) => pathId(id, messages.setupNotFound);

  app.get('/', async (c) => c.json(await setups.list(c.get('user').id)));
  app.get('/:id', async (c) => c.json(await setups.get(c.get('user').id, idOf(c.req.param('id')))));
  app.post('/', async (c) => {
    const input = await readValid(c, validateTradeSetupInput);
    const { value, created } = await setups.create(c.get('user').id, input);
    return c.json(value, created ? 201 : 200);
  });
  app.put('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const input = await readValid(c, validateTradeSetupInput);
    return c.json(await setups.update(c.get('user').id, id, input));
  });
  app.delete('/:id', async (c) => {
    await setups.remove(c.get('user').id, idOf(c.req.param('id')));
    return c.body(null, 204);
  });
  return app;
}
