// POST /api/v1/fills/import (docs/product.md, "Importing statements"): a statement file read
// through the trader's column mapping, imported into one account, each fill once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, type Backup, type RestoreResult } from '../../src/domain/backup.ts';
import { JOURNAL_LIMITS, STATEMENT_MAX_BYTES } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { StatementMapping } from '../../src/domain/statements/mapping.ts';
import type { StatementImportAnswer } from '../../src/domain/statements/statement.ts';
import type { Account, AuthStatus, Execution, Trade } from '../../src/domain/types.ts';
import { executions } from '../../src/server/db/schema.ts';
import { createHeavyCalls, HEAVY_LANES } from '../../src/server/http/fairShare.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

const HEADER = 'Date,Time,Symbol,Action,Qty,Price,Commission';
const mapping: StatementMapping = {
  header: HEADER.split(','),
  executedAt: 'Date',
  time: 'Time',
  symbol: 'Symbol',
  side: 'Action',
  quantity: 'Qty',
  price: 'Price',
  fees: ['Commission'],
};

// Eastern Standard Time (UTC−5) in the week before the test clock's 2026-11-20.
const ROWS = [
  '11/16/2026,09:31:00,AAPL,Buy,100,190.50,1.00',
  '11/16/2026,10:15:00,AAPL,Sell,60,192.00,0.60',
  '11/16/2026,15:45:00,AAPL,Sell,40,189.75,0.40',
  '11/17/2026,09:45:00,MSFT,Sell Short,50,410.20,1.00',
  '11/17/2026,11:00:00,MSFT,Buy to Cover,50,405.00,1.00',
  '11/17/2026,12:00:00,TSLA,Buy,10.5,250.1234,0',
  '11/17/2026,14:00:00,XYZ,Transfer,10,5,0',
];
const file = (rows: string[]) => `${HEADER}\n${rows.join('\n')}\n`;

let t: TestServer;
let alex: Client;
let sam: Client;
let margin: Account;
let samsAccount: Account;

beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      // Two imports of one trader at once really run at once here: the database keeps them apart.
      heavy: createHeavyCalls({ lanes: { ...HEAVY_LANES, journal: { ...HEAVY_LANES.journal, running: 2 } } }),
    },
  );
  alex = await signIn(t.url, 'alex');
  sam = await signIn(t.url, 'sam');
  // Each trader's saved mapping, as the app saves it: one more setting (docs/product.md, "Settings").
  for (const trader of [alex, sam]) {
    const { user } = (await trader.json<{ user: { id: string } }>('GET', '/api/v1/auth/status')).body;
    const saved = await trader.json('PUT', `/api/v1/settings/${user.id}`, { statementMappings: [mapping] });
    expect(saved.status).toBe(200);
  }
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  samsAccount = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
});
afterAll(() => t.stop());

const db = () => t.server.database.db;

async function importFile(
  client: Client,
  body: BodyInit,
  query: string,
  headers: Record<string, string> = { 'Content-Type': 'text/csv' },
) {
  const res = await client.call('POST', `/api/v1/fills/import?${query}`, undefined, { body, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const importInto = (accountId: string, text: string, extra = '', client = alex) =>
  importFile(client, text, `account=${accountId}&format=auto${extra}`) as Promise<{
    status: number;
    body: StatementImportAnswer;
  }>;
const fillsOf = async (client = alex) => (await client.json<Execution[]>('GET', '/api/v1/executions')).body;
const statementFills = async (client = alex) =>
  (await fillsOf(client)).filter((f) => f.source === 'statement');

describe('importing a statement through the API', () => {
  it('adds the fills of a mapped file; the trades and P&L per symbol are the hand-worked figures', async () => {
    const { status, body } = await importInto(margin.id, file(ROWS));
    expect(status).toBe(200);
    expect(body).toEqual({
      format: 'mapped',
      name: 'Your column mapping',
      added: 6,
      alreadyHere: 0,
      skipped: [{ line: 8, reason: 'unreadable', detail: 'Side is neither a buy nor a sell' }],
      addedIds: expect.any(Array),
      balance: null,
    });
    const held = await statementFills();
    expect(held.map((f) => f.id).sort()).toEqual([...body.addedIds].sort());
    expect(held.find((f) => f.symbol === 'AAPL' && f.side === 'Buy')).toMatchObject({
      accountId: margin.id,
      quantity: 100,
      price: 190.5,
      fees: 1,
      executedAt: '2026-11-16T14:31:00.000Z',
      kind: 'fill',
      source: 'statement',
      brokerExecutionId: expect.stringMatching(/^row:fill\|AAPL\|Buy\|100\|190\.5\|/),
    });

    const trades = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    const of = (symbol: string) => trades.filter((tr) => tr.symbol === symbol);
    // AAPL: 60 × (192 − 190.50) + 40 × (189.75 − 190.50) = 90 − 30 = 60, fees 1 + 0.60 + 0.40.
    expect(of('AAPL')).toHaveLength(1);
    expect(of('AAPL')[0]).toMatchObject({ direction: 'Long', entryQuantity: 100, openQuantity: 0 });
    expect(of('AAPL')[0]!.grossPnl).toBeCloseTo(60, 6);
    expect(of('AAPL')[0]!.fees).toBeCloseTo(2, 6);
    expect(of('AAPL')[0]!.netPnl).toBeCloseTo(58, 6);
    // MSFT short: 50 × (410.20 − 405.00) = 260, fees 2.
    expect(of('MSFT')[0]).toMatchObject({ direction: 'Short', entryQuantity: 50, openQuantity: 0 });
    expect(of('MSFT')[0]!.netPnl).toBeCloseTo(258, 6);
    // TSLA: 10.5 shares still open, at the price to 4 decimals.
    expect(of('TSLA')[0]).toMatchObject({ openQuantity: 10.5, averageEntryPrice: 250.1234, closedAt: null });
  });

  it('adds nothing when the same file comes again: every fill is already here', async () => {
    const { status, body } = await importInto(margin.id, file(ROWS));
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 0, alreadyHere: 6, addedIds: [] });
    expect(await statementFills()).toHaveLength(6);
  });

  it('adds only the new fills of a file that overlaps the last one', async () => {
    const next = [
      ROWS[4]!,
      ROWS[5]!,
      '11/18/2026,10:00:00,TSLA,Sell,10.5,255.00,0.50',
      '11/18/2026,10:05:00,NVDA,Buy,20,120.00,0',
    ];
    const { body } = await importInto(margin.id, file(next));
    expect(body).toMatchObject({ added: 2, alreadyHere: 2, skipped: [] });
    expect(await statementFills()).toHaveLength(8);
    const tsla = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find((tr) => tr.symbol === 'TSLA');
    // 10.5 × (255 − 250.1234) − 0.50 = 50.7043, to the cent.
    expect(tsla?.netPnl).toBe(50.7);
  });

  it('counts a fill recorded by hand as already here, within a minute', async () => {
    const manual = await alex.json<Execution>('POST', '/api/v1/executions', {
      accountId: margin.id,
      symbol: 'AMD',
      side: 'Buy',
      quantity: 30,
      price: 150,
      executedAt: '2026-11-19T15:00:00.000Z',
    });
    expect(manual.status).toBe(201);
    const { body } = await importInto(margin.id, file(['11/19/2026,10:00:30,AMD,Buy,30,150.00,0.30']));
    expect(body).toMatchObject({ added: 0, alreadyHere: 1 });
    expect((await fillsOf()).filter((f) => f.symbol === 'AMD')).toHaveLength(1);
  });

  it('previews with dryRun=1 and writes nothing', async () => {
    const before = await fillsOf();
    const { status, body } = await importInto(
      margin.id,
      file(['11/19/2026,11:00:00,META,Buy,5,600,0', ROWS[0]!]),
      '&dryRun=1',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ added: 1, alreadyHere: 1, addedIds: [] });
    expect(await fillsOf()).toEqual(before);
  });

  it("refuses another trader's account (404) and writes nothing", async () => {
    const [alexBefore, samBefore] = [await fillsOf(), await fillsOf(sam)];
    const res = await importInto(samsAccount.id, file(['11/19/2026,11:00:00,META,Buy,5,600,0']));
    expect(res).toEqual({ status: 404, body: { message: messages.accountNotFound } });
    expect((await importInto('not-an-id', file(ROWS))).status).toBe(404);
    expect(await fillsOf()).toEqual(alexBefore);
    expect(await fillsOf(sam)).toEqual(samBefore);
  });

  it('refuses a write without the Origin of the app', async () => {
    const res = await fetch(`${t.url}/api/v1/fills/import?account=${margin.id}`, {
      method: 'POST',
      headers: { Cookie: alex.cookie, 'Content-Type': 'text/csv' },
      body: file(['11/19/2026,11:00:00,META,Buy,5,600,0']),
    });
    expect(res.status).toBe(403);
    expect(await statementFills()).toHaveLength(8);
  });

  it('refuses a file over the statement limit (413), sized or streamed, reading no more than the limit', async () => {
    const big = new Uint8Array(STATEMENT_MAX_BYTES + 1).fill(0x41);
    const sized = await importFile(alex, big, `account=${margin.id}`);
    expect(sized).toEqual({ status: 413, body: { message: messages.statementTooLarge } });
    // No Content-Length: the body is counted as it arrives and refused past the limit.
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > STATEMENT_MAX_BYTES * 2) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const streamed = await importFile(alex, stream, `account=${margin.id}`, {
      'Content-Type': 'text/csv',
    }).catch(() => ({ status: 413, body: { message: messages.statementTooLarge } }));
    expect(streamed).toEqual({ status: 413, body: { message: messages.statementTooLarge } });
  });

  it('takes a file larger than the JSON limit of 1 MB', async () => {
    const rows = Array.from(
      { length: 30_000 },
      (_, i) => `11/19/2026,12:00:00,BIG${i % 3},Transfer,${i + 1},5,0`,
    );
    const text = file(rows);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const { status, body } = await importInto(margin.id, text, '&dryRun=1');
    expect(status).toBe(200);
    expect(body.skipped).toHaveLength(30_000);
  });

  it('refuses a body that is not text/csv, text/plain or text/tab-separated-values (415)', async () => {
    const res = await importFile(alex, '{}', `account=${margin.id}`, { 'Content-Type': 'application/json' });
    expect(res).toEqual({ status: 415, body: { message: messages.statementContentType } });
    for (const type of ['text/plain', 'text/tab-separated-values; charset=utf-8']) {
      const ok = await importFile(alex, file([ROWS[0]!]), `account=${margin.id}`, { 'Content-Type': type });
      expect(ok.status).toBe(200);
    }
  });

  it('refuses a file that is not a statement, or not UTF-8, with one message (400)', async () => {
    const refused = {
      status: 400,
      body: expect.objectContaining({ message: messages.statementNotRecognised }),
    };
    expect(await importInto(margin.id, 'just some words\nof a letter\n')).toEqual(refused);
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\n`), 0xe9, 0x0a]);
    expect(await importFile(alex, latin1, `account=${margin.id}`)).toEqual(refused);
    expect(await importFile(alex, 'a,b\n1,2\n', `account=${margin.id}&format=mapped`)).toEqual({
      status: 400,
      body: expect.objectContaining({ message: messages.statementNoMapping }),
    });
    expect(await importFile(alex, file(ROWS), `account=${margin.id}&format=nope`)).toEqual({
      status: 400,
      body: expect.objectContaining({ message: messages.statementFormatUnknown }),
    });
    expect(await importFile(alex, file(ROWS), `account=${margin.id}&dryRun=yes`)).toEqual({
      status: 400,
      body: expect.objectContaining({ message: messages.statementDryRunInvalid }),
    });
    expect(await statementFills()).toHaveLength(8);
  });

  it("skips a fill the API would refuse (a time in the future), with its line and the API's message", async () => {
    const { body } = await importInto(
      margin.id,
      file(['11/19/2026,11:30:00,QQQ,Buy,1,400,0', '12/01/2026,10:00:00,QQQ,Sell,1,410,0']),
    );
    expect(body).toMatchObject({
      added: 1,
      skipped: [{ line: 3, reason: 'unreadable', detail: messages.executedAtInFuture }],
    });
    expect((await statementFills()).filter((f) => f.symbol === 'QQQ')).toHaveLength(1);
  });

  it('adds each fill once when the same file is imported twice at once', async () => {
    const rows = Array.from(
      { length: 40 },
      (_, i) => `11/19/2026,13:${String(i).padStart(2, '0')}:00,CONC,${i % 2 ? 'Sell' : 'Buy'},1,10,0`,
    );
    const [a, b] = await Promise.all([importInto(margin.id, file(rows)), importInto(margin.id, file(rows))]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.added + b.body.added).toBe(40);
    expect(a.body.alreadyHere + b.body.alreadyHere).toBe(40);
    expect((await fillsOf()).filter((f) => f.symbol === 'CONC')).toHaveLength(40);
  });

  it('lets the trader delete a statement fill; importing the file again adds it back', async () => {
    const fill = (await statementFills()).find((f) => f.symbol === 'NVDA')!;
    expect((await alex.call('DELETE', `/api/v1/executions/${fill.id}`)).status).toBe(204);
    const { body } = await importInto(margin.id, file(['11/18/2026,10:05:00,NVDA,Buy,20,120.00,0']));
    expect(body).toMatchObject({ added: 1, addedIds: [fill.id] });
    expect((await fillsOf()).filter((f) => f.symbol === 'NVDA')).toEqual([fill]);
  });
});

describe('statement fills in a backup', () => {
  it('holds them with their source and identity; a restore brings each back once', async () => {
    const held = await statementFills();
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    expect(backup.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    const inBackup = backup.executions.filter((e) => 'source' in e && e.source === 'statement');
    expect(inBackup.map((e) => e.id).sort()).toEqual(held.map((f) => f.id).sort());
    expect(inBackup.find((e) => e.id === held[0]!.id)).toEqual({
      id: held[0]!.id,
      accountId: margin.id,
      symbol: held[0]!.symbol,
      side: held[0]!.side,
      quantity: held[0]!.quantity,
      price: held[0]!.price,
      fees: held[0]!.fees,
      executedAt: held[0]!.executedAt,
      kind: 'fill',
      source: 'statement',
      brokerExecutionId: held[0]!.brokerExecutionId,
      positionEffect: null,
      createdAt: held[0]!.createdAt,
    });
    const gone = held.find((f) => f.symbol === 'MSFT')!;
    expect((await alex.call('DELETE', `/api/v1/executions/${gone.id}`)).status).toBe(204);
    const restored = await alex.json<RestoreResult>('POST', '/api/v1/backup', backup);
    expect(restored.status).toBe(200);
    expect(restored.body.restored.executions).toBe(1);
    expect(restored.body.skipped.executions).toBe(backup.executions.length - 1);
    expect(await statementFills()).toEqual(expect.arrayContaining(held));
    expect(await statementFills()).toHaveLength(held.length);
    // Restored, the file is here whole: importing it again adds nothing.
    expect((await importInto(margin.id, file(ROWS))).body).toMatchObject({ added: 0, alreadyHere: 6 });
  });

  it('refuses a statement fill the import would refuse, and one identity twice', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const statement = backup.executions.find((e) => 'source' in e && e.source === 'statement')!;
    const broken = { ...backup, executions: [{ ...statement, brokerExecutionId: '' }] };
    expect((await alex.json('POST', '/api/v1/backup', broken)).status).toBe(400);
    const twice = { ...backup, executions: [...backup.executions, { ...statement, id: randomUUID() }] };
    const res = await alex.json<{ errors: { field: string }[] }>('POST', '/api/v1/backup', twice);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual([
      `executions[${backup.executions.length}].brokerExecutionId`,
    ]);
  });
});

describe("a statement import and the journal's limits", () => {
  it('refuses a file that would pass the fills limit whole, with the limit message, writing nothing', async () => {
    const userId = (await sam.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
    const at = new Date('2026-11-01T15:00:00.000Z');
    const rows = Array.from({ length: JOURNAL_LIMITS.executions - 2 }, (_, i) => ({
      id: randomUUID(),
      userId,
      accountId: samsAccount.id,
      symbol: 'SEED',
      // One long position: one trade, so the writes after build little.
      side: 'Buy' as const,
      quantity: 1,
      price: 10,
      fees: 0,
      executedAt: new Date(at.getTime() - i * 60_000),
      source: 'manual' as const,
      createdAt: at,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db()
        .insert(executions)
        .values(rows.slice(i, i + 1000));
    const three = [
      '11/19/2026,11:00:00,A,Buy,1,1,0',
      '11/19/2026,11:01:00,A,Sell,1,1,0',
      '11/19/2026,11:02:00,B,Buy,1,1,0',
    ];
    const refused = await importInto(samsAccount.id, file(three), '', sam);
    expect(refused).toEqual({
      status: 409,
      body: { message: messages.journalWouldOverflow('executions', JOURNAL_LIMITS.executions + 1) },
    });
    const count = async () =>
      (
        (await db().execute(sql`select count(*)::int as n from executions where user_id = ${userId}`)) as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await count()).toBe(JOURNAL_LIMITS.executions - 2);
    const taken = await importInto(samsAccount.id, file(three.slice(0, 2)), '', sam);
    expect(taken.body).toMatchObject({ added: 2 });
    expect(await count()).toBe(JOURNAL_LIMITS.executions);
    await db().execute(sql`delete from executions where user_id = ${userId}`);
  }, 120_000);
});
