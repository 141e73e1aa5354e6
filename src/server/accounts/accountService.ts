import { type ManualAccountInput, validateAccountSettingsForm } from '../../domain/accounts.ts';
import { maskAccountNumber } from '../../domain/format.ts';
import { accountHeat, type HeatPlan } from '../../domain/heat.ts';
import { manualLiveAccount } from '../../domain/manualAccounts.ts';
import { messages } from '../../domain/messages.ts';
import type { Account, AccountSettingsInput, LiveAccount, Trade } from '../../domain/types.ts';
import type { BrokerAccount } from '../brokers/broker.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import { conflict, invalid, notFound, Refusal } from '../refusals.ts';
import type { AccountRepository, FillsIn, StoredAccount } from './accountRepository.ts';

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

/** An account added by hand as the API answers it (every stored field but its stamps). */
export function toManualAccount(settings: StoredAccount): LiveAccount {
  const { createdAt: _c, updatedAt, ...stored } = settings;
  // A manual account's row is stamped when its balance is stated (accountRepository.ts, stateBalance).
  return { ...manualLiveAccount(stored), balanceAsOf: updatedAt };
}

export function createAccountService(
  repository: AccountRepository,
  brokerAccess: BrokerAccess,
  heatInputs: HeatInputs,
  fillsIn: FillsIn,
) {
  /**
   * Live balances merged with the trader's settings, then the accounts added by hand; a broker
   * account seen for the first time gets defaults. The broker's answer never touches a manual one.
   */
  async function list(userId: string): Promise<LiveAccount[]> {
    const live = await brokerAccess.accounts(userId);
    let rows = await repository.list(userId);
    const known = new Set(rows.map((r) => r.accountHash));
    const unseen = live.filter((b) => !known.has(b.accountHash));
    if (unseen.length > 0) {
      await repository.addDefaultSettings(userId, unseen);
      rows = await repository.list(userId);
    }
    const byHash = new Map(rows.map((r) => [r.accountHash, r]));
    const brokers = live.flatMap((b) => {
      const s = byHash.get(b.accountHash);
      return s?.source === 'broker' ? [toAccount(b, s)] : [];
    });
    const manual = rows
      .filter((r) => r.source === 'manual')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
      .map(toManualAccount);
    return [...brokers, ...manual];
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

  /**
   * A heat limit left out keeps the stored one. A manual account's name, last digits and balance
   * may come too; a broker account's are the broker's, refused on their field.
   */
  async function updateSettings(
    userId: string,
    id: string,
    settings: AccountSettingsInput,
  ): Promise<Account> {
    const accounts = await list(userId);
    const stored = accounts.find((a) => a.id === id);
    if (!stored) throw notFound(messages.accountNotFound);
    if (stored.source !== 'manual') {
      const byBroker = (['accountName', 'lastDigits', 'currentBalance'] as const).filter(
        (field) => settings[field] !== undefined,
      );
      if (byBroker.length > 0) {
        throw invalid(byBroker.map((field) => ({ field, message: messages.brokerAccountByBroker })));
      }
    }
    const { accountName: _n, lastDigits: _d, currentBalance: _b, ...own } = settings;
    // A loss limit in percent is of the balance: checked with the stored unit when the change has none.
    const merged = validateAccountSettingsForm({ ...stored, ...own });
    if (!merged.ok) throw invalid(merged.errors);
    await repository.saveSettings(userId, id, settings);
    return answer(userId, id);
  }

  /** An account added by hand (docs/product.md, "Accounts"): the same record again for a replayed create. */
  async function createManual(userId: string, input: ManualAccountInput) {
    const { value, created } = await repository.createManual(userId, input);
    return { value: await answer(userId, value.id), created };
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
    const stored = await repository.get(userId, id);
    // No broker, no orders: turning them off is allowed (and changes nothing).
    if (allowed && stored.source === 'manual') throw conflict(messages.ordersNeedBroker, 'allowed');
    await repository.saveOrdersAllowed(userId, id, allowed);
    return answer(userId, id);
  }

  return {
    list,
    /** The broker's accounts only: what the broker's import asks fills of (never a manual one). */
    brokerAccounts: async (userId: string) => (await list(userId)).filter((a) => a.source === 'broker'),
    /** The accounts as `GET /accounts` answers them: with their heat. */
    listWithHeat: async (userId: string) => withHeat(userId, await list(userId)),
    updateSettings,
    createManual,
    /** Deletes an account added by hand that holds no fill (never a broker's). */
    removeManual: (userId: string, id: string) => repository.removeManual(userId, id, fillsIn),
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
