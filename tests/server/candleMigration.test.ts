import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0019 (issue 39, item 6): the candles held before it, one row per weekday asked and an
// empty row for a day without a session, become spans of days held and the rows with prices only.

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The migrations up to and including `lastTag`, as a folder the migrator reads. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'tt-migrations-'));
  folders.push(folder);
  cpSync(migrations, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0019: candle spans', () => {
  it('keeps the sessions held, turns the days held for good into spans, and drops the empty rows', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0018_plan_input_stamps') });
    // As the old table held them, fetched on Wednesday 2026-11-11 at noon in New York: Friday
    // 6 November and the week before; Monday 2 November a holiday (empty); nothing at the weekend.
    // Then, apart, a day of September; and 11 November itself, fetched while it was today (not final).
    const fetched = '2026-11-11T17:00:00Z';
    const row = (symbol: string, day: string, price: number | null, at = fetched) =>
      sql`(${symbol}, ${day}, ${price}, ${price}, ${price}, ${price}, ${price}, ${at})`;
    const rows = [
      row('AAPL', '2026-10-29', 10),
      row('AAPL', '2026-10-30', 11),
      row('AAPL', '2026-11-02', null),
      row('AAPL', '2026-11-03', 12),
      row('AAPL', '2026-11-04', 13),
      row('AAPL', '2026-09-15', 9),
      row('AAPL', '2026-11-11', 14),
      row('OLD', '2001-01-02', null),
      row('OLD', '2001-01-03', null),
    ];
    await db.execute(
      sql`insert into candles (symbol, day, open, high, low, close, volume, fetched_at) values ${sql.join(rows, sql`, `)}`,
    );

    await migrate(db, { migrationsFolder: migrations });

    const spans = await db.execute<{ symbol: string; from_day: string; to_day: string }>(
      sql`select symbol, from_day, to_day from candle_spans order by symbol, from_day`,
    );
    expect(spans.rows).toEqual([
      { symbol: 'AAPL', from_day: '2026-09-15', to_day: '2026-09-15' },
      { symbol: 'AAPL', from_day: '2026-10-29', to_day: '2026-11-04' },
      { symbol: 'OLD', from_day: '2001-01-02', to_day: '2001-01-03' },
    ]);
    const days = await db.execute<{ day: string }>(sql`select day from candles order by symbol, day`);
    expect(days.rows.map((r) => r.day)).toEqual([
      '2026-09-15',
      '2026-10-29',
      '2026-10-30',
      '2026-11-03',
      '2026-11-04',
      '2026-11-11',
    ]);
    await client.close();
  });
});

// Migration 0020 (issue 41): the near-entry threshold leaves the users table for the trader's
// settings record; a trader who set one keeps it, one left at the default gets no record.
describe('migration 0020: trader settings', () => {
  it("carries each trader's threshold into a settings record under the trader's id", async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0019_candle_spans') });
    const [set, unset] = ['0190a8c0-0000-7000-8000-000000000001', '0190a8c0-0000-7000-8000-000000000002'];
    await db.execute(
      sql`insert into users (id, broker, broker_user_id, display_name, created_at, near_entry_r) values
        (${set}, 'demo', 'a', 'A', now(), 0.5), (${unset}, 'demo', 'b', 'B', now(), 0.25)`,
    );

    await migrate(db, { migrationsFolder: migrations });

    const rows = await db.execute<{ id: string; user_id: string; near_entry_r: number }>(
      sql`select id, user_id, near_entry_r from trader_settings`,
    );
    expect(rows.rows).toEqual([{ id: set, user_id: set, near_entry_r: 0.5 }]);
    const columns = await db.execute(
      sql`select 1 from information_schema.columns where table_name = 'users' and column_name = 'near_entry_r'`,
    );
    expect(columns.rows).toEqual([]);
    await client.close();
  });
});
