import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import { db, type Pending } from '../db/db.ts';
import { submitChange } from '../sync/outbox.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to setups goes through here: sent at once, or applied locally and queued offline.

export async function saveSetup(input: TradeSetupInput, id?: string): Promise<void> {
  const now = new Date().toISOString();
  const body = { ...input, rules: [] };
  if (id) {
    await submitChange(
      {
        collection: 'tradeSetups',
        method: 'PUT',
        path: `/tradesetups/${id}`,
        body,
        label: `Update setup ${input.name}`,
        refresh: ['tradeSetups'],
      },
      async () => {
        await db.tradeSetups.update(id, { ...input, updatedAt: now, pendingSync: true } as Partial<
          Pending<TradeSetup>
        >);
      },
      pullAll,
    );
    return;
  }
  const created: Pending<TradeSetup> = {
    id: crypto.randomUUID(),
    name: input.name,
    description: input.description,
    entryCriteria: input.entryCriteria,
    exitCriteria: input.exitCriteria,
    notes: input.notes,
    successScore: 0,
    createdAt: now,
    updatedAt: now,
    pendingSync: true,
  };
  await submitChange(
    {
      collection: 'tradeSetups',
      method: 'POST',
      path: '/tradesetups',
      body: { ...body, id: created.id },
      label: `Create setup ${input.name}`,
      refresh: ['tradeSetups'],
    },
    async () => {
      await db.tradeSetups.add(created);
    },
    pullAll,
  );
}

export async function deleteSetup(setup: TradeSetup): Promise<void> {
  await submitChange(
    {
      collection: 'tradeSetups',
      method: 'DELETE',
      path: `/tradesetups/${setup.id}`,
      label: `Delete setup ${setup.name}`,
      refresh: ['tradeSetups', 'tradePlans'],
    },
    async () => {
      await db.tradeSetups.delete(setup.id);
    },
    pullAll,
  );
}
