// The rows of `account_settings` (docs/product.md, "Accounts"): the trader's own settings for each
// broker account, found by the account's hash at the broker, whose balances are never stored; and
// the accounts the trader added by hand, whose name, last digits and balance are stored here.
// `createAccountRepository` is what the service composes; the queries after it are the ones other
// folders call (docs/architecture.md, "The server").
import { and, count, eq, lt, type SQL, sql } from 'drizzle-orm';
import {
  type AccountRecord,
  type AccountSettingsInput,
  BROKER_ACCOUNT_FIELDS,
  defaultAccountSettings,
  type ManualAccountInput,
} from '../../domain/accounts.ts';
import { MANUAL_ACCOUNTS_MAX } from '../../domain/constants.ts';
import { newManualAccount } from '../../domain/manualAccounts.ts';
import { messages } from '../../domain/messages.ts';
import type { Database, Transaction } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { holdJournal } from '../db/journalLimits.ts';
import { changedFor, insertRecord, ownedBy, ownRow } from '../db/owned.ts';
import { recordFrom, rowFrom } from '../db/rows.ts';
import { accountSettings } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { conflict, notFound } from '../refusals.ts';

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

/**
 * How many fills the trader holds in an account: a manual account is deleted only without any
 * (its fills would go with it). Given by app.ts, since trades/ reads the fills.
 */
export type FillsIn = (q: Database, userId: string, accountId: string) => Promise<number>;

export function createAccountRepository(db: Database, now: () => Date) {
  return {
    /** The trader's settings of every account seen so far, and the accounts added by hand. */
    list: (userId: string) => settingsOf(db, userId),

    /** The trader's stored account with this id, or a 404 as if it did not exist. */
    get: (userId: string, id: string) => storedAccount(db, userId, id),

    /**
     * Settings for broker accounts seen for the first time, with the defaults (P&L is measured
     * from the balance then); an account another request stored meanwhile keeps what it stored.
     */
    async addDefaultSettings(
      userId: string,
      accounts: readonly { accountHash: string; currentBalance: number }[],
    ): Promise<void> {
      if (accounts.length === 0) return;
      const at = now();
      const stamp = at.toISOString();
      const rows = accounts.map((a) =>
        accountRow(userId, {
          id: uuidv7(at.getTime()),
          accountHash: a.accountHash,
          ...BROKER_ACCOUNT_FIELDS,
          ...defaultAccountSettings(a.currentBalance),
          createdAt: stamp,
          updatedAt: stamp,
        }),
      );
      await db.insert(accountSettings).values(rows).onConflictDoNothing();
    },

    /**
     * An account added by hand, with its client-made id (the outbox replays creates), at most
     * MANUAL_ACCOUNTS_MAX of them, counted with the trader's journal held.
     */
    createManual: (userId: string, input: ManualAccountInput) =>
      idempotentCreate({
        db,
        collection: 'accounts',
        id: input.id,
        userId,
        existing: (id) => storedAccount(db, userId, id),
        create: () =>
          db.transaction(async (tx) => {
            await holdJournal(tx, userId);
            const [held] = await tx
              .select({ n: count() })
              .from(accountSettings)
              .where(and(eq(accountSettings.userId, userId), eq(accountSettings.source, 'manual')));
            if (Number(held?.n ?? 0) >= MANUAL_ACCOUNTS_MAX) throw conflict(messages.manualAccountsFull);
            const at = now();
            const id = input.id ?? uuidv7(at.getTime());
            const made = { id, createdAt: input.createdAt };
            return toStoredAccount(
              await insertRecord(tx, accountSettings, userId, made, newManualAccount(id, input), at),
            );
          }),
      }),

    /** Writes the trader's settings of one account (a manual one's name and balance too); a field left out keeps its value. */
    async saveSettings(userId: string, id: string, settings: AccountSettingsInput): Promise<void> {
      await db
        .update(accountSettings)
        .set({ ...settings, updatedAt: now() })
        .where(ownedBy(accountSettings, userId, id));
    },

    /**
     * Turns orders from Trade Tracker on or off for the trader's account (its own call, never the
     * settings'); another trader's account, or none, is a 404.
     */
    async saveOrdersAllowed(userId: string, id: string, allowed: boolean): Promise<void> {
      const written = await db
        .update(accountSettings)
        .set({ ordersAllowed: allowed, updatedAt: now() })
        .where(ownedBy(accountSettings, userId, id))
        .returning({ id: accountSettings.id });
      if (written.length === 0) throw notFound(messages.accountNotFound);
    },

    /**
     * Deletes an account added by hand that holds no fill, leaving a tombstone (a replayed create
     * of it answers 410). Its row is locked first: a fill recorded in it meanwhile waits on the
     * lock and then finds no account, so no fill is ever deleted with it.
     */
    removeManual: (userId: string, id: string, fillsIn: FillsIn) =>
      deleteWithTombstone(
        db,
        'accounts',
        userId,
        id,
        now(),
        messages.accountNotFound,
        async (tx: Transaction) => {
          const row = await ownRow(tx, accountSettings, userId, id, messages.accountNotFound, 'update');
          if (row.source !== 'manual') throw conflict(messages.brokerAccountNotDeleted);
          const fills = await fillsIn(tx, userId, id);
          if (fills > 0) throw conflict(messages.manualAccountHoldsFills(fills));
          await tx.delete(accountSettings).where(ownedBy(accountSettings, userId, id));
          return true;
        },
      ),
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/** The trader's settings of every account seen so far, and the accounts added by hand. */
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
 * Sets a manual account's balance from a statement true at `at`, if its balance was last stated
 * before then (docs/product.md, "Accounts"): its `updatedAt` is when its balance was last stated,
 * so a later statement of an earlier day leaves it. False when a balance stated later is kept.
 */
export async function stateBalance(
  q: Database,
  userId: string,
  id: string,
  amount: number,
  at: Date,
): Promise<boolean> {
  const written = await q
    .update(accountSettings)
    .set({ currentBalance: amount, updatedAt: at })
    .where(
      and(
        ownedBy(accountSettings, userId, id),
        eq(accountSettings.source, 'manual'),
        lt(accountSettings.updatedAt, at),
      ),
    )
    .returning({ id: accountSettings.id });
  return written.length > 0;
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
