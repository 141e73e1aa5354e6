import { describe, expect, it } from 'vitest';
import type { StatementMapping } from '../../src/domain/statements/mapping.ts';
import { signedInServer } from './harness.ts';

// A large statement leaves the server to other traders meanwhile (docs/benchmarks.md, "2026-11-28,
// issue 42: other traders during a large import"): reading, planning and checking its fills are done in
// parts with the event loop turning between them, counted here as turns, not timed.

// Turns are counted from the import's read of the trader's mappings: the server has the whole
// file then, and what follows is the reading, the plan and the checks (and one query).
let importing = false;
let turns = 0;
const tick = () => {
  if (!importing) return;
  turns += 1;
  setImmediate(tick);
};
const { alex } = signedInServer(
  {},
  {
    onQuery: (query) => {
      if (importing && turns === 0 && query.includes('"trader_settings"')) tick();
    },
  },
);

const HEADER = ['Date', 'Time', 'Symbol', 'Action', 'Qty', 'Price'];
const mapping: StatementMapping = {
  header: HEADER,
  executedAt: 'Date',
  time: 'Time',
  symbol: 'Symbol',
  side: 'Action',
  quantity: 'Qty',
  price: 'Price',
  fees: [],
};
const ROWS = 20_000;
/** Fills a second apart on 2026-11-02, a buy then a sell of 100 symbols. */
const file = () => {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const s = 34_200 + i;
    const time = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) =>
      String(n).padStart(2, '0'),
    );
    lines.push(`11/02/2026,${time.join(':')},S${Math.floor(i / 2) % 100},${i % 2 ? 'Sell' : 'Buy'},1,10`);
  }
  return `${lines.join('\n')}\n`;
};

describe('a large statement', () => {
  it('lets the event loop turn at least once per 500 fills while the server reads and checks it', async () => {
    const { user } = (await alex.json<{ user: { id: string } }>('GET', '/api/v1/auth/status')).body;
    expect(
      (await alex.json('PUT', `/api/v1/settings/${user.id}`, { statementMappings: [mapping] })).status,
    ).toBe(200);
    const account = (await alex.json<{ id: string }[]>('GET', '/api/v1/accounts')).body[0]!.id;
    const body = file();
    importing = true;
    const res = await alex.call(
      'POST',
      `/api/v1/fills/import?account=${account}&format=auto&dryRun=1`,
      undefined,
      {
        body,
        headers: { 'Content-Type': 'text/csv' },
      },
    );
    importing = false;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { added: number }).added).toBe(ROWS);
    expect(turns).toBeGreaterThanOrEqual(ROWS / 500);
  });
});
