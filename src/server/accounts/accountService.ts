import { validateAccountSettingsForm } from '../../domain/accounts.ts';
import { maskAccountNumber } from '../../domain/format.ts';
import { accountHeat, type HeatPlan } from '../../domain/heat.ts';
import { messages } from '../../domain/messages.ts';
import type { Account, AccountSettingsInput, LiveAccount, Trade } from '../../domain/types.ts';
import type { BrokerAccount } from '../brokers/broker.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import { invalid, notFound, Refusal } from '../refusals.ts';
import {
  addDefaultSettings,
  type StoredAccount,
  saveOrdersAllowed,
  saveSettings,
  settingsOf,
  storedAccount,
} from './accountRepository.ts';

export type { LiveAccount };

/**
 * What an account's heat is figured from: the trader's trades and active plans. Given by app.ts
 * from trades/ and plans/, which read the accounts themselves (docs/architecture.md, "The server").
 */
export type HeatInputs = (
  userId: string,
) => Promise<{ trades: readonly Trade[]; plans: readonly HeatPlan[] }>;

/** The broker's account with the trader's settings of it (every stored field but its stamps). */
function toAccount(b: BrokerAccount, settings: StoredAccount): LiveAccount {
  const { createdAt: _c, updatedAt: _u, ...stored } = settings;
  return {
    ...stored,
    accountName: b.accountName,
    accountNumber: maskAccountNumber(b.accountNumber),
    currentBalance: b.currentBalance,
    availableFundsForTrading: b.availableFundsForTrading,
  };
}

export function createAccountService(
  db: Database,
  brokerAccess: BrokerAccess,
  now: () => Date,
  heatInputs: HeatInputs,
) {
  /** Live balances merged with the trader's settings; an account seen for the first time gets defaults. */
  async function list(userId: string): Promise<LiveAccount[]> {
    const live = await brokerAccess.accounts(userId);
    let rows = await settingsOf(db, userId);
    const known = new Set(rows.map((r) => r.accountHash));
    const unseen = live.filter((b) => !known.has(b.accountHash));
    if (unseen.length > 0) {
      await addDefaultSettings(db, userId, unseen, now());
      rows = await settingsOf(db, userId);
    }
    const byHash = new Map(rows.map((r) => [r.accountHash, r]));
    return live.flatMap((b) => {
      const s = byHash.get(b.accountHash);
      return s ? [toAccount(b, s)] : [];
    });
  }

  /**
   * Each account's open and planned risk (docs/product.md, "Review"), from one build of
   * the trades and one read of the active plans, sized as the plans list sizes them.
   */
  async function withHeat(userId: string, accounts: LiveAccount[]): Promise<Account[]> {
    const { trades, plans } = await heatInputs(userId);
    return accounts.map((a) => {
      const { openRisk, plannedRisk, openWithoutStop } = accountHeat(a, trades, plans);
      return { ...a, openRisk, plannedRisk, openWithoutStop };
    });
  }

  /** A heat limit left out keeps the stored one. */
  async function updateSettings(
    userId: string,
    id: string,
    settings: AccountSettingsInput,
  ): Promise<Account> {
    const accounts = await list(userId);
    const stored = accounts.find((a) => a.id === id);
    if (!stored) throw notFound(messages.accountNotFound);
    // A loss limit in percent is of the balance: checked with the stored unit when the change has none.
    const merged = validateAccountSettingsForm({ ...stored, ...settings });
    if (!merged.ok) throw invalid(merged.errors);
    await saveSettings(db, userId, id, settings, now());
    return answer(userId, id);
  }

  async function answer(userId: string, id: string): Promise<Account> {
    const updated = (await list(userId)).filter((a) => a.id === id);
    if (!updated[0]) throw notFound(messages.accountNotFound);
    return (await withHeat(userId, updated))[0] as Account;
  }

  /**
   * Orders from Trade Tracker on or off for the account (docs/product.md, "Orders"). The row is
   * written before the broker is asked for the answer's balances, so turning orders off never
   * waits on the broker.
   */
  async function setOrdersAllowed(userId: string, id: string, allowed: boolean): Promise<Account> {
    await storedAccount(db, userId, id);
    await saveOrdersAllowed(db, userId, id, allowed, now());
    return answer(userId, id);
  }

  return {
    list,
    /** The accounts as `GET /accounts` answers them: with their heat. */
    listWithHeat: async (userId: string) => withHeat(userId, await list(userId)),
    updateSettings,
    setOrdersAllowed,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * The trader's accounts as trades name them. Names come from the broker; while it is not answering
 * the trades are still shown, unnamed. Any other failure (a sign-in the broker ended) is the
 * trader's to see.
 */
export async function accountNamesOf(
  accounts: Pick<AccountService, 'list'>,
  userId: string,
): Promise<LiveAccount[]> {
  try {
    return await accounts.list(userId);
  } catch (error) {
    if (error instanceof Refusal && (error.kind === 'unavailable' || error.kind === 'limited')) return [];
    throw error;
  }
}
