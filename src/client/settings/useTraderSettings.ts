import { defaultSettings } from '../../domain/traderSettings.ts';
import type { TraderSettings } from '../../domain/types.ts';
import { cacheOwner, db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

// Before any sync, and for a trader who never saved one, the defaults stand in, dated never.
const NEVER = new Date(0).toISOString();

/** The trader's settings as cached, or the defaults under the trader's id; undefined while read. */
export function useStoredSettings(): TraderSettings | undefined {
  return useLiveQuery(async () => {
    const [row, owner] = await Promise.all([db.traderSettings.toCollection().first(), cacheOwner()]);
    return row ?? defaultSettings(owner ?? '', NEVER);
  }, []);
}

/** The trader's settings, the defaults while they are read: what a page shows with them. */
export function useTraderSettings(): TraderSettings {
  return useStoredSettings() ?? defaultSettings('', NEVER);
}
