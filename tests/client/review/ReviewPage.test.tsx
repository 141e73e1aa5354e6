import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ReviewPage from '../../../src/client/review/ReviewPage.tsx';
import {
  formatDrawdown,
  formatOptionalR,
  formatProfitFactor,
  formatWinRate,
} from '../../../src/client/review/statsFormat.ts';
import { computeStats, type GroupStats, STATS_GROUPINGS } from '../../../src/domain/stats.ts';
import { closedTradeFixture } from '../../fixtures/records.ts';
import {
  edgeFixture,
  groupRowOf,
  planFixture,
  resetCache,
  seed,
  setupFixture,
  tradeFixture,
} from '../fixtures.ts';

const edges = [
  edgeFixture({ id: 'e-trend', name: 'Trend' }),
  edgeFixture({ id: 'e-volume', name: 'Volume' }),
];
const setups = [setupFixture({ id: 's-flag', name: 'Flag' })];
const plans = [
  // The win's plan cites two edges: the trade counts under both.
  planFixture({
    id: 'p-aapl',
    stock: 'AAPL',
    tradeSetupId: 's-flag',
    edgeIds: ['e-trend', 'e-volume'],
    marketCycleAtCreation: 'Uptrend',
  }),
  planFixture({ id: 'p-msft', stock: 'MSFT', tradeSetupId: 's-flag', edgeIds: ['e-trend'] }),
];

const trades = [
  closedTradeFixture('AAPL', 1, { planId: 'p-aapl', planned: true, rMultiple: 2, netPnl: 1000 }),
  closedTradeFixture('MSFT', 2, { planId: 'p-msft', planned: true, rMultiple: -1, netPnl: -500 }),
  closedTradeFixture('NVDA', 3, { rMultiple: 0, netPnl: 0 }),
  // Closed without a stop: no R, so in no figure, only in the note.
  closedTradeFixture('TSLA', 4, { initialStop: null, initialRisk: null, rMultiple: null, netPnl: 50 }),
  // Open: not in the statistics at all.
  tradeFixture({ symbol: 'AMD', openedAt: '2026-10-05T14:00:00.000Z', initialStop: 90 }),
];

const context = { plans, setups, edges };

beforeEach(async () => {
  // The breakdown chosen (`?by=`) lives in the address: each test starts from none.
  window.history.replaceState(null, '', '/');
  await resetCache();
  await seed('edges', edges);
  await seed('tradeSetups', setups);
  await seed('tradePlans', plans);
});

const rowOf = groupRowOf;

/** Shows one more breakdown, by the title its select offers it under. */
async function chooseBreakdown(title: string) {
  const select = screen.getByLabelText('More breakdowns') as HTMLSelectElement;
  const option = [...select.options].find((o) => o.text === title)!;
  await userEvent.selectOptions(select, option.value);
  await screen.findByRole('table', { name: title });
}

const expectRow = (table: HTMLElement, g: GroupStats) => {
  const { cell } = rowOf(table, g.label);
  expect(cell('Trades')).toBe(g.withoutStop > 0 ? `${g.n} (+${g.withoutStop} without a stop)` : `${g.n}`);
  expect(cell('Win rate')).toBe(formatWinRate(g.winRate));
  expect(cell('Avg win')).toBe(formatOptionalR(g.averageWinR));
  expect(cell('Avg loss')).toBe(formatOptionalR(g.averageLossR));
  expect(cell('Expectancy')).toBe(formatOptionalR(g.expectancyR));
  expect(cell('Profit factor')).toBe(formatProfitFactor(g.profitFactor));
  expect(cell('Max drawdown')).toBe(formatDrawdown(g.maxDrawdownR));
};

describe('the Review page', () => {
  it('shows the overall figures, worked by hand, and the trades it could not count', async () => {
    await seed('trades', trades);
    render(<ReviewPage />);
    const figures = (await screen.findByRole('heading', { name: /All trades/ })).parentElement as HTMLElement;
    const figure = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    // +2R, −1R, 0R by close date: n 3, one win in three, mean +0.33R, 2 ÷ 1, a fall from +2R to +1R.
    expect(figure('Trades')).toBe('3');
    expect(figure('Win rate')).toBe('33.3%');
    expect(figure('Expectancy')).toBe('+0.33R');
    expect(figure('Profit factor')).toBe('2.00');
    expect(figure('Max drawdown')).toBe('\u22121.00R');
    expect(figure('Net P&L')).toBe('$500.00');
    expect(within(figures).getByText('Small sample')).toBeTruthy();
    expect(
      screen.getByText(/^1 closed trade without a stop is not counted: set their initial stop/),
    ).toBeTruthy();
  });

  it('shows a table per grouping with the figures computeStats gives, n always visible', async () => {
    await seed('trades', trades);
    render(<ReviewPage />);
    await screen.findByRole('heading', { name: /All trades/ });
    // The tables follow the first figures (a lazy chunk): waited for by text, which a role query,
    // run again on each change to the page, would make slow.
    await screen.findByText('By setup', { selector: 'h2' });
    const titles = {
      setup: 'By setup',
      edge: 'By edge',
      cycle: 'By market cycle',
      account: 'By account',
      planned: 'Planned vs unplanned',
      symbol: 'By symbol',
      direction: 'By direction',
      weekday: 'By weekday of entry',
      hour: 'By hour of entry',
      holding: 'By holding period',
      tag: 'By tag',
      mistake: 'By mistake',
      criteria: 'By criteria met',
    } as const;
    const spec = new Set(['setup', 'edge', 'cycle']);
    for (const grouping of STATS_GROUPINGS) {
      if (grouping === 'all') continue;
      // The spec's three are always shown; the rest one at a time, from the breakdown's select.
      if (!spec.has(grouping)) await chooseBreakdown(titles[grouping]);
      const table = screen.getByRole('table', { name: titles[grouping] });
      const groups = computeStats(trades, grouping, context);
      expect(within(table).getAllByRole('rowheader')).toHaveLength(groups.length);
      for (const g of groups) expectRow(table, g);
    }
    // Hand-checked: the win counts under both its edges, so Trend has both planned trades.
    const byEdge = screen.getByRole('table', { name: 'By edge' });
    expect(rowOf(byEdge, 'Trend').cell('Trades')).toBe('2');
    expect(rowOf(byEdge, 'Trend').cell('Expectancy')).toBe('+0.50R');
    expect(rowOf(byEdge, 'Volume').cell('Profit factor')).toBe('—');
    expect(rowOf(byEdge, 'Unplanned').cell('Trades')).toBe('1 (+1 without a stop)');
    const byCycle = screen.getByRole('table', { name: 'By market cycle' });
    expect(rowOf(byCycle, 'Uptrend').cell('Trades')).toBe('1');
    expect(rowOf(byCycle, 'Unknown').cell('Trades')).toBe('1');
    // Opened at 14:00 UTC, 10:00 in New York (EDT), Thursday 1 to Sunday 4 October; closed that day.
    expect(screen.queryByRole('table', { name: 'By account' })).toBeNull();
    await chooseBreakdown('By hour of entry');
    const byHour = screen.getByRole('table', { name: 'By hour of entry' });
    expect(rowOf(byHour, '10:00–11:00').cell('Trades')).toBe('3 (+1 without a stop)');
    await chooseBreakdown('By weekday of entry');
    const byWeekday = screen.getByRole('table', { name: 'By weekday of entry' });
    expect(
      within(byWeekday)
        .getAllByRole('rowheader')
        .map((th) => th.firstChild?.textContent),
    ).toEqual(['Sunday', 'Thursday', 'Friday', 'Saturday']);
    expect(rowOf(byWeekday, 'Thursday').cell('Expectancy')).toBe('+2.00R');
    await chooseBreakdown('By holding period');
    const byHolding = screen.getByRole('table', { name: 'By holding period' });
    expect(rowOf(byHolding, 'Intraday').cell('Trades')).toBe('3 (+1 without a stop)');
    await chooseBreakdown('By direction');
    expect(rowOf(screen.getByRole('table', { name: 'By direction' }), 'Long').cell('Trades')).toBe(
      '3 (+1 without a stop)',
    );
    await chooseBreakdown('By symbol');
    expect(new URLSearchParams(window.location.search).get('by')).toBe('symbol');
    expect(rowOf(screen.getByRole('table', { name: 'By symbol' }), 'MSFT').cell('Expectancy')).toBe(
      '\u22121.00R',
    );
  });

  it('marks only the groups of fewer than 10 trades as a small sample', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      tradeFixture({
        symbol: `W${i}`,
        accountId: 'acc-big',
        accountName: 'Big',
        closedAt: '2026-10-01T19:00:00.000Z',
        openQuantity: 0,
        initialStop: 95,
        rMultiple: 1,
        netPnl: 500,
      }),
    );
    await seed('trades', [...many, ...trades]);
    render(<ReviewPage />);
    const byAccount = await screen.findByRole('table', { name: 'By account' });
    expect(within(rowOf(byAccount, 'Big').header).queryByText('Small sample')).toBeNull();
    expect(within(rowOf(byAccount, 'Margin').header).getByText('Small sample')).toBeTruthy();
    const figures = screen.getByRole('heading', { name: /All trades/ });
    expect(within(figures).queryByText('Small sample')).toBeNull();
  });

  it('draws the equity curve from 0R, and says in words what it shows', async () => {
    await seed('trades', trades);
    render(<ReviewPage />);
    const curve = await screen.findByRole('figure');
    expect(curve.querySelector('line.line-plot-baseline')).not.toBeNull();
    expect(curve.querySelectorAll('path.line-plot-dots')).toHaveLength(1);
    expect(curve.querySelector('figcaption')?.textContent).toMatch(
      /^Equity curve: 3 trades closed from Oct 1, 2026 to Oct 3, 2026, from 0\.00R to \+1\.00R, highest \+2\.00R, lowest 0\.00R\.$/,
    );
  });

  it('says what to do when no closed trade has an R yet', async () => {
    await seed('trades', trades.slice(3));
    render(<ReviewPage />);
    expect(await screen.findByText('No closed trades with an R yet')).toBeTruthy();
    expect(
      screen.getByText(/Record your fills .* link each trade to its plan, and set its initial stop/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trades' }).getAttribute('href')).toBe('/trades');
    expect(screen.getByText('1 closed trade without a stop is not counted.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

// docs/product.md, "Review": by tag, by mistake with the cost of each, by criteria met; offline,
// from the cache like the rest.
describe('the Review page: tags, mistakes and the checklist', () => {
  it('shows the cost of each mistake against the trades without one, worked by hand', async () => {
    await seed('tradeSetups', [
      setupFixture({ id: 's-flag', name: 'Flag', entryCriteria: 'Above EMA\nVolume' }),
    ]);
    await seed('tradePlans', [
      planFixture({
        id: 'p-aapl',
        stock: 'AAPL',
        tradeSetupId: 's-flag',
        criteriaMet: ['Above EMA', 'Volume'],
      }),
      planFixture({ id: 'p-msft', stock: 'MSFT', tradeSetupId: 's-flag', criteriaMet: ['Volume'] }),
    ]);
    await seed('trades', [
      closedTradeFixture('AAPL', 1, {
        planId: 'p-aapl',
        planned: true,
        rMultiple: 2,
        netPnl: 1000,
        tags: ['Breakout'],
      }),
      closedTradeFixture('MSFT', 2, {
        planId: 'p-msft',
        planned: true,
        rMultiple: -1,
        netPnl: -500,
        tags: ['breakout'],
        mistakes: ['moved stop'],
      }),
      closedTradeFixture('NVDA', 3, { rMultiple: 3, netPnl: 1500 }),
      closedTradeFixture('AMD', 4, { rMultiple: 1, netPnl: 500, mistakes: ['moved stop', 'oversized'] }),
    ]);
    render(<ReviewPage />);
    const costs = await screen.findByRole('table', { name: 'Cost of each mistake' });
    // Without a mistake: AAPL +2R and NVDA +3R, E₀ = +2.5R. Moved stop: −1R and +1R, E = 0, cost
    // 2 × 2.5 = 5R; oversized: +1R, cost 1 × 1.5 = 1.5R: shown as what they lost.
    expect(rowOf(costs, 'moved stop').cell('Expectancy')).toBe('0.00R');
    expect(rowOf(costs, 'moved stop').cell('Cost')).toBe('\u22125.00R');
    expect(rowOf(costs, 'oversized').cell('Cost')).toBe('\u22121.50R');
    expect(screen.getByText(/^Cost = the mistake's trades ×/).textContent).toContain(
      '(+2.50R over 2 trades)',
    );
    await chooseBreakdown('By tag');
    const byTag = screen.getByRole('table', { name: 'By tag' });
    expect(rowOf(byTag, 'Breakout').cell('Trades')).toBe('2');
    expect(rowOf(byTag, 'No tags').cell('Expectancy')).toBe('+2.00R');
    await chooseBreakdown('By criteria met');
    const byCriteria = screen.getByRole('table', { name: 'By criteria met' });
    expect(rowOf(byCriteria, 'All met').cell('Expectancy')).toBe('+2.00R');
    expect(rowOf(byCriteria, 'Some met').cell('Expectancy')).toBe('\u22121.00R');
    expect(rowOf(byCriteria, 'Unplanned').cell('Trades')).toBe('2');
  });
});
