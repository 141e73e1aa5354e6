// The rows of `account_settings`: the trader's own settings for each broker account, found by the
// account's hash at the broker (docs/product.md, "Accounts"). Balances are the broker's, never stored.
import { eq } from 'drizzle-orm';
import {
  type AccountRecord,
  type AccountSettingsInput,
  defaultAccountSettings,
} from '../../domain/accounts.ts';
import type { Database } from '../db/database.ts';
import { ownedBy } from '../db/owned.ts';
import { recordFrom, rowFrom } from '../db/rows.ts';
import { accountSettings } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';

type SettingsRow = typeof accountSettings.$inferSelect;

/** The settings a row holds: the API's (with live balances) and the backup's (accountBackup.ts). */
export const toAccountRecord: (row: SettingsRow) => AccountRecord = recordFrom(accountSettings);
/** The row settings are stored as, owned by the trader. */
export const accountRow: (userId: string, record: AccountRecord) => typeof accountSettings.$inferInsert =
  rowFrom(accountSettings);

/** The trader's settings of every account seen so far. */
export async function settingsOf(q: Database, userId: string): Promise<AccountRecord[]> {
  return (await q.select().from(accountSettings).where(eq(accountSettings.userId, userId))).map(
    toAccountRecord,
  );
}

/**
 * Settings for accounts seen for the first time, with the defaults (P&L is measured from the
 * balance then); an account another request stored meanwhile keeps what it stored.
 */
export async function addDefaultSettings(
  q: Database,
  userId: string,
  accounts: readonly { accountHash: string; currentBalance: number }[],
  at: Date,
): Promise<void> {
  if (accounts.length === 0) return;
  const stamp = at.toISOString();
  const rows = accounts.map((a) =>
    accountRow(userId, {
      id: uuidv7(at.getTime()),
      accountHash: a.accountHash,
      ...defaultAccountSettings(a.currentBalance),
      createdAt: stamp,
      updatedAt: stamp,
    }),
  );
  await q.insert(accountSettings).values(rows).onConflictDoNothing();
}

/** Writes the trader's settings of one account; a field left out keeps its stored value. */
export async function saveSettings(
  q: Database,
  userId: string,
  id: string,
  settings: AccountSettingsInput,
  at: Date,
): Promise<void> {
  await q
    .update(accountSettings)
    .set({ ...settings, updatedAt: at })
    .where(ownedBy(accountSettings, userId, id));
}
