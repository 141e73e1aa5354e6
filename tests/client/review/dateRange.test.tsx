import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Trade } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import { seed, tradeFixture } from '../fixtures.ts';

// The date range in the address filters Review's figures and calendar and the Trades list, read
// from the cache, and a reload (a new render from the address) shows the same.

const _api = withFakeApi({ reachable: false });
let ReviewPage: typeof import('../../../src/client/review/ReviewPage.tsx').default;
let TradesPage: typeof import('../../../src/client/trades/TradesPage.tsx').default;

beforeAll(async () => {
  ReviewPage = (await import('../../../src/client/review/ReviewPage.tsx')).default;
  TradesPage = (await import('../../../src/client/trades/TradesPage.tsx')).default;
});

const closed = (symbol: string, closedAt: string, rMultiple: number | null, netPnl: number): Trade =>
  tradeFixture({
    id: `t-${symbol}`,
    symbol,
    openedAt: '2026-11-20T15:00:00.000Z',
    closedAt,
    openQuantity: 0,
    averageExitPrice: 101,
    initialStop: rMultiple === null ? null : 95,
    initialRisk: rMultiple === null ? null : 500,
    rMultiple,
    netPnl,
  });

// Around Tuesday 24 November 2026 in New York (EST, UTC−5).
const TRADES = [
  closed('MON', '2026-11-24T04:59:59.000Z', 2, 1000), // Monday 23:59:59: outside
  closed('TUEA', '2026-11-24T05:00:01.000Z', -1, -500), // Tuesday 00:00:01
  closed('TUEB', '2026-11-24T18:00:00.000Z', 1.5, 750),
  closed('TUEC', '2026-11-24T19:00:00.000Z', null, 40), // no stop: in no figure, in the calendar's money
  closed('TUEL', '2026-11-25T04:59:59.000Z', 0.5, 250), // Tuesday 23:59:59, UTC's Wednesday
  closed('WED', '2026-11-25T05:00:00.000Z', 3, 1500), // Wednesday 00:00:00: outside
  tradeFixture({ id: 't-OPEN', symbol: 'OPEN', openedAt: '2026-11-01T15:00:00.000Z' }), // open
];

beforeEach(async () => {
  await seed('trades', TRADES);
});

const figure = async (label: string) => {
  const figures = (await screen.findByRole('heading', { name: /All trades/ })).parentElement as HTMLElement;
  return within(figures).getByText(label).nextElementSibling?.textContent;
};
const figures = async () =>
  Promise.all(['Trades', 'Win rate', 'Expectancy', 'Profit factor', 'Max drawdown', 'Net P&L'].map(figure));

describe('Review with a date range in the address', () => {
  it('computes every figure from the trades closed on those New York days, and keeps it on a reload', async () => {
    window.history.replaceState(null, '', '/review?from=2026-11-24&to=2026-11-24');
    const first = render(<ReviewPage />);
    // By hand: Tuesday's trades with an R, by close time: −1R (−$500), +1.5R (+$750), +0.5R
    // (+$250). n 3, wins 2: 66.7%; mean (−1 + 1.5 + 0.5) ÷ 3 = +0.33R; profit factor 2 ÷ 1;
    // cumulative −1, +0.5, +1 from 0: drawdown 1R; net P&L −500 + 750 + 250 = $500.
    const byHand = ['3', '66.7%', '+0.33R', '2.00', '\u22121.00R', '$500.00'];
    expect(await figures()).toEqual(byHand);
    expect(screen.getByText(/^1 closed trade without a stop is not counted/)).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toMatch(
      /^Equity curve: 3 trades/,
    );
    expect((screen.getByRole('combobox', { name: 'Date range' }) as HTMLSelectElement).value).toBe('custom');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-24');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-24');

    // A reload: the page rendered again from the address alone.
    first.unmount();
    render(<ReviewPage />);
    expect(await figures()).toEqual(byHand);
  });

  it("draws the range's month, and a tap on a day lists its trades, each a link to it", async () => {
    window.history.replaceState(null, '', '/review?from=2026-11-24&to=2026-11-24');
    render(<ReviewPage />);
    const calendar = (await screen.findByRole('heading', { name: 'P&L calendar' }))
      .parentElement as HTMLElement;
    expect(within(calendar).getByRole('heading', { name: 'November 2026' })).toBeTruthy();
    // Only Tuesday has trades in the range: Monday's and Wednesday's are not drawn.
    const days = within(calendar).getAllByRole('button', { pressed: false });
    expect(days).toHaveLength(1);
    // Named by its text: the weekday and month for a screen reader, then what the cell shows
    // (jsdom loads no CSS, so the phone's short P&L is in it too).
    expect(days[0]!.textContent).toBe('Tuesday, November 24: +540+$540.00+1.00R4 trades');
    expect(within(calendar).getByText(/^Month:/).textContent).toBe('Month: +$540.00 · +1.00R · 4 trades');
    await userEvent.click(days[0]!);
    expect(days[0]!.getAttribute('aria-pressed')).toBe('true');
    const list = within(calendar).getByRole('heading', { name: /^Tuesday, Nov 24, 2026/ })
      .parentElement as HTMLElement;
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      ['TUEA', 'TUEB', 'TUEC', 'TUEL'].map((s) => `/trades?from=2026-11-24&to=2026-11-24&trade=t-${s}`),
    );
    expect(links[0]!.textContent).toBe('TUEA Long-$500.00\u22121.00R');
  });

  it('changes the range in place of the history entry, and shows every date again for all', async () => {
    window.history.replaceState(null, '', '/review?range=year');
    const entries = window.history.length;
    render(<ReviewPage />);
    await screen.findByRole('heading', { name: /All trades/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Date range' }), { target: { value: 'all' } });
    // Every trade with an R: 2 − 1 + 1.5 + 0.5 + 3 = 6R over 5 trades; $3,000.
    expect(await figure('Trades')).toBe('5');
    expect(await figure('Net P&L')).toBe('$3,000.00');
    expect(window.location.pathname + window.location.search).toBe('/review');
    expect(window.history.length).toBe(entries);
  });

  it('says why a wrong range was not understood, and shows every date', async () => {
    window.history.replaceState(null, '', '/review?from=2026-11-25&to=2026-11-24');
    render(<ReviewPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The date range in the address was not understood: From must not be after to. Showing all dates.',
    );
    expect(await figure('Trades')).toBe('5');
  });
});

describe('Trades with a date range in the address', () => {
  it('lists the trades closed on those New York days, and every open trade', async () => {
    window.history.replaceState(null, '', '/trades?from=2026-11-24&to=2026-11-24');
    const first = render(<TradesPage />);
    const symbols = async () => {
      await screen.findByRole('button', { name: 'OPEN' });
      return screen
        .getAllByRole('rowheader')
        .map((th) => th.querySelector('button')?.textContent)
        .sort();
    };
    const tuesday = ['OPEN', 'TUEA', 'TUEB', 'TUEC', 'TUEL'];
    expect(await symbols()).toEqual(tuesday);
    first.unmount();
    render(<TradesPage />);
    expect(await symbols()).toEqual(tuesday);
  });

  it("opens the trade the address names, the calendar's link", async () => {
    window.history.replaceState(null, '', '/trades?from=2026-11-24&to=2026-11-24&trade=t-TUEB');
    render(<TradesPage />);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(window.location.search).toBe('?from=2026-11-24&to=2026-11-24');
  });
});
