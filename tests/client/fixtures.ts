import { screen, within } from '@testing-library/react';
import { type CollectionName, db, metaKeys } from '../../src/client/db/db.ts';
import { resetSyncState } from '../../src/client/sync/syncState.ts';
import type {
  Account,
  Edge,
  Execution,
  MarketCycle,
  SyncAnswer,
  Trade,
  TradePlanDto,
  TraderSettings,
  TradeSetup,
} from '../../src/domain/types.ts';
import { at } from '../fixtures/records.ts';

export {
  accountFixture,
  edgeFixture,
  executionFixture,
  marketCycleFixture,
  planDtoFixture,
  planFixture,
  quoteFixture,
  setupFixture,
  tradeFixture,
} from '../fixtures/records.ts';

/** The cache as a passed sign-in check leaves it: claimed for a trader. */
export async function ownCacheBy(userId = 'alex'): Promise<void> {
  await db.meta.put({ key: metaKeys.userId, value: userId });
}

/** Puts rows in the cache as a finished sync would, marking the cache as loaded. */
export async function seed(name: CollectionName, rows: unknown[]): Promise<void> {
  await db.table(name).bulkPut(rows);
  await db.meta.put({ key: metaKeys.lastSyncAt, value: at });
}

export async function resetCache(): Promise<void> {
  await Promise.all(db.tables.map((t) => t.clear()));
  resetSyncState();
}

/** A first sync's answer (everything, `full`) from whole lists, as `GET /api/v1/sync` gives it. */
export const fullSync = (lists: {
  accounts?: Account[];
  edges?: Edge[];
  tradeSetups?: TradeSetup[];
  tradePlans?: TradePlanDto[];
  marketCycle?: MarketCycle;
  executions?: Execution[];
  trades?: Trade[];
  traderSettings?: TraderSettings[];
  cursor?: string;
}): SyncAnswer => ({
  cursor: lists.cursor ?? '100',
  full: true,
  accounts: lists.accounts ?? [],
  ...(lists.marketCycle ? { marketCycle: lists.marketCycle } : {}),
  edges: { upserted: lists.edges ?? [], deleted: [] },
  tradePlans: { upserted: lists.tradePlans ?? [], deleted: [] },
  executions: { upserted: lists.executions ?? [], deleted: [] },
  traderSettings: { upserted: lists.traderSettings ?? [], deleted: [] },
  tradeSetups: lists.tradeSetups ?? [],
  trades: lists.trades ?? [],
});

/** A later sync's answer: nothing changed unless told. */
export const deltaSync = (o: Partial<SyncAnswer> = {}): SyncAnswer => ({
  cursor: '800',
  full: false,
  accounts: [],
  edges: { upserted: [], deleted: [] },
  tradePlans: { upserted: [], deleted: [] },
  executions: { upserted: [], deleted: [] },
  traderSettings: { upserted: [], deleted: [] },
  ...o,
});

/** The requests received, without their query (a sync's cursor changes every time). */
export const requestPaths = (received: { key: string }[]) =>
  received.map((r) => r.key.split('?')[0] ?? r.key);

/** The first cell of each row of the table shown, below its header: a list's names in order. */
export const firstCells = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);

/** The row of a group (its header's own text `label`) in a statistics table, and its cells by column. */
export function groupRowOf(table: HTMLElement, label: string) {
  const header = within(table)
    .getAllByRole('rowheader')
    .find((th) => th.firstChild?.textContent === label);
  if (!header) throw new Error(`no row ${label}`);
  const row = header.closest('tr') as HTMLElement;
  const cell = (name: string) => (row.querySelector(`[data-label="${name}"]`) as HTMLElement).textContent;
  return { header, row, cell };
}
