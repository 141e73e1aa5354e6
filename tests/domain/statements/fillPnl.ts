// The realised P&L per symbol of a statement's fills, through the journal's own FIFO engine
// (src/domain/tradeMatching.ts): what a trader compares with the broker's realised P&L.
import type { Execution } from '../../../src/domain/executions.ts';
import { statementExecution } from '../../../src/domain/statements/importPlan.ts';
import type { StatementFill } from '../../../src/domain/statements/statement.ts';
import { matchFills } from '../../../src/domain/tradeMatching.ts';

/** Net realised P&L (gross − fees of the closed round trips) per symbol, to the cent. */
export function realisedBySymbol(fills: readonly StatementFill[]): Record<string, number> {
  const bySymbol = new Map<string, Execution[]>();
  for (const [i, fill] of fills.entries()) {
    const execution = statementExecution(fill, {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      accountId: '00000000-0000-4000-8000-000000000000',
      brokerExecutionId: fill.brokerId,
      createdAt: fill.executedAt,
    });
    bySymbol.set(fill.symbol, [...(bySymbol.get(fill.symbol) ?? []), execution]);
  }
  const out: Record<string, number> = {};
  for (const [symbol, executions] of bySymbol) {
    executions.sort((a, b) => a.executedAt.localeCompare(b.executedAt));
    const closed = matchFills(executions).filter((trip) => trip.closedAt !== null);
    if (closed.length === 0) continue;
    const net = closed.reduce((sum, trip) => sum + trip.grossPnl - trip.fees, 0);
    out[symbol] = Math.round(net * 100) / 100;
  }
  return out;
}
