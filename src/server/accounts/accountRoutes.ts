import { Hono } from 'hono';
import {
  validateAccountSettings,
  validateManualAccount,
  validateOrdersAllowed,
} from '../../domain/accounts.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import type { AccountService } from './accountService.ts';

export function accountRoutes(accounts: AccountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await accounts.listWithHeat(c.get('user').id)));
  // An account added by hand: 201, or 200 with the same account for a replayed create.
  app.post('/', async (c) => {
    const input = await readValid(c, validateManualAccount);
    const { value, created } = await accounts.createManual(c.get('user').id, input);
    return c.json(value, created ? 201 : 200);
  });
  app.delete('/:id', async (c) => {
    await accounts.removeManual(c.get('user').id, pathId(c.req.param('id'), messages.accountNotFound));
    return c.body(null, 204);
  });
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
