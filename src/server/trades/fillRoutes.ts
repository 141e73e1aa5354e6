import { Hono } from 'hono';
import { validateExecutionInput } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { jsonAnswer } from '../http/fairShare.ts';
import { recordWrites } from '../http/recordRoutes.ts';
import type { TradeBook } from './tradeBook.ts';

/** `/executions`: the trader's fills; a manual one recorded or deleted changes the trades. */
export function fillRoutes(book: TradeBook, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => jsonAnswer(c, await book.fills(c.get('user').id)));
  return recordWrites(app, {
    notFound: messages.executionNotFound,
    // "Not in the future" is judged by the server's clock, the one the tests pin.
    validate: (body) => validateExecutionInput(body, now()),
    create: book.recordFill,
    remove: book.deleteFill,
  });
}
