/**
 * The backup's part of `npm run bench` (scripts/bench.ts): on the running server, Sam restores a
 * journal of 10,000 plans and 5,000 fills in one POST /api/v1/backup, then downloads it again
 * with GET /api/v1/backup. Sam, not Alex: Alex's Dashboard is what Lighthouse measures after.
 */
import { randomUUID } from 'node:crypto';
import type { Backup, BackupExecution, BackupTradePlan, RestoreResult } from '../src/domain/backup.ts';
import type { Account } from '../src/domain/types.ts';
import { signIn } from './benchServer.ts';

export const PLANS = 10_000;
export const FILLS = 5_000;

/** A journal of the size the restore must take, in Sam's accounts. */
export function largeJournal(base: Backup, accounts: Account[]): Backup {
  const now = Date.now();
  const at = new Date(now - 30 * 86_400_000).toISOString();
  const statuses = ['Draft', 'Ready', 'Hold', 'Discarded'] as const;
  const tradePlans: BackupTradePlan[] = Array.from({ length: PLANS }, (_, i) => ({
    id: randomUUID(),
    stock: `R${i.toString(36).toUpperCase()}`,
    entryPrice: 100 + (i % 50),
    stopLossPrice: 90,
    targetPrice: i % 2 ? 200 : null,
    probabilityOfSuccess: i % 100,
    status: statuses[i % statuses.length] ?? 'Draft',
    scanId: null,
    tradeSetupId: null,
    edgeIds: [],
    notes: `Plan ${i}: entry on a close above the range, stop under the last swing low`,
    marketCycleAtCreation: 'Uptrend',
    doneAt: null,
    alertsOn: true,
    direction: 'Long',
    criteriaMet: [],
    createdAt: at,
    updatedAt: at,
  }));
  const executions: BackupExecution[] = Array.from({ length: FILLS }, (_, i) => ({
    id: randomUUID(),
    accountId: accounts[i % accounts.length]?.id as string,
    symbol: `F${i % 300}`,
    side: i % 2 ? 'Sell' : 'Buy',
    quantity: 10,
    price: 20 + (i % 7),
    fees: 0.5,
    executedAt: new Date(now - (FILLS - i) * 60_000 - 3_600_000).toISOString(),
    createdAt: at,
  }));
  return { ...base, tradePlans, executions };
}

export async function benchBackup(url: string): Promise<void> {
  const cookie = await signIn(url, 'sam');
  const headers = { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' };
  const accounts = (await (await fetch(`${url}/api/v1/accounts`, { headers })).json()) as Account[];
  const base = (await (await fetch(`${url}/api/v1/backup`, { headers })).json()) as Backup;
  const body = JSON.stringify(largeJournal(base, accounts));

  let start = performance.now();
  const res = await fetch(`${url}/api/v1/backup`, { method: 'POST', headers, body });
  const result = (await res.json()) as RestoreResult;
  const restoreMs = performance.now() - start;
  if (!res.ok) throw new Error(`POST /api/v1/backup: ${res.status} ${JSON.stringify(result).slice(0, 300)}`);

  start = performance.now();
  const back = await fetch(`${url}/api/v1/backup`, { headers });
  const text = await back.text();
  const exportMs = performance.now() - start;

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `${'POST /api/v1/backup (restore)'.padEnd(38)} ${PLANS} plans, ${FILLS} fills, ${mb(body.length)} MB  ${restoreMs.toFixed(0)} ms (${result.restored.tradePlans} plans, ${result.restored.executions} fills written)`,
  );
  console.log(
    `${'GET /api/v1/backup (download)'.padEnd(38)} ${mb(text.length)} MB  ${exportMs.toFixed(0)} ms`,
  );
}
