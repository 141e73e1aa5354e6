// A statement's fills as the journal's trades: the domain's own FIFO engine (tradeMatching.ts)
// run per symbol over the fills in the order given (oldest first), for P&L worked by hand.
import type { Execution } from '../../../src/domain/executions.ts';
import type { StatementFill } from '../../../src/domain/statements/statement.ts';
import { matchFills } from '../../../src/domain/tradeMatching.ts';

export interface SymbolResult {
  trips: number;
  /** Realised P&L less fees of the closed trips, to the cent. */
  net: number;
  openQuantity: number;
}

export function resultsBySymbol(fills: readonly StatementFill[]): Record<string, SymbolResult> {
  const bySymbol = new Map<string, Execution[]>();
  fills.forEach((fill, i) => {
    const execution: Execution = {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      accountId: '00000000-0000-4000-8000-000000000000',
      symbol: fill.symbol,
      side: fill.side,
      quantity: fill.quantity,
      price: fill.price,
      fees: fill.fees,
      executedAt: fill.executedAt,
      kind: fill.kind,
      source: 'statement',
      brokerExecutionId: null,
      positionEffect: fill.positionEffect,
      createdAt: fill.executedAt,
    };
    bySymbol.set(fill.symbol, [...(bySymbol.get(fill.symbol) ?? []), execution]);
  });
  const out: Record<string, SymbolResult> = {};
  for (const [symbol, executions] of bySymbol) {
    const trips = matchFills(executions);
    const closed = trips.filter((t) => t.closedAt !== null);
    const net = closed.reduce((sum, t) => sum + t.grossPnl - t.fees, 0);
    out[symbol] = {
      trips: trips.length,
      net: Math.round(net * 100) / 100,
      openQuantity: trips.reduce((sum, t) => sum + t.openQuantity, 0),
    };
  }
  return out;
}
