import { Hono } from 'hono';
import { validateAccountSettings, validateOrdersAllowed } from '../../domain/accounts.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import type { AccountService } from './accountService.ts';

export function accountRoutes(accounts: AccountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await accounts.listWithHeat(c.get('user').id)));
  app.put('/:id', async (c) => {
    // Read as every route reads a path id: lower-case, and anything but a UUID names no account.
    const id = pathId(c.req.param('id'), messages.accountNotFound);
    const settings = await readValid(c, validateAccountSettings);
    return c.json(await accounts.updateSettings(c.get('user').id, id, settings));
  });
  // Never through the outbox: the app calls it online only (docs/product.md, "Orders").
  app.put('/:id/orders', async (c) => {
    const id = pathId(c.req.param('id'), messages.accountNotFound);
    const { allowed } = await readValid(c, validateOrdersAllowed);
    return c.json(await accounts.setOrdersAllowed(c.get('user').id, id, allowed));
  });
  return app;
}
