import { Hono } from 'hono';
import { validateEdgeInput } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from '../http/body.ts';
import { pathId } from '../http/pathId.ts';
import { invalid } from '../refusals.ts';
import type { createEdgeRepository } from './edgeRepository.ts';

export function edgeRoutes(repo: ReturnType<typeof createEdgeRepository>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const idOf = (id: string) => pathId(id, messages.edgeNotFound);

  // The spec's list is of active edges; `?include=deactivated` adds the deleted ones, which plans
  // still cite by name (the app gets them from /sync).
  app.get('/', async (c) => {
    const include = c.req.query('include');
    if (include !== undefined && include !== 'deactivated')
      throw invalid([{ field: 'include', message: messages.edgesIncludeInvalid }]);
    return c.json(await repo.list(c.get('user').id, include === 'deactivated'));
  });
  app.post('/', async (c) => {
    const input = await readValid(c, validateEdgeInput);
    const { value, created } = await repo.create(c.get('user').id, input);
    return c.json(value, created ? 201 : 200);
  });
  app.put('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const input = await readValid(c, validateEdgeInput);
    return c.json(await repo.update(c.get('user').id, id, input));
  });
  app.delete('/:id', async (c) => {
    await repo.deactivate(c.get('user').id, idOf(c.req.param('id')));
    return c.body(null, 204);
  });
  return app;
}
