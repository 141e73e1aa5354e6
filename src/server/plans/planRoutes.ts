import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateStatusChange, validateTradePlanCreate } from '../../domain/tradePlans.ts';
import type { AccountService, LiveAccount } from '../accounts/accountService.ts';
import type { AppEnv } from '../appEnv.ts';
import { readJson, readValid } from '../http/body.ts';
import { jsonAnswer } from '../http/fairShare.ts';
import { pathId } from '../http/pathId.ts';
import type { MarketCycleService } from '../marketCycle/marketCycleService.ts';
import { conflict } from '../refusals.ts';
import type { PlanRepository } from './planRepository.ts';

export function planRoutes(
  repo: PlanRepository,
  accounts: AccountService,
  cycles: MarketCycleService,
  /** Whether a plan has an order that may still trade (orders/orderRepository.ts). */
  hasOpenOrder: (userId: string, planId: string) => Promise<boolean>,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idOf = (id: string) => pathId(id, messages.planNotFound);

  // Position sizes need live balances; a broker outage must not hide the trader's plans.
  async function accountsOf(userId: string): Promise<LiveAccount[]> {
    try {
      return await accounts.list(userId);
    } catch (error) {
      console.warn('Position sizes unavailable:', (error as Error).message);
      return [];
    }
  }

  app.get('/', async (c) => {
    const userId = c.get('user').id;
    return jsonAnswer(c, await repo.list(userId, await accountsOf(userId)));
  });
  app.get('/:id', async (c) => {
    const userId = c.get('user').id;
    return c.json(await repo.get(userId, idOf(c.req.param('id')), await accountsOf(userId)));
  });
  app.post('/', async (c) => {
    const userId = c.get('user').id;
    const input = await readValid(c, validateTradePlanCreate);
    // A cycle the app sent was stamped offline, when the plan was made: it is kept, null included.
    const [accountList, marketCycleAtCreation] = await Promise.all([
      accountsOf(userId),
      input.marketCycleAtCreation !== undefined ? input.marketCycleAtCreation : cycles.typeForNewPlan(userId),
    ]);
    const { value, created } = await repo.create(userId, { ...input, marketCycleAtCreation }, accountList);
    return c.json(value, created ? 201 : 200);
  });
  app.put('/:id', async (c) => {
    const userId = c.get('user').id;
    const id = idOf(c.req.param('id'));
    const body = await readJson(c);
    // Balances first: the broker is not called while the plan is locked.
    const accountList = await accountsOf(userId);
    return c.json(await repo.update(userId, id, body, accountList));
  });
  app.put('/:id/status', async (c) => {
    const userId = c.get('user').id;
    const id = idOf(c.req.param('id'));
    const { status } = await readValid(c, validateStatusChange);
    const accountList = await accountsOf(userId);
    return c.json(await repo.changeStatus(userId, id, status, accountList));
  });
  app.delete('/:id', async (c) => {
    const userId = c.get('user').id;
    const id = idOf(c.req.param('id'));
    // A working order with no plan could no longer be followed or cancelled here.
    if (await hasOpenOrder(userId, id)) throw conflict(messages.planHasOpenOrder);
    await repo.remove(userId, id);
    return c.body(null, 204);
  });
  return app;
}
