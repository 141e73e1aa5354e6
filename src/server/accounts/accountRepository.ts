// The rows of `account_settings`: the trader's own settings for each broker account, found by the
// account's hash at the broker (docs/product.md, "Accounts"). Balances are the broker's, never stored.
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  type AccountRecord,
  type AccountSettingsInput,
  defaultAccountSettings,
} from '../../domain/accounts.ts';
import { messages } from '../../domain/messages.ts';
import type { Database } from '../db/database.ts';
import { changedFor, ownedBy, ownRow } from '../db/owned.ts';
import { recordFrom, rowFrom } from '../db/rows.ts';
import { accountSettings } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { notFound } from '../refusals.ts';

type SettingsRow = typeof accountSettings.$inferSelect;

/** What the server keeps of an account: its settings, and whether orders are allowed for it. */
export type StoredAccount = AccountRecord & { ordersAllowed: boolean };

/** The settings a row holds, with whether orders are allowed: the API's (with live balances). */
export const toStoredAccount: (row: SettingsRow) => StoredAccount = recordFrom(accountSettings);

/**
 * The settings a row holds as the backup carries them (accountBackup.ts): whether orders are
 * allowed is left out, so a restore never turns them on (docs/product.md, "Orders").
 */
export function toAccountRecord(row: SettingsRow): AccountRecord {
  const { ordersAllowed: _server, ...record } = toStoredAccount(row);
  return record;
}

const toRow = rowFrom(accountSettings);

/**
 * The row settings are stored as, owned by the trader. A record carries no `ordersAllowed`, and a
 * field left undefined is not written: an update keeps what is stored, an insert the column's
 * default (off).
 */
export const accountRow = (userId: string, record: AccountRecord): typeof accountSettings.$inferInsert =>
  toRow(userId, record as StoredAccount);

/** The trader's settings of every account seen so far. */
export async function settingsOf(q: Database, userId: string): Promise<StoredAccount[]> {
  return (await q.select().from(accountSettings).where(eq(accountSettings.userId, userId))).map(
    toStoredAccount,
  );
}

/**
 * The trader's stored account with this id, or a 404 as if it did not exist; held until the
 * transaction `q` ends when `lock` says so (an order's placement: orders/orderGate.ts).
 */
export async function storedAccount(
  q: Database,
  userId: string,
  id: string,
  lock?: 'update',
): Promise<StoredAccount> {
  return toStoredAccount(await ownRow(q, accountSettings, userId, id, messages.accountNotFound, lock));
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

/**
 * Turns orders from Trade Tracker on or off for the trader's account (its own call, never the
 * settings'); another trader's account, or none, is a 404.
 */
export async function saveOrdersAllowed(
  q: Database,
  userId: string,
  id: string,
  allowed: boolean,
  at: Date,
): Promise<void> {
  const written = await q
    .update(accountSettings)
    .set({ ordersAllowed: allowed, updatedAt: at })
    .where(ownedBy(accountSettings, userId, id))
    .returning({ id: accountSettings.id });
  if (written.length === 0) throw notFound(messages.accountNotFound);
}

/** Whether `accountId` is one of the trader's accounts (a fill is recorded only in those). */
export async function isOwnAccount(q: Database, userId: string, accountId: string): Promise<boolean> {
  const rows = await q
    .select({ id: accountSettings.id })
    .from(accountSettings)
    .where(ownedBy(accountSettings, userId, accountId));
  return rows.length > 0;
}

/** Whether the trader wrote an account's settings since a cursor: one clause of the sync's probe. */
export const settingsWrittenSince = (userId: string, since: string): SQL =>
  sql`exists (select 1 from ${accountSettings} where ${changedFor(accountSettings, userId, since)})`;
