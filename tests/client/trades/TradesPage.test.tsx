import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  deltaSync,
  executionFixture,
  planFixture,
  requestPaths,
  seed,
  tradeFixture,
} from '../fixtures.ts';

const api = withFakeApi();
let TradesPage: typeof import('../../../src/client/trades/TradesPage.tsx').default;
let Notices: typeof import('../../../src/client/ui/Notices.tsx').Notices;

beforeAll(async () => {
  TradesPage = (await import('../../../src/client/trades/TradesPage.tsx')).default;
  Notices = (await import('../../../src/client/ui/Notices.tsx')).Notices;
});

const MARGIN = '11111111-1111-4111-8111-111111111111';
const CASH = '33333333-3333-4333-8333-333333333333';
const PLAN = '22222222-2222-4222-8222-222222222222';
const TRADE = '44444444-4444-4444-8444-444444444444';

beforeEach(async () => {
  await seed('accounts', [
    accountFixture({ id: MARGIN, accountName: 'Margin' }),
    accountFixture({ id: CASH, accountName: 'Cash' }),
  ]);
  await seed('tradePlans', [
    planFixture({ id: PLAN, stock: 'AAPL', status: 'Ready', stopLossPrice: 95 }),
    planFixture({ id: 'plan-msft', stock: 'MSFT', status: 'Ready' }),
  ]);
  await seed('executions', []);
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const symbols = () => screen.getAllByRole('rowheader').map((th) => th.querySelector('button')?.textContent);
const rowOf = async (symbol: string) =>
  (await screen.findByRole('button', { name: symbol })).closest('tr') as HTMLElement;
const renderPage = () =>
  render(
    <>
      <TradesPage />
      <Notices />
    </>,
  );

/** The page with the server out of reach, and the AAPL trade's details open in their dialog. */
const openDetailsOffline = async () => {
  api.unreachable = true;
  connectivity.reportApiReachable(false);
  renderPage();
  await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
  return screen.getByRole('dialog');
};

// Opening a trade's details also asks for its chart's candles (docs/product.md, "Candles"): the
// journal's own calls are the rest.
const journalCalls = () => api.received.filter((r) => !r.key.startsWith('GET /api/v1/candles'));

describe('the Trades page', () => {
  it('says there are no trades yet, and how to get some', async () => {
    await seed('trades', []);
    renderPage();
    expect(await screen.findByText('No trades yet')).toBeTruthy();
    expect(
      screen.getByText(/Record a fill with "\+ Record Fill", or bring in your broker's fills/),
    ).toBeTruthy();
  });

  it('lists open trades first, then closed ones newest first, with their figures and plan', async () => {
    await seed('trades', [
      tradeFixture({
        symbol: 'NVDA',
        openedAt: '2026-10-01T15:00:00.000Z',
        closedAt: '2026-10-05T15:00:00.000Z',
      }),
      tradeFixture({
        symbol: 'AAPL',
        openedAt: '2026-11-02T15:00:00.000Z',
        closedAt: '2026-11-10T15:00:00.000Z',
        openQuantity: 0,
        averageExitPrice: 112.5,
        grossPnl: 1250,
        netPnl: 1248,
        fees: 2,
        planId: PLAN,
        planned: true,
        initialStop: 95,
        initialRisk: 500,
        rMultiple: 2.496,
      }),
      tradeFixture({ symbol: 'TSLA', openedAt: '2026-09-01T15:00:00.000Z', openQuantity: 40 }),
      tradeFixture({
        symbol: 'AMD',
        incomplete: true,
        averageEntryPrice: null,
        netPnl: null,
        grossPnl: null,
      }),
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'AAPL' });
    expect(symbols()).toEqual(['AMD', 'TSLA', 'AAPL', 'NVDA']);
    const aapl = (await rowOf('AAPL')).textContent ?? '';
    for (const part of [
      'Margin',
      'Long',
      '100',
      '$100.00',
      '$112.50',
      '$1,248.00',
      '+2.50R',
      'AAPL',
      'Ready',
    ]) {
      expect(aapl).toContain(part);
    }
    const tsla = await rowOf('TSLA');
    expect(tsla.textContent).toContain('Unplanned');
    expect(tsla.textContent).toContain('100 (40 open)');
    expect(within(tsla).getByText('Open')).toBeTruthy();
    expect((await rowOf('AMD')).textContent).toContain('Incomplete: opening fill not in history');
    // No Edit or Delete: a trade is built from its fills.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    // A column sorts; the list's own order comes back from Sort by.
    await userEvent.click(screen.getByRole('button', { name: /^Symbol/ }));
    expect(symbols()).toEqual(['AAPL', 'AMD', 'NVDA', 'TSLA']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Open first, newest');
    expect(symbols()).toEqual(['AMD', 'TSLA', 'AAPL', 'NVDA']);
  });

  it('searches by symbol and filters by account and by planned or unplanned', async () => {
    await seed('trades', [
      tradeFixture({ symbol: 'AAPL', accountId: MARGIN, planId: PLAN, planned: true }),
      tradeFixture({ symbol: 'AMD', accountId: CASH, accountName: 'Cash' }),
      tradeFixture({ symbol: 'MSFT', accountId: MARGIN }),
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'AMD' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by symbol' }), 'a');
    expect(symbols().sort()).toEqual(['AAPL', 'AMD']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by account' }), 'Cash');
    expect(symbols()).toEqual(['AMD']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by plan' }), 'Planned');
    expect(screen.getByText('No trades found')).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by account' }),
      'All accounts',
    );
    expect(symbols()).toEqual(['AAPL']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by plan' }), 'Unplanned');
    expect(symbols()).toEqual(['AMD']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search by symbol' }));
    expect(symbols().sort()).toEqual(['AMD', 'MSFT']);
  });

  it('deletes a manual fill after asking; a broker fill offers no Delete', async () => {
    const manual = executionFixture({ id: 'fill-manual', accountId: MARGIN, side: 'Sell', quantity: 50 });
    const broker = executionFixture({
      id: 'fill-broker',
      accountId: MARGIN,
      source: 'broker',
      brokerExecutionId: 'b1',
    });
    await seed('executions', [broker, manual]);
    await seed('trades', [tradeFixture({ id: TRADE, executionIds: ['fill-broker', 'fill-manual'] })]);
    api.routes['DELETE /api/v1/executions/fill-manual'] = { status: 204 };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync({ trades: [] }) };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    const details = screen.getByRole('dialog', { name: 'AAPL Long trade' });
    // The fills are read once the dialog is open: they render a moment after it.
    const fillRows = () => within(details).getAllByRole('row').slice(1);
    await waitFor(() =>
      expect(fillRows().map((r) => r.textContent)).toEqual([
        expect.stringContaining('Broker'),
        expect.stringContaining('Manual'),
      ]),
    );
    const fills = fillRows();
    expect(within(fills[0] as HTMLElement).queryByRole('button')).toBeNull();
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Sell 50 AAPL at $100.00' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Fill' });
    expect(confirm.textContent).toContain('Are you sure you want to delete "Sell 50 AAPL at $100.00"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Sell 50 AAPL at $100.00 deleted')).toBeTruthy();
    expect(requestPaths(journalCalls())).toEqual([
      'DELETE /api/v1/executions/fill-manual',
      'GET /api/v1/sync',
    ]);
    // The server rebuilt the trades without it: this one is gone, and its details with it.
    expect(await screen.findByText('No trades yet')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("names a statement's fill as such, and offers its Delete as a manual one's", async () => {
    const imported = executionFixture({
      id: 'fill-statement',
      accountId: MARGIN,
      source: 'statement',
      brokerExecutionId: 'row:fill|AAPL|Buy|100|100|2026-11-20T15:00:00.000Z|0',
    });
    await seed('executions', [imported]);
    await seed('trades', [tradeFixture({ id: TRADE, executionIds: ['fill-statement'] })]);
    api.routes['DELETE /api/v1/executions/fill-statement'] = { status: 204 };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync({ trades: [] }) };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    const details = screen.getByRole('dialog', { name: 'AAPL Long trade' });
    await waitFor(() => expect(within(details).getAllByRole('row')[1]?.textContent).toContain('Statement'));
    await userEvent.click(within(details).getByRole('button', { name: 'Delete Buy 100 AAPL at $100.00' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Fill' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Buy 100 AAPL at $100.00 deleted')).toBeTruthy();
    expect(requestPaths(journalCalls())).toEqual([
      'DELETE /api/v1/executions/fill-statement',
      'GET /api/v1/sync',
    ]);
  });

  it("lists the broker's splits and transfers among a trade's fills", async () => {
    const broker = { accountId: MARGIN, symbol: 'ABCD', source: 'broker' as const };
    await seed('executions', [
      executionFixture({ ...broker, id: 'x1', quantity: 100, price: 1, brokerExecutionId: '1' }),
      executionFixture({
        ...broker,
        id: 'x2',
        side: 'Sell',
        quantity: 99,
        price: 0,
        kind: 'split',
        brokerExecutionId: '2',
        executedAt: '2026-11-21T05:00:00.000Z',
      }),
      executionFixture({
        ...broker,
        id: 'x3',
        quantity: 50,
        price: 12,
        kind: 'transfer',
        brokerExecutionId: '3',
        executedAt: '2026-11-22T05:00:00.000Z',
      }),
      executionFixture({
        ...broker,
        id: 'x4',
        side: 'Sell',
        quantity: 20,
        price: 0,
        kind: 'transfer',
        brokerExecutionId: '4',
        executedAt: '2026-11-23T05:00:00.000Z',
      }),
    ]);
    await seed('trades', [
      tradeFixture({
        id: TRADE,
        symbol: 'ABCD',
        accountId: MARGIN,
        executionIds: ['x1', 'x2', 'x3', 'x4'],
        averageEntryPrice: 3.4,
        incomplete: true,
      }),
    ]);
    renderPage();
    // Its shares went partly elsewhere: left out of R, its entry still known.
    expect((await rowOf('ABCD')).textContent).toContain(
      'Incomplete: part of the position is outside this history',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'ABCD' }));
    const details = screen.getByRole('dialog', { name: 'ABCD Long trade' });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    await waitFor(() => expect(within(details).getAllByRole('row')).toHaveLength(5));
    const [, buy, split, transferIn, transferOut] = within(details).getAllByRole('row') as HTMLElement[];
    expect(cells(buy!).slice(1, 4)).toEqual(['Buy', '100', '$1.00']);
    // 100 shares became 1: 99 taken away by a 1-for-100 reverse split.
    expect(cells(split!).slice(1, 4)).toEqual(['Split 1:100', '−99', '—']);
    expect(cells(transferIn!).slice(1, 4)).toEqual(['Transfer in', '50', '$12.00']);
    expect(cells(transferOut!).slice(1, 4)).toEqual(['Transfer out', '20', '—']);
    // The broker's record: nothing to delete.
    expect(within(details).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('links a trade to a plan of its stock (its stop filled in), and unlinks it', async () => {
    await seed('trades', [tradeFixture({ id: TRADE })]);
    const linked = tradeFixture({
      id: TRADE,
      planId: PLAN,
      planned: true,
      initialStop: 95,
      initialRisk: 500,
    });
    api.routes[`PUT /api/v1/trades/${TRADE}`] = { status: 200, body: linked };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    let details = screen.getByRole('dialog');
    const plan = within(details).getByLabelText('Plan') as HTMLSelectElement;
    // Only AAPL's plans: a trade is linked to a plan for its own stock (once the cache answered).
    await waitFor(() =>
      expect([...plan.options].map((o) => o.textContent)).toEqual([
        'Unplanned',
        'AAPL Ready: entry $100.00, stop $95.00',
      ]),
    );
    await userEvent.selectOptions(plan, PLAN);
    expect((within(details).getByLabelText('Initial stop (optional)') as HTMLInputElement).value).toBe('95');
    await userEvent.type(within(details).getByLabelText('Notes'), 'By the plan');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    expect(await screen.findByText('AAPL trade saved')).toBeTruthy();
    // A link moves the trade's R into its setup's score: a sync follows it.
    await waitFor(() => expect(journalCalls()).toHaveLength(2));
    expect(journalCalls()[0]).toEqual({
      key: `PUT /api/v1/trades/${TRADE}`,
      // The form sends the trade's tags and mistakes too (none here).
      body: {
        planId: PLAN,
        initialStop: 95,
        notes: 'By the plan',
        tags: [],
        mistakes: [],
        ownInitialRisk: null,
      },
    });
    expect(requestPaths(journalCalls().slice(1))).toEqual(['GET /api/v1/sync']);
    const row = await rowOf('AAPL');
    await waitFor(() => expect(within(row).getByText('Ready')).toBeTruthy());

    api.routes[`PUT /api/v1/trades/${TRADE}`] = { status: 200, body: tradeFixture({ id: TRADE }) };
    await userEvent.click(screen.getByRole('button', { name: 'AAPL' }));
    details = screen.getByRole('dialog');
    await userEvent.selectOptions(within(details).getByLabelText('Plan'), 'Unplanned');
    await userEvent.clear(within(details).getByLabelText('Initial stop (optional)'));
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    await waitFor(() => expect(journalCalls()).toHaveLength(4));
    expect(journalCalls()[2]?.body).toEqual({
      planId: null,
      initialStop: null,
      notes: '',
      tags: [],
      mistakes: [],
      ownInitialRisk: null,
    });
    await waitFor(async () => expect((await rowOf('AAPL')).textContent).toContain('Unplanned'));
  });
});

describe('a trade with a stop of its own, linked to a plan', () => {
  it("shows both stops and keeps the trade's until the trader picks the plan's", async () => {
    await seed('trades', [tradeFixture({ id: TRADE, initialStop: 90, initialRisk: 1000 })]);
    api.routes[`PUT /api/v1/trades/${TRADE}`] = { status: 200, body: tradeFixture({ id: TRADE }) };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    const details = screen.getByRole('dialog');
    const stop = () => (within(details).getByLabelText('Initial stop (optional)') as HTMLInputElement).value;
    await within(details).findByRole('option', { name: /^AAPL Ready/ });
    await userEvent.selectOptions(within(details).getByLabelText('Plan'), PLAN);
    // Issue 26: the plan's stop used to replace the trade's without a word.
    expect(stop()).toBe('90');
    const keep = within(details).getByRole('radio', {
      name: "Keep the trade's stop $90.00",
    }) as HTMLInputElement;
    expect(keep.checked).toBe(true);
    await userEvent.click(within(details).getByRole('radio', { name: "Use the plan's stop $95.00" }));
    expect(stop()).toBe('95');
    await userEvent.click(keep);
    expect(stop()).toBe('90');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    await waitFor(() =>
      expect(requestPaths(journalCalls())).toEqual([`PUT /api/v1/trades/${TRADE}`, 'GET /api/v1/sync']),
    );
    expect(journalCalls()[0]?.body).toMatchObject({ planId: PLAN, initialStop: 90 });
  });
});

// docs/product.md, "Trades": tags and mistakes, offered from the trader's own trades.
describe("a trade's tags and mistakes", () => {
  const OTHER = '66666666-6666-4666-8666-666666666666';
  const seedTrades = () =>
    seed('trades', [
      tradeFixture({ id: TRADE }),
      tradeFixture({
        id: OTHER,
        symbol: 'MSFT',
        openedAt: '2026-01-02T15:00:00.000Z',
        tags: ['Gap up'],
        mistakes: ['late exit'],
      }),
    ]);
  const options = (input: HTMLElement) =>
    [...(document.getElementById(input.getAttribute('list') ?? '')?.querySelectorAll('option') ?? [])].map(
      (o) => o.getAttribute('value'),
    );

  it('offers the labels used and the common mistakes, adds chips, and saves them with what is typed', async () => {
    await seedTrades();
    const saved = tradeFixture({ id: TRADE, tags: ['Breakout', 'Gap up'], mistakes: ['moved stop'] });
    api.routes[`PUT /api/v1/trades/${TRADE}`] = { status: 200, body: saved };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    renderPage();
    expect((await rowOf('MSFT')).textContent).toContain('Gap up');
    expect((await rowOf('MSFT')).textContent).toContain('late exit');
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    const details = screen.getByRole('dialog');
    const tags = within(details).getByLabelText('Tags');
    const mistakes = within(details).getByLabelText('Mistakes');
    await waitFor(() => expect(options(tags)).toEqual(['Gap up']));
    expect(options(mistakes)).toEqual(['late exit', 'moved stop', 'chased entry', 'oversized']);
    await userEvent.type(tags, 'Breakout{Enter}');
    await userEvent.type(tags, 'gap up');
    await userEvent.click(within(details).getByRole('button', { name: 'Add tag' }));
    await userEvent.type(tags, 'BREAKOUT{Enter}');
    // The same label in another case is the chip already there; a chosen label is offered no more.
    expect(
      within(details)
        .getAllByRole('button', { name: /^Remove tag/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove tag Breakout', 'Remove tag gap up']);
    expect(options(tags)).toEqual([]);
    await userEvent.click(within(details).getByRole('button', { name: 'Remove tag gap up' }));
    await userEvent.click(within(details).getByRole('button', { name: 'Add tag' }));
    await userEvent.type(tags, 'Gap up');
    // Typed, not added: saved too.
    await userEvent.type(mistakes, 'moved stop');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    await waitFor(() => expect(journalCalls().length).toBeGreaterThan(0));
    expect(journalCalls()[0]).toEqual({
      key: `PUT /api/v1/trades/${TRADE}`,
      body: {
        planId: null,
        initialStop: null,
        notes: '',
        tags: ['Breakout', 'Gap up'],
        mistakes: ['moved stop'],
        ownInitialRisk: null,
      },
    });
  });

  it('shows the message of a label refused, and sends nothing', async () => {
    await seedTrades();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'AAPL' }));
    const details = screen.getByRole('dialog');
    const tags = within(details).getByLabelText('Tags');
    // The box stops at 40 characters; an older trade holding more says why on save.
    expect(tags.getAttribute('maxLength')).toBe('40');
    for (let i = 0; i < 21; i++) await userEvent.type(tags, `t${i}{Enter}`);
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    expect(await within(details).findByText('A trade can have at most 20 tags')).toBeTruthy();
    // Nothing sent (a sync the page runs on its own may come and go).
    expect(requestPaths(api.received).filter((p) => p.startsWith('PUT'))).toEqual([]);
  });

  it('offline: saved on the device at once, queued, and shown in the row', async () => {
    await seedTrades();
    // The trade's fill: an offline edit rebuilds the trades from the cached fills, as the server would.
    await seed('executions', [executionFixture()]);
    const details = await openDetailsOffline();
    await userEvent.type(within(details).getByLabelText('Mistakes'), 'chased entry{Enter}');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    await waitFor(async () => expect((await rowOf('AAPL')).textContent).toContain('chased entry'));
    expect((await rowOf('AAPL')).textContent).toContain('not yet saved');
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.label, q.body])).toEqual([
      [
        'Update trade AAPL',
        {
          planId: null,
          initialStop: null,
          notes: '',
          tags: [],
          mistakes: ['chased entry'],
          ownInitialRisk: null,
        },
      ],
    ]);
  });

  it('offline: a label with half of a character is refused on the device, as the server would', async () => {
    await seedTrades();
    const details = await openDetailsOffline();
    // What pasting an emoji cut in two leaves: its first half alone.
    fireEvent.change(within(details).getByLabelText('Mistakes'), { target: { value: 'chased \ud83d' } });
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    expect(await within(details).findByText('A mistake must not contain a broken character')).toBeTruthy();
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect((await rowOf('AAPL')).textContent).not.toContain('not yet saved');
  });
});

describe("the trader's own initial risk", () => {
  const RISK = 'Your initial risk in $ (optional)';
  // Bought 100 at $100 and sold at $105: net $500, no stop, no plan.
  const seedClosedTrade = async () => {
    await seed('executions', [
      executionFixture(),
      executionFixture({ side: 'Sell', price: 105, executedAt: '2026-11-21T15:00:00.000Z' }),
    ]);
    await seed('trades', [
      tradeFixture({ id: TRADE, closedAt: '2026-11-21T15:00:00.000Z', openQuantity: 0, netPnl: 500 }),
    ]);
  };

  it('offline: measures the R of a trade without a stop, saved on the device and queued', async () => {
    await seedClosedTrade();
    const details = await openDetailsOffline();
    await userEvent.type(within(details).getByLabelText(RISK), '250');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    // $500 over the $250 the trader put at risk.
    await waitFor(async () => expect((await rowOf('AAPL')).textContent).toContain('+2.00R'));
    expect((await dbModule.db.outbox.toArray()).map((q) => q.body)).toEqual([
      { planId: null, initialStop: null, notes: '', tags: [], mistakes: [], ownInitialRisk: 250 },
    ]);
  });

  it('refuses 0 on the device with its message, and queues nothing', async () => {
    await seedClosedTrade();
    const details = await openDetailsOffline();
    await userEvent.type(within(details).getByLabelText(RISK), '0');
    await userEvent.click(within(details).getByRole('button', { name: 'Save Trade' }));
    expect(await within(details).findByText('Your initial risk must be greater than 0')).toBeTruthy();
    expect(await dbModule.db.outbox.count()).toBe(0);
  });
});

describe('Sync trades', () => {
  beforeEach(async () => {
    await seed('trades', []);
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync({ trades: [] }) };
  });

  it('imports, shows it is busy meanwhile, then says how many fills came', async () => {
    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: { imported: 12, skipped: 1, latestExecutedAt: null, importedAt: minutesAgo(0), throttled: false },
      delayMs: 100,
    };
    renderPage();
    const sync = await screen.findByRole('button', { name: 'Sync trades' });
    await userEvent.click(sync);
    expect(sync.getAttribute('aria-busy')).toBe('true');
    expect((sync as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('12 fills imported')).toBeTruthy();
    expect(sync.getAttribute('aria-busy')).toBe('false');
    expect(requestPaths(api.received)).toEqual(['POST /api/v1/trades/import', 'GET /api/v1/sync']);
    expect(api.received[0]?.key).toBe('POST /api/v1/trades/import');

    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: { imported: 0, skipped: 0, latestExecutedAt: null, importedAt: minutesAgo(0), throttled: false },
    };
    await userEvent.click(sync);
    expect(await screen.findByText('No new fills')).toBeTruthy();
  });

  it('says when fills were last imported, from the cache, and keeps the time an import answers', async () => {
    await dbModule.db.meta.put({ key: dbModule.metaKeys.fillsImportedAt, value: minutesAgo(3) });
    renderPage();
    expect(await screen.findByText('Fills imported 3 min ago')).toBeTruthy();
    const importedAt = minutesAgo(0);
    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: { imported: 2, skipped: 0, latestExecutedAt: null, importedAt, throttled: false },
    };
    await userEvent.click(await screen.findByRole('button', { name: 'Sync trades' }));
    expect(await screen.findByText('Fills imported just now')).toBeTruthy();
    expect((await dbModule.db.meta.get(dbModule.metaKeys.fillsImportedAt))?.value).toBe(importedAt);
  });

  it('says when it can run again while the server holds imports back', async () => {
    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: { imported: 0, skipped: 0, latestExecutedAt: null, importedAt: minutesAgo(0.5), throttled: true },
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync trades' }));
    expect(
      await screen.findByText('Fills were imported just now. Sync trades can run again in 2 min.'),
    ).toBeTruthy();
  });

  it('says what the broker reported that was not imported, and why', async () => {
    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: {
        imported: 3,
        skipped: 9,
        skippedReasons: { notStockOrEtf: 2, corporateAction: 1, alreadyImported: 6 },
        latestExecutedAt: null,
      },
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync trades' }));
    // Fills already held come back at every import (imports overlap by a day): not news.
    expect(
      await screen.findByText(
        'Not imported: 2 not a stock or ETF, 1 a corporate action the journal cannot follow',
      ),
    ).toBeTruthy();
    api.routes['POST /api/v1/trades/import'] = {
      status: 200,
      body: { imported: 0, skipped: 4, skippedReasons: { alreadyImported: 4 }, latestExecutedAt: null },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Sync trades' }));
    await waitFor(() => expect(screen.queryByText(/^Not imported/)).toBeNull());
  });

  it("says why the import failed, in the server's words", async () => {
    api.routes['POST /api/v1/trades/import'] = {
      status: 503,
      body: { message: 'Your broker is not answering right now. Try again in a minute.' },
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sync trades' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your broker is not answering right now. Try again in a minute.');
  });

  it('is disabled offline, and says why', async () => {
    connectivity.reportApiReachable(false);
    renderPage();
    const sync = (await screen.findByRole('button', { name: 'Sync trades' })) as HTMLButtonElement;
    expect(sync.disabled).toBe(true);
    expect(sync.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Syncing trades needs a connection to your broker')).toBeTruthy();
  });
});
