import { Hono } from 'hono';
import { validateAccountSettings } from '../../domain/accounts.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import type { AccountService } from './accountService.ts';

export function accountRoutes(accounts: AccountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await accounts.listWithHeat(c.get('user').id)));
  app.put('/:id', async (c) => {
    const settings = await readValid(c, validateAccountSettings);
    return c.json(await accounts.updateSettings(c.get('user').id, c.req.param('id'), settings));
  });
  return app;
}
