import { Hono } from 'hono';
import { dateRangeBounds, parseDateRange } from '../../domain/dateRanges.ts';
import { messages } from '../../domain/messages.ts';
import { isStatsGrouping } from '../../domain/stats.ts';
import { type AccountService, accountNamesOf } from '../accounts/accountService.ts';
import type { AppEnv } from '../appEnv.ts';
import { invalid } from '../refusals.ts';
import type { StatsService } from './statsService.ts';

export function statsRoutes(repo: StatsService, accounts: AccountService, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const by = c.req.query('by') ?? 'all';
    if (!isStatsGrouping(by)) throw invalid([{ field: 'by', message: messages.statsGroupingInvalid }]);
    // The date range of Review's address, read by the same parser the app reads it with.
    const { range, problem } = parseDateRange({
      range: c.req.query('range'),
      from: c.req.query('from'),
      to: c.req.query('to'),
    });
    if (problem) throw invalid([problem]);
    const userId = c.get('user').id;
    const bounds = dateRangeBounds(range, now());
    return c.json(await repo.stats(userId, by, await accountNamesOf(accounts, userId), bounds));
  });
  return app;
}
