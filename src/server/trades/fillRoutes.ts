import { Hono } from 'hono';
import { validateExecutionInput } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import type { FillRepository } from './fillRepository.ts';

export function fillRoutes(repo: FillRepository, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json(await repo.list(c.get('user').id)));
  app.post('/', async (c) => {
    // "Not in the future" is judged by the server's clock, the one the tests pin.
    const input = await readValid(c, (body) => validateExecutionInput(body, now()));
    const { execution, created } = await repo.create(c.get('user').id, input);
    return c.json(execution, created ? 201 : 200);
  });
  app.delete('/:id', async (c) => {
    await repo.remove(c.get('user').id, pathId(c.req.param('id'), messages.executionNotFound));
    return c.body(null, 204);
  });
  return app;
}
