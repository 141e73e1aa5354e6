import { newSetup } from '../../domain/setups.ts';
import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';
import type { SaveOutcome } from '../sync/outbox.ts';

const setups = resourceWrites<TradeSetup>({ collection: 'tradeSetups', path: '/tradesetups', noun: 'setup' });

// The spec's create and update send `rules`, always empty; the server ignores it.
export const saveSetup = (input: TradeSetupInput, existing?: TradeSetup): Promise<SaveOutcome> =>
  setups.save(input, existing, newSetup, { ...input, rules: [] });

export const deleteSetup = (setup: TradeSetup) => setups.remove(setup, setup.name);
