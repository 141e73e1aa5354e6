import { newSetup } from '../../domain/setups.ts';
import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';
import type { SaveOutcome } from '../sync/outbox.ts';

const setups = resourceWrites<TradeSetup>({ collection: 'tradeSetups', path: '/tradesetups', noun: 'setup' });

export async function saveSetup(input: TradeSetupInput, existing?: TradeSetup): Promise<SaveOutcome> {
  // The spec's create and update send `rules`, always empty; the server ignores it.
  const body = { ...input, rules: [] };
  if (existing) {
    return setups.update(existing, body, input.name, () => ({ ...existing, ...input }));
  }
  const id = crypto.randomUUID();
  return setups.create({ ...body, id }, input.name, (createdAt) => ({
    id,
    ...newSetup(input),
    createdAt,
    updatedAt: createdAt,
  }));
}

export const deleteSetup = (setup: TradeSetup) => setups.remove(setup, setup.name);
