import { Hono } from 'hono';
import { messages } from '../../domain/messages.ts';
import { validateTradeUpdate } from '../../domain/tradeAnnotation.ts';
import { type AccountService, accountNamesOf } from '../accounts/accountService.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { type HeavyCalls, heavyCall, jsonAnswer } from '../http/fairShare.ts';
import { pathId } from '../http/pathId.ts';
import type { BrokerImport } from './brokerImport.ts';
import type { TradeBook } from './tradeBook.ts';

export function tradeRoutes(
  book: Pick<TradeBook, 'list' | 'annotate'>,
  accounts: AccountService,
  brokerImport: BrokerImport,
  heavy: HeavyCalls,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const namesOf = (userId: string) => accountNamesOf(accounts, userId);

  app.get('/', async (c) => {
    const userId = c.get('user').id;
    return jsonAnswer(c, await book.list(userId, await namesOf(userId)));
  });
  app.put('/:id', async (c) => {
    const userId = c.get('user').id;
    const id = pathId(c.req.param('id'), messages.tradeNotFound);
    const update = await readValid(c, validateTradeUpdate);
    // Names first: the broker is not called inside the transaction.
    const names = await namesOf(userId);
    return c.json(await book.annotate(userId, id, update, names));
  });
  app.post('/import', heavyCall(heavy, 'import'), async (c) =>
    c.json(await brokerImport.run(c.get('user').id)),
  );
  return app;
}
