import { Hono } from 'hono';
import { validateEdgeInput } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import type { AppEnv } from '../appEnv.ts';
import { recordWrites } from '../http/recordRoutes.ts';
import { invalid } from '../refusals.ts';
import type { EdgeRepository } from './edgeRepository.ts';

export function edgeRoutes(repo: EdgeRepository): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The spec's list is of active edges; `?include=deactivated` adds the deleted ones, which plans
  // still cite by name (the app gets them from /sync).
  app.get('/', async (c) => {
    const include = c.req.query('include');
    if (include !== undefined && include !== 'deactivated')
      throw invalid([{ field: 'include', message: messages.edgesIncludeInvalid }]);
    return c.json(await repo.list(c.get('user').id, include === 'deactivated'));
  });
  return recordWrites(app, {
    notFound: messages.edgeNotFound,
    validate: validateEdgeInput,
    create: repo.create,
    update: repo.update,
    // Deleting deactivates: plans that cite the edge keep it.
    remove: repo.deactivate,
  });
}
