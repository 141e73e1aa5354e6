// A file with several broker accounts (docs/product.md, "Importing statements"): an IBKR Flex
// Query of several accounts, a Fidelity history, a mapped account column. Its fills go into one
// Trade Tracker account, so only one of the file's accounts is imported at a time.
import type { SkippedRow, StatementFill } from './statement.ts';

/** The broker accounts the file's fills name, in the order they first come. */
export function fileAccounts(fills: readonly Pick<StatementFill, 'account'>[]): string[] {
  const seen = new Set<string>();
  for (const fill of fills) if (fill.account !== null) seen.add(fill.account);
  return [...seen];
}

/** The digits a Trade Tracker account is known by: a manual account's last digits, a broker's masked number's. */
export const digitsOf = (account: { lastDigits: string | null; accountNumber: string }): string =>
  (account.lastDigits ?? account.accountNumber).replace(/\D/g, '');

/** The file's account whose number ends with `digits`, when exactly one does. */
export function accountByDigits(accounts: readonly string[], digits: string): string | undefined {
  if (digits === '') return undefined;
  const matching = accounts.filter((a) => a.replace(/\D/g, '').endsWith(digits));
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * The read with the fills of `brokerAccount` only: another account's fill is skipped as
 * 'otherAccount' (with that account), in line order with the rows skipped already. A fill that
 * names no account stays.
 */
export function onlyAccount<R extends { fills: StatementFill[]; skipped: SkippedRow[] }>(
  read: R,
  brokerAccount: string,
): R {
  const fills: StatementFill[] = [];
  const others: SkippedRow[] = [];
  for (const fill of read.fills) {
    if (fill.account === null || fill.account === brokerAccount) fills.push(fill);
    else others.push({ line: fill.line, reason: 'otherAccount', detail: fill.account });
  }
  if (others.length === 0) return read;
  return { ...read, fills, skipped: [...read.skipped, ...others].sort((a, b) => a.line - b.line) };
}
