// An account added by hand (docs/product.md, "Accounts"): what a new one is made of and how it is
// shown, the same on the server (its answer) and in the app (its row while offline).
import {
  type AccountRecord,
  defaultAccountSettings,
  type LiveAccount,
  type ManualAccountInput,
  manualAccountHash,
} from './accounts.ts';
import { maskAccountNumber } from './format.ts';

/** What a new manual account is made of: its input over the defaults, its hash from its id. */
export function newManualAccount(
  id: string,
  input: ManualAccountInput,
): Omit<AccountRecord, 'id' | 'createdAt' | 'updatedAt'> {
  const d = defaultAccountSettings(input.currentBalance);
  return {
    source: 'manual',
    accountHash: manualAccountHash(id),
    accountName: input.accountName,
    lastDigits: input.lastDigits ?? '',
    currentBalance: input.currentBalance,
    originalBalance: input.originalBalance,
    capitalRisk: input.capitalRisk,
    maxTradeRisk: input.maxTradeRisk,
    scaleOutFactor: input.scaleOutFactor ?? d.scaleOutFactor,
    heatLimit: input.heatLimit ?? d.heatLimit,
    dailyLossLimit: input.dailyLossLimit ?? d.dailyLossLimit,
    dailyLossLimitUnit: input.dailyLossLimitUnit ?? d.dailyLossLimitUnit,
    maxNewTradesPerDay: input.maxNewTradesPerDay ?? d.maxNewTradesPerDay,
  };
}

/**
 * An account added by hand as the API answers it and the app shows it: its balance is the trader's
 * figure, all of it free (what it holds in positions is not known: docs/product.md, "Accounts").
 */
export function manualLiveAccount(
  stored: Omit<AccountRecord, 'createdAt' | 'updatedAt'> & { ordersAllowed: boolean },
): LiveAccount {
  const balance = stored.currentBalance ?? 0;
  return {
    ...stored,
    accountName: stored.accountName ?? '',
    accountNumber: stored.lastDigits ? maskAccountNumber(stored.lastDigits) : '',
    currentBalance: balance,
    availableFundsForTrading: balance,
  };
}
