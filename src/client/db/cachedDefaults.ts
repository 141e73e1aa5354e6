// What a cached record holds for a field it lacks: the domain's defaults, the one place an older
// cache's rows are brought to this app's shape (db.ts, `fitToShape`). Loaded only when the shape
// differs, so the first download does not carry the record modules.
import { fillDefaults } from '../../domain/executions.ts';
import { setupDefaults } from '../../domain/setups.ts';
import { unlinked } from '../../domain/tradeAnnotation.ts';
import { planDefaults } from '../../domain/tradePlans.ts';
import { SETTINGS_DEFAULTS } from '../../domain/traderSettings.ts';
import type { CollectionName } from './db.ts';

export const CACHED_DEFAULTS: Partial<Record<CollectionName, Readonly<Record<string, unknown>>>> = {
  executions: fillDefaults,
  tradeSetups: setupDefaults,
  tradePlans: planDefaults,
  trades: unlinked,
  traderSettings: SETTINGS_DEFAULTS,
};
