import { newSetup } from '../../domain/setups.ts';
import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const setups = resourceWrites<TradeSetup>({ collection: 'tradeSetups', path: '/tradesetups', noun: 'setup' });

export async function saveSetup(input: TradeSetupInput, existing?: TradeSetup): Promise<void> {
  // The spec's create and update send `rules`, always empty; the server ignores it.
  const body = { ...input, rules: [] };
  if (existing) {
    await setups.update(existing, body, input.name, () => ({ ...existing, ...input }));
    return;
  }
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await setups.create({ ...body, id }, input.name, () => ({
    id,
    ...newSetup(input),
    createdAt: now,
    updatedAt: now,
  }));
}

export const deleteSetup = (setup: TradeSetup) => setups.remove(setup, setup.name).then(() => {});
