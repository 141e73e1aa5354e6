import { type ChangeMethod, db, type EntityCollection, type Pending } from '../db/db.ts';
import { type SaveOutcome, submitChange } from './outbox.ts';
import { syncNow } from './sync.ts';

interface Resource<Row> {
  collection: EntityCollection;
  /** The collection's API path, e.g. '/edges'. */
  path: string;
  /** How a queued change names one, "Create {noun} {name}": 'trade plan', 'edge'. */
  noun: string;
  /** The trader's word for a create when it is not "Create": a fill is recorded. */
  createVerb?: string;
  /**
   * What else the cache must show at once when a change is applied locally (offline): what the
   * server would derive from it, here the trades rebuilt from the fills. It runs in the change's
   * own transaction, so the derived rows and the queued change land together or not at all.
   */
  afterLocalChange?: () => Promise<void>;
  /** What a delete leaves in the cache, when not nothing: a deleted edge is deactivated, and kept. */
  removedRow?: (row: Row) => Row;
}

interface Write {
  method: ChangeMethod;
  path: string;
  recordId: string;
  body?: object;
  /** What to queue instead of `body` offline (Change.queuedBody). */
  queuedBody?: object;
  label: string;
  /** The change's effect on the cache while the server does not have it yet. */
  applyLocally: () => Promise<void>;
}

/** What the cache shows until the server has a change; it may refuse it (RefusedLocally). */
type LocalRow<Row> = () => Row | Promise<Row>;

/**
 * Every write of one resource, on the one path: sent at once (the server's answer kept), or
 * applied to the cache and queued while offline or behind other queued changes; a change the
 * server took is followed by one sync (`syncNow`), which brings whatever else it changed (a
 * setup's success score, the trades rebuilt from fills). A `…Mutations.ts` file says only what
 * differs for its entity: its local rows and local checks.
 */
export function resourceWrites<Row extends { id: string }>(resource: Resource<Row>) {
  const table = () => db.table(resource.collection);
  const now = () => new Date().toISOString();

  const send = async (write: Write): Promise<SaveOutcome> => {
    const outcome = await submitChange(
      {
        collection: resource.collection,
        method: write.method,
        path: write.path,
        body: write.body,
        label: write.label,
        recordId: write.recordId,
        ...(write.queuedBody ? { queuedBody: write.queuedBody } : {}),
      },
      async () => {
        await write.applyLocally();
        await resource.afterLocalChange?.();
      },
    );
    if (outcome === 'saved') await syncNow();
    return outcome;
  };

  /**
   * Creates with a client-made id, so a replay never duplicates, and the time it is made here,
   * online or not: the local row (`localRow(createdAt)`) and the body carry the same, and the
   * server keeps it when plausible (docs/product.md, "Offline and sync"), so a record made
   * offline is not dated by its replay. `queuedBody`, when given, is what a create kept on this
   * device sends instead of `body`.
   */
  const create = (
    body: { id: string },
    name: string,
    localRow: (createdAt: string) => Row | Promise<Row>,
    queuedBody?: { id: string },
  ) => {
    const createdAt = now();
    return send({
      method: 'POST',
      path: resource.path,
      recordId: body.id,
      body: { ...body, createdAt },
      ...(queuedBody ? { queuedBody: { ...queuedBody, createdAt } } : {}),
      label: `${resource.createVerb ?? 'Create'} ${resource.noun} ${name}`,
      applyLocally: async () => {
        await table().add({ ...(await localRow(createdAt)), pendingSync: true } satisfies Pending<Row>);
      },
    });
  };

  const update = (row: Row, body: object, name: string, localRow: LocalRow<Row>) =>
    send({
      method: 'PUT',
      path: `${resource.path}/${row.id}`,
      recordId: row.id,
      body,
      label: `Update ${resource.noun} ${name}`,
      applyLocally: async () => {
        const next = await localRow();
        await table().put({
          ...next,
          ...('updatedAt' in next ? { updatedAt: now() } : {}),
          pendingSync: true,
        });
      },
    });

  return {
    send,
    create,
    update,

    /**
     * A form's save of a named record (an edge, a setup): an update of `existing` that shows the
     * input over it, or a create with a client-made id whose local row is `fresh(input)`, dated
     * now. `body` is what is sent when it is not the input itself.
     */
    save: <Input extends { name: string }>(
      input: Input,
      existing: Row | undefined,
      fresh: (input: Input) => Omit<Row, 'id' | 'createdAt' | 'updatedAt'>,
      body: object = input,
    ): Promise<SaveOutcome> => {
      if (existing) return update(existing, body, input.name, () => ({ ...existing, ...input }));
      const id = crypto.randomUUID();
      return create({ ...body, id }, input.name, (createdAt) => {
        const row = { id, ...fresh(input), createdAt, updatedAt: createdAt };
        // The parts make a Row; TypeScript cannot see it through Omit of a generic type.
        return row as unknown as Row;
      });
    },

    remove: (row: Row, name: string) =>
      send({
        method: 'DELETE',
        path: `${resource.path}/${row.id}`,
        recordId: row.id,
        label: `Delete ${resource.noun} ${name}`,
        applyLocally: async () => {
          if (resource.removedRow) await table().put({ ...resource.removedRow(row), pendingSync: true });
          else await table().delete(row.id);
        },
      }),
  };
}
