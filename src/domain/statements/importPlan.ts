// What importing a statement into an account adds (docs/product.md, "Importing statements"): each
// fill once by its identity, and none that the journal already holds from another source.
import type { Execution } from '../executions.ts';
import { identified, type StatementFill, statementFillId } from './statement.ts';

/** A fill recorded by hand or from the broker's API within this of a statement's is the same one. */
export const SAME_FILL_WITHIN_MS = 60_000;

export interface ImportPlan {
  /** The fills to add, as the journal stores them, in the file's order. */
  add: Execution[];
  /** The statement's fills the journal holds already: by their id, or as a fill from another source. */
  alreadyHere: { line: number; id: string }[];
}

// Held fills by what must be equal; the time is compared within a group (a preview of 10,000
// rows against 5,000 held fills compared every pair: docs/benchmarks.md).
const sameKey = (f: Pick<Execution, 'symbol' | 'side' | 'quantity' | 'price'>): string =>
  `${f.symbol}|${f.side}|${f.quantity}|${f.price}`;

/**
 * The plan for `fills` of one account against what it holds (`held`: the account's executions).
 * A held fill from another source stands for at most one statement fill (two identical partial
 * fills recorded by hand are two).
 */
export function planImport(
  fills: readonly StatementFill[],
  accountId: string,
  held: readonly Execution[],
  createdAt: string,
): ImportPlan {
  const heldIds = new Set(held.map((e) => e.id));
  const others = new Map<string, { id: string; at: number }[]>();
  for (const e of held) {
    if (e.source === 'statement' || (e.kind ?? 'fill') !== 'fill') continue;
    const group = others.get(sameKey(e)) ?? [];
    group.push({ id: e.id, at: Date.parse(e.executedAt) });
    others.set(sameKey(e), group);
  }
  const claimed = new Set<string>();
  const plan: ImportPlan = { add: [], alreadyHere: [] };
  const adding = new Set<string>();
  for (const { fill, identity } of identified(fills)) {
    const id = statementFillId(accountId, identity);
    if (heldIds.has(id) || adding.has(id)) {
      plan.alreadyHere.push({ line: fill.line, id });
      continue;
    }
    const at = Date.parse(fill.executedAt);
    const twin =
      fill.kind === 'fill'
        ? others
            .get(sameKey(fill))
            ?.find((e) => !claimed.has(e.id) && Math.abs(e.at - at) <= SAME_FILL_WITHIN_MS)
        : undefined;
    if (twin) {
      claimed.add(twin.id);
      plan.alreadyHere.push({ line: fill.line, id: twin.id });
      continue;
    }
    adding.add(id);
    plan.add.push(statementExecution(fill, { id, accountId, brokerExecutionId: identity, createdAt }));
  }
  return plan;
}

/** A statement's fill as the journal stores it, under the ids and stamp it is filed with. */
export const statementExecution = (
  fill: StatementFill,
  filed: Pick<Execution, 'id' | 'accountId' | 'brokerExecutionId' | 'createdAt'>,
): Execution => ({
  ...filed,
  symbol: fill.symbol,
  side: fill.side,
  quantity: fill.quantity,
  price: fill.price,
  fees: fill.fees,
  executedAt: fill.executedAt,
  kind: fill.kind,
  source: 'statement',
  positionEffect: fill.positionEffect,
});
