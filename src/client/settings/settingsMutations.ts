import type { TraderSettings, TraderSettingsInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const settings = resourceWrites<TraderSettings>({
  collection: 'traderSettings',
  path: '/settings',
  noun: 'trader',
});

/**
 * Saves the trader's settings over those cached (or the defaults): sent at once, or shown here and
 * queued while offline, like every record ("Update trader settings").
 */
export const saveSettings = (current: TraderSettings, input: TraderSettingsInput) =>
  settings.update(current, input, 'settings', () => ({ ...current, ...input }));
