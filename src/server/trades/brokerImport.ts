import type { ImportResult } from '../../domain/types.ts';
import type { AccountService } from '../accounts/accountService.ts';
import type { BrokerExecutionPage } from '../brokers/broker.ts';
import type { FillRepository } from './fillRepository.ts';

/** `brokerAccess.executions`: one account's fills since a time, through the shared request budget. */
export type BrokerFills = (userId: string, accountHash: string, since: Date) => Promise<BrokerExecutionPage>;

/**
 * "Import the broker's fills now", at most one run per trader at a time in this process: a
 * second request while one runs joins it and gets its answer, so repeated clicks (or a script)
 * cannot multiply the calls to the broker, whose request budget every trader shares. Across
 * processes two runs may overlap; the unique index keeps the result the same.
 */
export function createBrokerImport(repo: FillRepository, accounts: AccountService, fills: BrokerFills) {
  const running = new Map<string, Promise<ImportResult>>();

  return {
    run(userId: string): Promise<ImportResult> {
      let pending = running.get(userId);
      if (!pending) {
        pending = (async () => {
          const list = await accounts.list(userId);
          return repo.importFromBroker(userId, list, (accountHash, since) =>
            fills(userId, accountHash, since),
          );
        })().finally(() => running.delete(userId));
        running.set(userId, pending);
      }
      return pending;
    },
  };
}

export type BrokerImport = ReturnType<typeof createBrokerImport>;
