import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { isStatsGrouping } from '../../domain/stats.ts';
import { type AccountService, accountNamesOf } from '../accounts/accountService.ts';
import type { AppEnv } from '../appEnv.ts';
import { invalid } from '../refusals.ts';
import type { StatsService } from './statsService.ts';

export function statsRoutes(repo: StatsService, accounts: AccountService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const by = c.req.query('by') ?? 'all';
    if (!isStatsGrouping(by)) throw invalid([{ field: 'by', message: messages.statsGroupingInvalid }]);
    const userId = c.get('user').id;
    return c.json(await repo.stats(userId, by, await accountNamesOf(accounts, userId)));
  });
  return app;
}
