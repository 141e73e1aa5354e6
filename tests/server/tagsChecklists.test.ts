import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type {
  Account,
  Execution,
  GroupStats,
  Trade,
  TradePlanDto,
  TradeSetup,
} from '../../src/domain/types.ts';
import { type Client, signedInServer } from './harness.ts';

// docs/product.md, "Trades" (tags and mistakes), "Trade setups" (the checklist), "Plan statuses"
// (the Ready rule) and "Review" (by tag, by mistake, by criteria met), through the real server.

const { t, alex, sam } = signedInServer();
let margin: Account;
let trade: Trade;

const HOUR = 3_600_000;
const later = () => {
  t.clock.advance(HOUR);
  return t.clock.now.toISOString();
};
const fill = async (symbol: string, side: 'Buy' | 'Sell', price: number) => {
  const res = await alex.json<Execution>('POST', '/api/v1/executions', {
    accountId: margin.id,
    executedAt: later(),
    symbol,
    side,
    quantity: 10,
    price,
  });
  expect(res.status).toBe(201);
};
const put = (client: Client, id: string, body: Record<string, unknown>) =>
  client.json<Trade & { message?: string; errors?: unknown }>('PUT', `/api/v1/trades/${id}`, {
    planId: null,
    initialStop: null,
    notes: '',
    ...body,
  });
const tradeOf = async (symbol: string) =>
  (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find((tr) => tr.symbol === symbol) as Trade;

beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  await fill('TAGA', 'Buy', 50);
  await fill('TAGA', 'Sell', 55);
  trade = await tradeOf('TAGA');
});

describe('tags and mistakes on a trade', () => {
  it('are saved by PUT, trimmed and merged, answered and listed', async () => {
    const res = await put(alex, trade.id, {
      initialStop: 49,
      tags: [' Breakout', 'breakout', 'Gap up'],
      mistakes: ['moved stop'],
    });
    expect(res.status).toBe(200);
    expect([res.body.tags, res.body.mistakes]).toEqual([['Breakout', 'Gap up'], ['moved stop']]);
    const listed = await tradeOf('TAGA');
    expect([listed.tags, listed.mistakes, listed.rMultiple]).toEqual([
      ['Breakout', 'Gap up'],
      ['moved stop'],
      5,
    ]);
  });

  it('are kept by a PUT without them (an app from before them), and cleared by empty lists', async () => {
    const older = await put(alex, trade.id, { initialStop: 49, notes: 'an older app' });
    expect(older.status).toBe(200);
    expect([older.body.tags, older.body.mistakes, older.body.notes]).toEqual([
      ['Breakout', 'Gap up'],
      ['moved stop'],
      'an older app',
    ]);
    const cleared = await put(alex, trade.id, { initialStop: 49, tags: [], mistakes: [] });
    expect([cleared.body.tags, cleared.body.mistakes]).toEqual([[], []]);
    await put(alex, trade.id, { initialStop: 49, tags: ['Breakout'], mistakes: ['moved stop'] });
  });

  it.each([
    ['tags', ['a\u0000b'], messages.tagsSay.controlCharacters],
    ['tags', ['a\u001bb'], messages.tagsSay.controlCharacters],
    ['mistakes', ['x'.repeat(41)], messages.mistakesSay.tooLong],
    ['tags', ['x'.repeat(41)], messages.tagsSay.tooLong],
    ['tags', Array.from({ length: 21 }, (_, i) => `t${i}`), messages.tagsSay.tooMany],
    ['mistakes', 'moved stop', messages.mistakesSay.notList],
  ])('refuse %s %j with 400 and changes nothing', async (field, value, message) => {
    const res = await put(alex, trade.id, { initialStop: 49, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field, message }]);
    const listed = await tradeOf('TAGA');
    expect([listed.tags, listed.mistakes]).toEqual([['Breakout'], ['moved stop']]);
  });

  it('are grouped by GET /stats?by=tag and ?by=mistake', async () => {
    const byTag = (await alex.json<GroupStats[]>('GET', '/api/v1/stats?by=tag')).body;
    expect(byTag.find((g) => g.label === 'Breakout')).toMatchObject({ n: 1, expectancyR: 5 });
    const byMistake = (await alex.json<GroupStats[]>('GET', '/api/v1/stats?by=mistake')).body;
    expect(byMistake.find((g) => g.label === 'moved stop')).toMatchObject({ n: 1, expectancyR: 5 });
  });

  it("are never seen by another trader: Sam's trades, sync, stats, backup and CSV sources hold none of Alex's", async () => {
    const answers = await Promise.all(
      [
        '/trades',
        '/sync',
        '/stats?by=tag',
        '/stats?by=mistake',
        '/backup',
        '/tradeplans',
        '/tradesetups',
      ].map(async (path) => JSON.stringify((await sam.json('GET', `/api/v1${path}`)).body)),
    );
    for (const answer of answers) {
      expect(answer).not.toContain('Breakout');
      expect(answer).not.toContain('moved stop');
    }
    // Nor changed: Alex's trade is not found for Sam.
    expect((await put(sam, trade.id, { tags: ['mine'] })).status).toBe(404);
    expect((await tradeOf('TAGA')).tags).toEqual(['Breakout']);
  });
});

describe('a setup that requires its checklist before Ready', () => {
  let setup: TradeSetup;
  let plan: TradePlanDto;
  const toReady = (status = 'Ready') =>
    alex.json<TradePlanDto & { message?: string }>('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status });

  beforeAll(async () => {
    const created = await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', {
      name: 'Checked',
      entryCriteria: 'Above EMA21\n\nVolume up\n',
      checklistRequired: true,
    });
    expect(created.status).toBe(201);
    setup = created.body;
    expect(setup.checklistRequired).toBe(true);
    const made = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: 'CHKA',
      entryPrice: 50,
      stopLossPrice: 45,
      tradeSetupId: setup.id,
      criteriaMet: ['Above EMA21'],
    });
    expect(made.status).toBe(201);
    plan = made.body;
    expect(plan.criteriaMet).toEqual(['Above EMA21']);
  });

  it('refuses the move to Ready (409) while a criterion is not ticked, saying how many are', async () => {
    const res = await toReady();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.checklistIncomplete(1, 2));
    const stored = (await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${plan.id}`)).body;
    expect(stored.status).toBe('Draft');
  });

  it('allows it once every criterion is ticked', async () => {
    const ticked = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${plan.id}`, {
      criteriaMet: ['Above EMA21', 'Volume up'],
    });
    expect(ticked.status).toBe(200);
    expect((await toReady()).status).toBe(200);
  });

  it('judges the criteria as they are now: a line added since must be ticked before Ready again', async () => {
    expect((await toReady('Hold')).status).toBe(200);
    await alex.json('PUT', `/api/v1/tradesetups/${setup.id}`, {
      name: 'Checked',
      entryCriteria: 'Above EMA21\nVolume up\nTight base',
      checklistRequired: true,
    });
    const refused = await toReady();
    expect([refused.status, refused.body.message]).toEqual([409, messages.checklistIncomplete(2, 3)]);
    // A setup that no longer requires it lets the plan go.
    await alex.json('PUT', `/api/v1/tradesetups/${setup.id}`, {
      name: 'Checked',
      entryCriteria: 'Above EMA21\nVolume up\nTight base',
      checklistRequired: false,
    });
    expect((await toReady()).status).toBe(200);
  });

  it('refuses ticks that are not a list of short texts', async () => {
    const res = await alex.json<{ errors: unknown }>('PUT', `/api/v1/tradeplans/${plan.id}`, {
      criteriaMet: ['a\u0007'],
    });
    expect([res.status, res.body.errors]).toEqual([
      400,
      [{ field: 'criteriaMet', message: messages.criteriaMetSay.controlCharacters }],
    ]);
  });

  it('groups results by criteria met in GET /stats?by=criteria', async () => {
    await fill('CHKA', 'Buy', 50);
    await fill('CHKA', 'Sell', 45);
    const groups = (await alex.json<GroupStats[]>('GET', '/api/v1/stats?by=criteria')).body;
    // CHKA's plan ticks 2 of the 3 current criteria; TAGA has no plan.
    expect(groups.map((g) => [g.label, g.n, g.expectancyR])).toEqual([
      ['Some met', 1, -1],
      ['Unplanned', 1, 5],
    ]);
  });
});
