// The three CSV exports' columns (docs/product.md, "Export and backup"): one row per plan, trade
// or fill, with ISO 8601 times, plain numbers, and the setup and edges by name.

import type { CsvColumn } from './csv.ts';
import { contractLabel } from './optionContract.ts';
import { type ComparedPlan, plannedVsActualOf, type SizingAccount } from './plannedVsActual.ts';
import { ANNOTATION_FIELDS, annotationHeaders } from './tradeAnnotation.ts';
import type { Account, Edge, Execution, Trade, TradePlan, TradeSetup } from './types.ts';

export type CsvExportKind = 'tradePlans' | 'trades' | 'executions';

/** Names the rows refer to by id: setups, edges (deactivated ones the cache lacks are 'Deleted edge'), accounts, plans. */
export interface CsvNames {
  setups: readonly Pick<TradeSetup, 'id' | 'name'>[];
  edges: readonly Pick<Edge, 'id' | 'name'>[];
  accounts: readonly Pick<Account, 'id' | 'accountName'>[];
  plans: readonly ComparedPlan[];
}

/** An edge the plan cites that is no longer in the list (deactivated): as the review labels it. */
export const DELETED_EDGE_NAME = 'Deleted edge';
/** Edge names in one cell, in the plan's order. */
export const EDGE_NAME_SEPARATOR = '; ';
/** A trade's tags, its mistakes, a plan's ticked criteria: in one cell each, as the edges. */
export const LABEL_SEPARATOR = EDGE_NAME_SEPARATOR;

const lookup = <T extends { id: string }, V>(rows: readonly T[], value: (row: T) => V) =>
  new Map(rows.map((r) => [r.id, value(r)]));

export function tradePlanColumns(names: Pick<CsvNames, 'setups' | 'edges'>): CsvColumn<TradePlan>[] {
  const setupName = lookup(names.setups, (s) => s.name);
  const edgeName = lookup(names.edges, (e) => e.name);
  return [
    { header: 'Id', value: (p) => p.id },
    { header: 'Stock', value: (p) => p.stock },
    { header: 'Direction', value: (p) => p.direction },
    { header: 'Status', value: (p) => p.status },
    { header: 'Entry Price', value: (p) => p.entryPrice },
    { header: 'Stop Loss', value: (p) => p.stopLossPrice },
    { header: 'Target Price', value: (p) => p.targetPrice },
    { header: 'Probability', value: (p) => p.probabilityOfSuccess },
    // A setup deleted on this device and not yet synced reads as none, as it soon will be.
    {
      header: 'Setup',
      value: (p) => (p.tradeSetupId === null ? null : (setupName.get(p.tradeSetupId) ?? null)),
    },
    {
      header: 'Edges',
      value: (p) => p.edgeIds.map((id) => edgeName.get(id) ?? DELETED_EDGE_NAME).join(EDGE_NAME_SEPARATOR),
    },
    { header: 'Scan Id', value: (p) => p.scanId },
    { header: 'Market Cycle at Creation', value: (p) => p.marketCycleAtCreation },
    { header: 'Notes', value: (p) => p.notes },
    { header: 'Alerts On', value: (p) => p.alertsOn },
    { header: 'Done At', value: (p) => p.doneAt },
    // The setup's criteria the plan ticked, as ticked.
    { header: 'Criteria Met', value: (p) => p.criteriaMet.join(LABEL_SEPARATOR) },
    { header: 'Created At', value: (p) => p.createdAt },
    { header: 'Updated At', value: (p) => p.updatedAt },
  ];
}

/** The trades' columns; the accounts, with their figures now, size each trade's plan. */
export function tradeColumns(
  names: Pick<CsvNames, 'setups' | 'plans'> & { accounts: readonly SizingAccount[] },
): CsvColumn<Trade>[] {
  const setupName = lookup(names.setups, (s) => s.name);
  const setupOfPlan = lookup(names.plans, (p) => p.tradeSetupId);
  const setupOf = (t: Trade) => {
    const setupId = t.planId === null ? null : setupOfPlan.get(t.planId);
    return setupId ? (setupName.get(setupId) ?? null) : null;
  };
  const planOf = lookup(names.plans, (p) => p);
  // Planned against actual (docs/product.md, "Review"), for a trade linked to a plan held here.
  const againstPlan = (t: Trade) => {
    const plan = t.planId === null ? undefined : planOf.get(t.planId);
    return plan ? plannedVsActualOf(t, plan, names.accounts) : null;
  };
  return [
    { header: 'Id', value: (t) => t.id },
    { header: 'Account', value: (t) => t.accountName },
    { header: 'Symbol', value: (t) => t.symbol },
    { header: 'Direction', value: (t) => t.direction },
    { header: 'Opened At', value: (t) => t.openedAt },
    { header: 'Closed At', value: (t) => t.closedAt },
    { header: 'Entry Quantity', value: (t) => t.entryQuantity },
    { header: 'Open Quantity', value: (t) => t.openQuantity },
    { header: 'Average Entry', value: (t) => t.averageEntryPrice },
    { header: 'Average Exit', value: (t) => t.averageExitPrice },
    { header: 'Gross P&L', value: (t) => t.grossPnl },
    { header: 'Fees', value: (t) => t.fees },
    { header: 'Net P&L', value: (t) => t.netPnl },
    { header: 'Initial Risk', value: (t) => t.initialRisk },
    { header: 'R', value: (t) => t.rMultiple },
    { header: 'Planned', value: (t) => t.planned },
    { header: 'Setup', value: setupOf },
    { header: 'Entry Slippage R', value: (t) => againstPlan(t)?.entrySlippageR ?? null },
    { header: 'Planned Size', value: (t) => againstPlan(t)?.sizeAllowed ?? null },
    { header: 'Incomplete', value: (t) => t.incomplete },
    // What the trader attached, a column a field, in the annotation's order.
    ...ANNOTATION_FIELDS.map(
      (field): CsvColumn<Trade> => ({
        header: annotationHeaders[field],
        value: (t) => {
          const value = t[field];
          return Array.isArray(value) ? value.join(LABEL_SEPARATOR) : value;
        },
      }),
    ),
    // An option's trade (docs/product.md, "Options"): its contract, and how it ended without a price.
    { header: 'Contract', value: (t) => (t.option ? contractLabel(t.symbol, t.option) : null) },
    { header: 'Closed By', value: (t) => t.closedBy ?? null },
  ];
}

export function executionColumns(names: Pick<CsvNames, 'accounts'>): CsvColumn<Execution>[] {
  const accountName = lookup(names.accounts, (a) => a.accountName);
  return [
    { header: 'Id', value: (e) => e.id },
    { header: 'Account', value: (e) => accountName.get(e.accountId) ?? '' },
    { header: 'Symbol', value: (e) => e.symbol },
    { header: 'Side', value: (e) => e.side },
    { header: 'Quantity', value: (e) => e.quantity },
    { header: 'Price', value: (e) => e.price },
    { header: 'Fees', value: (e) => e.fees },
    { header: 'Executed At', value: (e) => e.executedAt },
    { header: 'Source', value: (e) => e.source },
    { header: 'Broker Execution Id', value: (e) => e.brokerExecutionId },
    { header: 'Position Effect', value: (e) => e.positionEffect },
    // A split or a transfer is not a trade at a price: the kind says so (a row cached before kinds is a fill).
    { header: 'Kind', value: (e) => e.kind ?? 'fill' },
    { header: 'Created At', value: (e) => e.createdAt },
    // An option fill's contract (docs/product.md, "Options"); empty for a stock.
    { header: 'Expiration', value: (e) => e.option?.expiration ?? null },
    { header: 'Strike', value: (e) => e.option?.strike ?? null },
    { header: 'Put/Call', value: (e) => e.option?.putCall ?? null },
    { header: 'Multiplier', value: (e) => e.option?.multiplier ?? null },
  ];
}

/** The file name of an export made on `date` (YYYY-MM-DD, the trader's own day). */
export const csvFileName = (kind: CsvExportKind, date: string): string =>
  `trade-tracker-${{ tradePlans: 'trade-plans', trades: 'trades', executions: 'executions' }[kind]}-${date}.csv`;
