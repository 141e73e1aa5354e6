// The trader's settings (docs/product.md, "Settings"): one record per trader, its id the trader's
// own, synced and backed up like the other records. Its struct is the one definition: the type,
// the API's validator, the defaults a trader who never set one has, and the backup's check.
import { NEAR_ENTRY_DEFAULT_R, NEAR_ENTRY_R_MAX, NEAR_ENTRY_R_MIN } from './constants.ts';
import { messages } from './messages.ts';
import { type StatementMapping, statementMappings } from './statements/mapping.ts';
import {
  between,
  type Infer,
  object,
  optionalFields,
  recordOf,
  sameValues,
  validator,
  withDefaults,
} from './validation.ts';

/** What the trader sets; a new setting is one more field here, with its default below. */
const settingsFields = {
  /** A plan shows Near entry this many R from its entry (docs/product.md, "Prices"). */
  nearEntryR: between(
    [NEAR_ENTRY_R_MIN, false, messages.nearEntryROutOfRange],
    [NEAR_ENTRY_R_MAX, messages.nearEntryROutOfRange],
  ),
  /** The columns of the trader's own CSVs, offered for a file with the same header ("Importing statements"). */
  statementMappings,
};

/** What a trader who never saved a setting has. */
export const SETTINGS_DEFAULTS: { nearEntryR: number; statementMappings: StatementMapping[] } = {
  nearEntryR: NEAR_ENTRY_DEFAULT_R,
  statementMappings: [],
};

/**
 * `PUT /api/v1/settings/{id}`: the settings written, each left out kept as it is, so a device
 * that knows fewer fields never resets the others.
 */
const settingsInput = object(optionalFields(settingsFields));
export type TraderSettingsInput = Infer<typeof settingsInput>;

/** The settings as the API answers them, the app caches them and a backup holds them. */
export const traderSettingsRecord = recordOf(withDefaults(settingsFields, SETTINGS_DEFAULTS));
export type TraderSettings = Infer<typeof traderSettingsRecord>;

export const validateTraderSettingsInput = validator(settingsInput);
export const validateTraderSettingsRecord = validator(traderSettingsRecord);

/** The fields a trader sets. */
export const SETTINGS_FIELDS = Object.keys(settingsFields) as (keyof typeof settingsFields)[];

/** The settings of a trader who never saved any: the defaults, under the trader's id. */
export const defaultSettings = (userId: string, at: string): TraderSettings => ({
  id: userId,
  ...SETTINGS_DEFAULTS,
  createdAt: at,
  updatedAt: at,
});

/** The same settings, whenever they were saved (a restore skips them). */
export const sameSettings = (a: TraderSettings, b: TraderSettings): boolean =>
  sameValues(a, b, SETTINGS_FIELDS);
