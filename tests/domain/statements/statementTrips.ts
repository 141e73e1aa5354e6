// A statement's fills as the journal's trades: the import's own plan
// (src/domain/statements/importPlan.ts) and the trade builder the app and the server run
// (src/domain/tradeFigures.ts), in the file's order, so a test's P&L is the trader's.
import { planImport } from '../../../src/domain/statements/importPlan.ts';
import type { StatementFill } from '../../../src/domain/statements/statement.ts';
import { tradeFiguresOf } from '../../../src/domain/tradeFigures.ts';

export interface SymbolResult {
  trips: number;
  /** Net P&L of the closed trades, to the cent (null when one's entry cost is unknown). */
  net: number | null;
  openQuantity: number;
}

const ACCOUNT = '00000000-0000-4000-8000-000000000001';

export function resultsBySymbol(fills: readonly StatementFill[]): Record<string, SymbolResult> {
  const { add } = planImport(fills, ACCOUNT, [], '2026-12-01T00:00:00.000Z');
  const out: Record<string, SymbolResult> = {};
  for (const trade of tradeFiguresOf(add)) {
    const known = out[trade.symbol] ?? { trips: 0, net: 0, openQuantity: 0 };
    const closedNet = trade.closedAt === null ? 0 : trade.netPnl;
    known.trips += 1;
    known.net =
      known.net === null || closedNet === null ? null : Math.round((known.net + closedNet) * 100) / 100;
    known.openQuantity += trade.openQuantity;
    out[trade.symbol] = known;
  }
  return out;
}

/** Each fill as the tests list it: line, kind, symbol, side, quantity, price, fees, time, open or close. */
export const fillRows = (fills: readonly StatementFill[]) =>
  fills.map((f) => [
    f.line,
    f.kind,
    f.symbol,
    f.side,
    f.quantity,
    f.price,
    f.fees,
    f.executedAt,
    f.positionEffect,
  ]);
