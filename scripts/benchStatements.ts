// A statement import's preview, parsed in process (issue 42, "Performance": a 10,000-row
// statement previews in ≤ 2 s): a Robinhood activity report of 10,000 rows
// (src/domain/statements/robinhood.ts) read by `readStatement`, then `planImport` against an
// account holding 5,000 fills. The held fills were typed by hand in the same symbols at other
// times, so each of the file's fills is compared with every one of them
// (src/domain/statements/importPlan.ts): the costliest case. No server, no database.
import { randomUUID } from 'node:crypto';
import type { Execution } from '../src/domain/executions.ts';
import { planImport } from '../src/domain/statements/importPlan.ts';
import { readStatement } from '../src/domain/statements/registry.ts';
import { quantile, report } from './benchServer.ts';

const ROWS = 10_000;
const HELD = 5_000;
const RUNS = 5;
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMD', 'AVGO', 'META', 'AMZN'];
const ACCOUNT = randomUUID();

/** Robinhood's layout: every cell quoted, a description over two lines, newest first. */
function robinhoodFile(): string {
  const lines = [
    '"Activity Date","Process Date","Settle Date","Instrument","Description","Trans Code","Quantity","Price","Amount"',
  ];
  for (let i = ROWS - 1; i >= 0; i--) {
    const day = new Date(Date.UTC(2026, 0, 2) + Math.floor(i / 20) * 86_400_000);
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
    const symbol = SYMBOLS[i % SYMBOLS.length] as string;
    const buy = Math.floor(i / SYMBOLS.length) % 2 === 0;
    const price = (100 + (i % 97) + (i % 7) / 100).toFixed(2);
    const gross = 10 * Number(price);
    const amount = buy ? `($${gross.toFixed(2)})` : `$${(gross - 0.05).toFixed(2)}`;
    lines.push(
      `"${date}","${date}","${date}","${symbol}","${symbol} Inc\nCUSIP: 000000000","${buy ? 'Buy' : 'Sell'}","10","$${price}","${amount}"`,
    );
  }
  lines.push('"","","","","","","","","","The data provided is for informational purposes only."');
  return lines.join('\n');
}

/** Fills typed by hand in the same symbols, on the half hour: none is the same as the file's (noon). */
function heldFills(): Execution[] {
  return Array.from({ length: HELD }, (_, i) => ({
    id: randomUUID(),
    accountId: ACCOUNT,
    symbol: SYMBOLS[i % SYMBOLS.length] as string,
    side: i % 2 === 0 ? 'Buy' : 'Sell',
    quantity: 10,
    price: 100 + (i % 97),
    fees: 0,
    executedAt: new Date(Date.UTC(2026, 0, 2, 15, 30) + i * 3_600_000).toISOString(),
    kind: 'fill',
    source: 'manual',
    brokerExecutionId: null,
    positionEffect: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
}

/** The p50, and every run beside it: the machine is shared, so one figure alone says little. */
const ms = (times: number[]) =>
  `${quantile(
    [...times].sort((a, b) => a - b),
    0.5,
  ).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`;

export function benchStatements(): void {
  const text = robinhoodFile();
  const held = heldFills();
  console.log(
    `\nStatement preview: ${ROWS.toLocaleString('en-US')} Robinhood rows (${(text.length / 1024).toFixed(0)} KB) against ${HELD.toLocaleString('en-US')} held fills, p50 of ${RUNS}`,
  );
  const read: number[] = [];
  const plan: number[] = [];
  const both: number[] = [];
  const alone: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const statement = readStatement(text, 'auto');
    const parsed = performance.now();
    if (!statement.ok || statement.fills.length !== ROWS)
      throw new Error('The bench file was not read whole');
    const planned = planImport(statement.fills, ACCOUNT, held, '2026-12-01T00:00:00.000Z');
    const end = performance.now();
    if (planned.add.length !== ROWS) throw new Error('The bench file’s fills were not all new');
    read.push(parsed - start);
    plan.push(end - parsed);
    both.push(end - start);
    const bare = performance.now();
    planImport(statement.fills, ACCOUNT, [], '2026-12-01T00:00:00.000Z');
    alone.push(performance.now() - bare);
  }
  report('readStatement', ms(read));
  report('planImport', ms(plan));
  report('readStatement + planImport', ms(both), '≤ 2000 ms');
  report('planImport, nothing held (for comparison)', ms(alone));
}
