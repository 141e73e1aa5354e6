import type { Hono } from 'hono';
import type { ValidationResult } from '../../domain/types.ts';
import type { AppEnv } from '../appEnv.ts';
import { readValid } from './body.ts';
import { pathId } from './pathId.ts';

/** What a resource's write calls do with one trader's records. */
interface RecordWrites<I, T> {
  /** Said when the path's id names none of the trader's records. */
  notFound: string;
  validate(body: unknown): ValidationResult<I>;
  /** Absent for a record that always exists (the trader's settings): written, never created. */
  create?(userId: string, input: I): Promise<{ value: T; created: boolean }>;
  update?(userId: string, id: string, input: I): Promise<T>;
  remove?(userId: string, id: string): Promise<void>;
}

/**
 * A resource's writes on its sub-app: `POST /` answers 201 (200 when a replayed create finds the
 * record it made), `PUT /:id` the record as written, `DELETE /:id` 204.
 */
export function recordWrites<I, T>(app: Hono<AppEnv>, writes: RecordWrites<I, T>): Hono<AppEnv> {
  const idOf = (id: string) => pathId(id, writes.notFound);
  const { create, update, remove } = writes;
  if (create) {
    app.post('/', async (c) => {
      const input = await readValid(c, writes.validate);
      const { value, created } = await create(c.get('user').id, input);
      return c.json(value, created ? 201 : 200);
    });
  }
  if (update) {
    app.put('/:id', async (c) => {
      const id = idOf(c.req.param('id'));
      return c.json(await update(c.get('user').id, id, await readValid(c, writes.validate)));
    });
  }
  if (remove) {
    app.delete('/:id', async (c) => {
      await remove(c.get('user').id, idOf(c.req.param('id')));
      return c.body(null, 204);
    });
  }
  return app;
}
