import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import DashboardPage from '../../../src/client/dashboard/DashboardPage.tsx';
import { setCollectionState } from '../../../src/client/sync/syncState.ts';
import { accountFixture, resetCache, seed, tradeFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

const cycle = {
  key: 'current' as const,
  cycleType: 'Uptrend' as const,
  symbol: 'SPY',
  currentEma: 512.345,
  previousEma: 511,
  emaChangePercent: 0.263,
  timestamp: '2026-11-20T15:00:00.000Z',
};

describe('Dashboard', () => {
  it('shows the heading, the three cards and the accounts with a Total row', async () => {
    await seed('accounts', [
      accountFixture({
        id: 'a',
        accountName: 'Margin',
        currentBalance: 110_000,
        originalBalance: 100_000,
        availableFundsForTrading: 10_000,
      }),
      accountFixture({
        id: 'b',
        accountName: 'Cash',
        currentBalance: 9_000,
        originalBalance: 10_000,
        availableFundsForTrading: 9_000,
      }),
    ]);
    await seed('marketCycle', [cycle]);
    render(<DashboardPage />);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Overview of your trading performance and activity')).toBeTruthy();
    for (const text of ['Current Positions', 'Current Month Performance', 'Last Month Performance']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // No trades cached: nothing open, nothing closed.
    expect(await screen.findByText('No open trades')).toBeTruthy();
    expect(screen.getAllByText('No closed trades')).toHaveLength(2);
    const total = (await screen.findByRole('rowheader', { name: 'Total' })).closest('tr') as HTMLElement;
    // The P&L column says what it measures, so it does not contradict Review's.
    expect(screen.getByText(/P&L is each balance against its original balance/)).toBeTruthy();
    // 119,000 against 110,000: +9,000, +8.18%; invested 100,000 + 0; free 19,000.
    for (const part of [
      '$110,000.00',
      '$119,000.00',
      '$100,000.00',
      '$19,000.00',
      '84.03%',
      '$9,000.00 (8.18%)',
    ]) {
      expect(total.textContent).toContain(part);
    }
    const cash = screen.getByRole('button', { name: /Cash/ }).closest('tr') as HTMLElement;
    expect(within(cash).getByText('-$1,000.00 (-10.00%)').className).toBe('negative');
  });

  it("fills the three cards with the trader's own trades: open ones, and this and last month's P&L", async () => {
    const now = new Date();
    const day = (monthOffset: number, d: number) =>
      new Date(now.getFullYear(), now.getMonth() + monthOffset, d, 12).toISOString();
    await seed('accounts', [
      accountFixture({ id: 'a', currentBalance: 15_000 }),
      accountFixture({ id: 'b', currentBalance: 5_000 }),
    ]);
    await seed('trades', [
      tradeFixture({ id: 't1', closedAt: null, netPnl: 12 }),
      tradeFixture({ id: 't2', closedAt: null, netPnl: -3 }),
      tradeFixture({ id: 't3', closedAt: day(0, 1), netPnl: 600.1 }),
      tradeFixture({ id: 't4', closedAt: day(0, 1), netPnl: -100.05 }),
      tradeFixture({ id: 't5', closedAt: day(-1, 15), netPnl: -240 }),
      tradeFixture({ id: 't6', closedAt: day(-2, 15), netPnl: 9_999 }),
    ]);
    render(<DashboardPage />);
    expect(await screen.findByText('2 active trades')).toBeTruthy();
    // $500.05 of $20,000: +2.50%; last month −$240: −1.20%; two months ago counts for neither.
    const card = (title: string) =>
      screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;
    expect(card('Current Month Performance').textContent).toBe('Current Month Performance+2.50%+$500.05');
    expect(card('Last Month Performance').textContent).toBe('Last Month Performance-1.20%-$240.00');
  });

  it('shows the market cycle card with trend, EMA21 and change', async () => {
    await seed('accounts', []);
    await seed('marketCycle', [cycle]);
    render(<DashboardPage />);
    expect(await screen.findByText(/Current Market Cycle: Uptrend/)).toBeTruthy();
    expect(screen.getByText('EMA21: $512.35')).toBeTruthy();
    expect(screen.getByText('EMA Change: 0.26%').className).toBe('positive');
    expect(document.querySelector('.cycle-card')?.className).toContain('tone-positive');
  });

  it("shows the cycle symbol's closes with their EMA21, drawn and in words", async () => {
    await seed('accounts', []);
    const series = [
      { date: '2026-11-17', close: 500, ema: 498 },
      { date: '2026-11-18', close: 520.5, ema: 500.25 },
      { date: '2026-11-19', close: 495, ema: 499.8 },
      { date: '2026-11-20', close: 510, ema: 500.9 },
    ];
    await seed('marketCycle', [{ ...cycle, series }]);
    render(<DashboardPage />);
    const chart = await screen.findByRole('figure');
    expect(chart.querySelector('figcaption')?.textContent).toBe(
      'SPY over the last 4 trading days: closed at $510.00 on Nov 20, from $500.00 on Nov 17; ' +
        'highest $520.50, lowest $495.00. EMA21 $500.90, the close above it.',
    );
    // Two lines, the EMA21 dashed; round value labels around the closes, from $495 to $520.50.
    const lines = [...chart.querySelectorAll('path.line-plot-line')];
    expect(lines.map((l) => l.getAttribute('stroke-dasharray'))).toEqual([null, '6 4']);
    expect(lines[0]?.getAttribute('d')?.match(/[ML]/g)).toHaveLength(4);
    const labels = [...chart.querySelectorAll('.line-plot-y span:not(.line-plot-sizer)')].map(
      (l) => l.textContent,
    );
    expect(labels).toEqual(['$490', '$500', '$510', '$520', '$530']);
  });

  it("keeps the chart's place, and says when it comes, for a cycle cached without its history", async () => {
    await seed('accounts', []);
    await seed('marketCycle', [cycle]);
    render(<DashboardPage />);
    expect(await screen.findByText('The price chart arrives with the next sync.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('says "Invalid timestamp" for a bad timestamp and maps an unknown cycle to Sideways', async () => {
    await seed('accounts', []);
    await seed('marketCycle', [
      { ...cycle, cycleType: 'Bubble' as never, emaChangePercent: -0.5, timestamp: 'soon' },
    ]);
    render(<DashboardPage />);
    expect(await screen.findByText(/Current Market Cycle: Sideways/)).toBeTruthy();
    expect(screen.getByText(/Invalid timestamp/)).toBeTruthy();
    expect(screen.getByText('EMA Change: -0.50%').className).toBe('negative');
  });

  it('shows the error cards with the messages', async () => {
    await seed('accounts', []);
    await seed('marketCycle', []);
    setCollectionState('accounts', { error: 'Failed to fetch accounts data' });
    setCollectionState('marketCycle', { error: 'Failed to fetch market cycle data' });
    render(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Error Loading Accounts' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch accounts data')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Market Cycle Error' })).toBeTruthy();
    expect(screen.getByText('Failed to fetch market cycle data')).toBeTruthy();
  });

  it('shows loading states before the first sync, and "No market cycle data available" after one', async () => {
    const { unmount } = render(<DashboardPage />);
    expect(await screen.findByText('Loading market cycle data...')).toBeTruthy();
    expect(screen.getAllByLabelText('Loading').length).toBeGreaterThan(0);
    unmount();
    await seed('marketCycle', []);
    render(<DashboardPage />);
    expect(await screen.findByText('No market cycle data available')).toBeTruthy();
  });

  it('warns a day ahead that the broker sign-in ends, and not before', async () => {
    const { db, metaKeys } = await import('../../../src/client/db/db.ts');
    const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    await db.meta.put({ key: metaKeys.brokerSessionExpiresAt, value: inHours(30) });
    const { unmount } = render(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Dashboard' });
    await screen.findByText('Account Summary');
    expect(screen.queryByRole('button', { name: 'Sign in again' })).toBeNull();
    unmount();

    await db.meta.put({ key: metaKeys.brokerSessionExpiresAt, value: inHours(20) });
    render(<DashboardPage />);
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeDefined();
    expect(
      screen.getByText(/Your broker sign-in ends on .+\. Sign in again to keep your balances live\./),
    ).toBeDefined();
  });

  it("says which account's risk guard is reached today, and that the broker's own app is not stopped", async () => {
    const now = new Date().toISOString();
    await seed('accounts', [
      accountFixture({ id: 'a', accountName: 'Margin', maxNewTradesPerDay: 1 }),
      accountFixture({ id: 'b', accountName: 'Cash', maxNewTradesPerDay: 2 }),
      accountFixture({ id: 'c', accountName: 'IRA' }),
    ]);
    await seed('trades', [
      tradeFixture({ accountId: 'a', symbol: 'AAA', openedAt: now }),
      tradeFixture({ accountId: 'b', symbol: 'BBB', openedAt: now }),
      tradeFixture({ accountId: 'c', symbol: 'CCC', openedAt: now }),
    ]);
    render(<DashboardPage />);
    const notice = await screen.findByRole('status', { name: 'Risk guard' });
    expect(notice.textContent).toBe(
      "Margin: 1 of 1 new trades today: no new orders for this account until the next trading day. Trade Tracker cannot stop orders placed in the broker's own app.",
    );
  });

  it('says nothing of the risk guard while none is reached', async () => {
    await seed('accounts', [accountFixture({ id: 'a', maxNewTradesPerDay: 2, dailyLossLimit: 500 })]);
    await seed('trades', [tradeFixture({ accountId: 'a', openedAt: new Date().toISOString() })]);
    render(<DashboardPage />);
    await screen.findByText('Account Summary');
    await screen.findByText('Max 2 new trades a day');
    expect(screen.queryByRole('status', { name: 'Risk guard' })).toBeNull();
  });
});
