import { Hono } from 'hono';
import { validateExecutionInput } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import type { TradeBook } from './tradeBook.ts';

/** `/executions`: the trader's fills; a manual one recorded or deleted changes the trades. */
export function fillRoutes(book: TradeBook, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json(await book.fills(c.get('user').id)));
  app.post('/', async (c) => {
    // "Not in the future" is judged by the server's clock, the one the tests pin.
    const input = await readValid(c, (body) => validateExecutionInput(body, now()));
    const { value, created } = await book.recordFill(c.get('user').id, input);
    return c.json(value, created ? 201 : 200);
  });
  app.delete('/:id', async (c) => {
    await book.deleteFill(c.get('user').id, pathId(c.req.param('id'), messages.executionNotFound));
    return c.body(null, 204);
  });
  return app;
}
