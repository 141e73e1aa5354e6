import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_CAPITAL_RISK_PERCENT,
  DEFAULT_HEAT_LIMIT_PERCENT,
  DEFAULT_MAX_TRADE_RISK_PERCENT,
  DEFAULT_SCALE_OUT_FACTOR,
} from '../../domain/constants.ts';
import { maskAccountNumber } from '../../domain/format.ts';
import { messages } from '../../domain/messages.ts';
import type { Account, AccountSettingsInput } from '../../domain/types.ts';
import type { BrokerAccount } from '../brokers/broker.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import { accountSettings } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { notFound, Refusal } from '../refusals.ts';
import type { AccountName } from '../trades/tradeInputs.ts';

type SettingsRow = typeof accountSettings.$inferSelect;

const toAccount = (b: BrokerAccount, s: SettingsRow): Account => ({
  id: s.id,
  accountName: b.accountName,
  accountNumber: maskAccountNumber(b.accountNumber),
  accountHash: b.accountHash,
  currentBalance: b.currentBalance,
  availableFundsForTrading: b.availableFundsForTrading,
  originalBalance: s.originalBalance,
  capitalRisk: s.capitalRisk,
  maxTradeRisk: s.maxTradeRisk,
  scaleOutFactor: s.scaleOutFactor,
  // Placeholders until the heat limit is stored and the heat computed (issue 15, in progress).
  heatLimit: DEFAULT_HEAT_LIMIT_PERCENT,
  openRisk: 0,
  plannedRisk: 0,
  openWithoutStop: 0,
});

export function createAccountService(db: Database, brokerAccess: BrokerAccess, now: () => Date) {
  /** Live balances merged with the trader's settings; an account seen for the first time gets defaults. */
  async function list(userId: string): Promise<Account[]> {
    const live = await brokerAccess.accounts(userId);
    let rows = await db.select().from(accountSettings).where(eq(accountSettings.userId, userId));
    const known = new Set(rows.map((r) => r.accountHash));
    const unseen = live.filter((b) => !known.has(b.accountHash));
    if (unseen.length > 0) {
      const at = now();
      await db
        .insert(accountSettings)
        .values(
          unseen.map((b) => ({
            id: uuidv7(at.getTime()),
            userId,
            accountHash: b.accountHash,
            originalBalance: b.currentBalance,
            capitalRisk: DEFAULT_CAPITAL_RISK_PERCENT,
            maxTradeRisk: DEFAULT_MAX_TRADE_RISK_PERCENT,
            scaleOutFactor: DEFAULT_SCALE_OUT_FACTOR,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing();
      rows = await db.select().from(accountSettings).where(eq(accountSettings.userId, userId));
    }
    const byHash = new Map(rows.map((r) => [r.accountHash, r]));
    return live.flatMap((b) => {
      const s = byHash.get(b.accountHash);
      return s ? [toAccount(b, s)] : [];
    });
  }

  async function updateSettings(
    userId: string,
    id: string,
    settings: AccountSettingsInput,
  ): Promise<Account> {
    const accounts = await list(userId);
    if (!accounts.some((a) => a.id === id)) throw notFound(messages.accountNotFound);
    await db
      .update(accountSettings)
      .set({
        originalBalance: settings.originalBalance,
        capitalRisk: settings.capitalRisk,
        maxTradeRisk: settings.maxTradeRisk,
        scaleOutFactor: settings.scaleOutFactor,
        updatedAt: now(),
      })
      .where(and(eq(accountSettings.id, id), eq(accountSettings.userId, userId)));
    const updated = (await list(userId)).find((a) => a.id === id);
    if (!updated) throw notFound(messages.accountNotFound);
    return updated;
  }

  return { list, updateSettings };
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
): Promise<AccountName[]> {
  try {
    return await accounts.list(userId);
  } catch (error) {
    if (error instanceof Refusal && error.kind === 'unavailable') return [];
    throw error;
  }
}
