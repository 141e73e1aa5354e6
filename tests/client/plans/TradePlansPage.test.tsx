import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/client/db/db.ts';
import TradePlansPage, { showingText } from '../../../src/client/plans/TradePlansPage.tsx';
import { accountFixture, edgeFixture, planFixture, resetCache, seed, tradeFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

const stocks = () => screen.getAllByRole('rowheader').map((th) => th.textContent);

describe('Trade Plans page', () => {
  it('shows the empty state for a trader with no plans', async () => {
    await seed('tradePlans', []);
    render(<TradePlansPage />);
    expect(await screen.findByText('No trade plans found')).toBeTruthy();
    expect(screen.getByText('Create your first trade plan to get started')).toBeTruthy();
    expect(screen.getByText('Showing 0 of 0 trade plans')).toBeTruthy();
  });

  it('shows a skeleton until plans were ever loaded', async () => {
    render(<TradePlansPage />);
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByText('No trade plans found')).toBeNull();
  });

  it('formats every column of a plan', async () => {
    await seed('tradePlans', [
      planFixture({
        stock: 'AAPL',
        entryPrice: 1234.5,
        stopLossPrice: 1200,
        probabilityOfSuccess: 72.25,
        status: 'Ready',
        edgeIds: ['e1', 'e2'],
      }),
      planFixture({ stock: 'MSFT', entryPrice: 10, stopLossPrice: 9.9 }),
    ]);
    // 10 % capital of $150,000 at $1,234.50 is 12 shares; $500 buys none.
    await seed('accounts', [
      accountFixture({ id: 'a', accountName: 'Margin', currentBalance: 150_000 }),
      accountFixture({
        id: 'b',
        accountName: 'Cash',
        currentBalance: 5_000,
        availableFundsForTrading: 5_000,
      }),
    ]);
    render(<TradePlansPage />);
    const row = (await screen.findByRole('rowheader', { name: 'AAPL' })).closest('tr') as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('Margin: 12 shares'));
    const text = row.textContent ?? '';
    for (const part of [
      'Ready',
      '$1,234.50',
      '$1,200.00',
      '$34.50',
      '2.79%',
      '72.3%',
      '2 edges',
      'Margin: 12 shares',
      'Cash: N/A',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(row).getByText('12 shares').className).toBe('positive');
    const msft = screen.getByRole('rowheader', { name: 'MSFT' }).closest('tr') as HTMLElement;
    expect(msft.textContent).toContain('Not set');
    expect(msft.textContent).toContain('No edges');
    expect(msft.textContent).toContain('Cash: 50 shares');
    expect(within(msft).getByText('1.00%').className).toContain('badge-green');
    expect(within(row).getByText('2.79%').className).toContain('badge-yellow');
  });

  it('sizes the plans on screen for the balances as they change, and says so when there is no account', async () => {
    await seed('tradePlans', [planFixture({ stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 })]);
    render(<TradePlansPage />);
    const row = (await screen.findByRole('rowheader', { name: 'AAPL' })).closest('tr') as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('No position sizes calculated'));
    // 10 % capital of $100,000 at $100 is 100 shares; of $50,000, 50.
    await db.accounts.put(accountFixture({ accountName: 'Margin' }));
    await waitFor(() => expect(row.textContent).toContain('Margin: 100 shares'));
    await db.accounts.put(accountFixture({ accountName: 'Margin', currentBalance: 50_000 }));
    await waitFor(() => expect(row.textContent).toContain('Margin: 50 shares'));
  });

  it('sorts by stock by default, toggles direction, and starts a new column ascending', async () => {
    await seed('tradePlans', [
      planFixture({ stock: 'MSFT', entryPrice: 50, stopLossPrice: 40 }),
      planFixture({ stock: 'aapl', entryPrice: 300, stopLossPrice: 290 }),
      planFixture({ stock: 'NVDA', entryPrice: 100, stopLossPrice: 90 }),
    ]);
    render(<TradePlansPage />);
    await screen.findByRole('rowheader', { name: 'MSFT' });
    expect(stocks()).toEqual(['aapl', 'MSFT', 'NVDA']);
    const stockHeader = screen.getByRole('columnheader', { name: /Stock/ });
    expect(stockHeader.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(stockHeader).getByRole('button'));
    expect(stocks()).toEqual(['NVDA', 'MSFT', 'aapl']);
    expect(stockHeader.getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(screen.getByRole('button', { name: /Entry Price/ }));
    expect(stocks()).toEqual(['MSFT', 'NVDA', 'aapl']);
    expect(stockHeader.getAttribute('aria-sort')).toBe('none');
  });

  it('searches by stock and filters by status, and says so in the footer', async () => {
    await seed('tradePlans', [
      planFixture({ stock: 'AAPL', status: 'Ready' }),
      planFixture({ stock: 'AMD', status: 'Draft' }),
      planFixture({ stock: 'MSFT', status: 'Ready' }),
    ]);
    render(<TradePlansPage />);
    await screen.findByRole('rowheader', { name: 'AMD' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by stock symbol' }), 'a');
    expect(stocks()).toEqual(['AAPL', 'AMD']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Ready');
    expect(stocks()).toEqual(['AAPL']);
    expect(screen.getByText('Showing 1 of 3 trade plans (search: "a", status: Ready)')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Hold');
    expect(screen.getByText('Try adjusting your search criteria or filters')).toBeTruthy();
  });

  it.each([
    ['Draft', ['Ready', 'Discarded']],
    ['Ready', ['Hold', 'Discarded', 'Draft']],
    ['Hold', ['Ready', 'Discarded']],
    ['Discarded', ['Draft']],
  ] as const)('offers only the allowed next statuses for a %s plan', async (status, allowed) => {
    await seed('tradePlans', [planFixture({ stock: 'AAPL', status })]);
    render(<TradePlansPage />);
    const select = await screen.findByRole('combobox', { name: 'Change status of AAPL' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Change Status...', ...allowed]);
    const edit = screen.getByRole('button', { name: 'Edit' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(status === 'Discarded');
  });

  it('previews risk and per-account position sizes live in the create form, and validates before any call', async () => {
    await seed('tradePlans', []);
    await seed('accounts', [accountFixture({ accountName: 'Margin' })]);
    await seed('edges', [edgeFixture({ name: 'Trend', weightFactor: 0.8 })]);
    render(<TradePlansPage />);
    await userEvent.click(await screen.findByRole('button', { name: '+ New Trade Plan' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Trend (0.8)')).toBeTruthy();
    expect(within(dialog).queryByText(/^Risk:/)).toBeNull();

    await userEvent.type(within(dialog).getByLabelText('Stock'), 'aapl');
    expect((within(dialog).getByLabelText('Stock') as HTMLInputElement).value).toBe('AAPL');
    await userEvent.type(within(dialog).getByLabelText('Entry Price'), '50');
    expect(within(dialog).queryByText(/^Risk:/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Stop Loss'), '48');
    expect(within(dialog).getByText('Risk: $2.00 (4.00%)')).toBeTruthy();
    // 1% of 100,000 = 1,000 / $2 = 500; 10% capital = 10,000 / $50 = 200; free 40,000 / 50 = 800 -> 200.
    expect(await within(dialog).findByText('Margin: 200 shares')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText('Stop Loss'));
    await userEvent.type(within(dialog).getByLabelText('Stop Loss'), '55');
    await userEvent.type(within(dialog).getByLabelText('Probability of Success (%)'), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Trade Plan' }));
    expect(within(dialog).getByText('Stop loss price must be less than entry price')).toBeTruthy();
    expect(within(dialog).getByText('Probability of success must be between 0 and 100')).toBeTruthy();
    expect(within(dialog).getByLabelText('Stop Loss').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows each plan's trade outcome beside its status: Open, its R, or nothing", async () => {
    await seed('tradePlans', [
      planFixture({ id: 'p-aapl', stock: 'AAPL', status: 'Ready' }),
      planFixture({ id: 'p-msft', stock: 'MSFT', status: 'Hold' }),
      planFixture({ id: 'p-nvda', stock: 'NVDA', status: 'Draft' }),
    ]);
    await seed('trades', [
      tradeFixture({ symbol: 'AAPL', planId: 'p-aapl', planned: true }),
      tradeFixture({
        symbol: 'MSFT',
        planId: 'p-msft',
        planned: true,
        closedAt: '2026-11-21T15:00:00.000Z',
        rMultiple: 2.5,
      }),
    ]);
    render(<TradePlansPage />);
    const row = async (stock: string) =>
      (await screen.findByRole('rowheader', { name: stock })).closest('tr') as HTMLElement;
    await waitFor(async () => expect(within(await row('AAPL')).getByText('Open')).toBeTruthy());
    const msft = within(await row('MSFT')).getByText('+2.50R');
    expect(msft.className).toContain('badge-green');
    expect((await row('MSFT')).querySelector('td[data-label="Status"]')?.textContent).toBe(
      'Hold Trade: +2.50R',
    );
    expect((await row('NVDA')).querySelector('.plan-outcome')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'MSFT' }));
    expect(await within(screen.getByRole('dialog')).findByText('+2.50R')).toBeTruthy();
  });

  it('shows a done plan as Done with its R, or Done alone (docs/product.md, "Trade plans")', async () => {
    await seed('tradePlans', [
      planFixture({ id: 'p-aapl', stock: 'AAPL', status: 'Ready', doneAt: '2026-11-21T15:00:00.000Z' }),
      planFixture({ id: 'p-msft', stock: 'MSFT', status: 'Hold', doneAt: '2026-11-21T15:00:00.000Z' }),
    ]);
    await seed('trades', [
      tradeFixture({
        symbol: 'AAPL',
        planId: 'p-aapl',
        planned: true,
        closedAt: '2026-11-21T15:00:00.000Z',
        rMultiple: -1,
      }),
      // The re-entry after it: unplanned, so the plan keeps its R.
      tradeFixture({ symbol: 'AAPL', openedAt: '2026-11-22T15:00:00.000Z' }),
    ]);
    render(<TradePlansPage />);
    const status = async (stock: string) =>
      ((await screen.findByRole('rowheader', { name: stock })).closest('tr') as HTMLElement).querySelector(
        'td[data-label="Status"]',
      )?.textContent;
    await waitFor(async () => expect(await status('AAPL')).toBe('Ready Trade: Done · \u22121.00R'));
    expect(await status('MSFT')).toBe('Hold Trade: Done');
    await userEvent.click(screen.getByRole('button', { name: 'AAPL' }));
    expect(await within(screen.getByRole('dialog')).findByText('Done · \u22121.00R')).toBeTruthy();
  });

  it('closes the form with Cancel', async () => {
    await seed('tradePlans', []);
    render(<TradePlansPage />);
    await userEvent.click(await screen.findByRole('button', { name: '+ New Trade Plan' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('showingText', () => {
  it('names no filters when none are active', () => {
    expect(showingText(3, 3, ' ', '')).toBe('Showing 3 of 3 trade plans');
  });
  it('renders the first 25 matches of a long journal, and more when asked', async () => {
    const many = Array.from({ length: 35 }, (_, i) =>
      planFixture({ id: `p${i}`, stock: `S${String(i).padStart(2, '0')}` }),
    );
    await seed('tradePlans', many);
    render(<TradePlansPage />);
    await screen.findByRole('rowheader', { name: 'S00' });
    expect(stocks()).toHaveLength(25);
    // The count waits for the whole list, read after the first screenful.
    expect(await screen.findByText('Showing 35 of 35 trade plans')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show 10 more (25 of 35 shown)' }));
    expect(stocks()).toHaveLength(35);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    // The search looks through every plan, not only those rendered.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by stock symbol' }), 'S3');
    expect(stocks()).toEqual(Array.from({ length: 5 }, (_, i) => `S3${i}`));
  }, 20_000);

  it('shows the first screenful by stock before every plan is read, and counts once they are', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      planFixture({ id: `p${i}`, stock: `S${String(29 - i).padStart(2, '0')}` }),
    );
    await seed('tradePlans', many);
    // The whole read is held back: what shows meanwhile came from the index alone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const wholeRead = db.tradePlans.toArray.bind(db.tradePlans);
    const spy = vi
      .spyOn(db.tradePlans, 'toArray')
      .mockImplementation(() => held.then(() => wholeRead()) as never);
    render(<TradePlansPage />);
    await screen.findByRole('rowheader', { name: 'S00' });
    expect(stocks()).toEqual(Array.from({ length: 25 }, (_, i) => `S${String(i).padStart(2, '0')}`));
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    spy.mockRestore();
    release();
    // The held read answers once released, and again on the next change.
    await db.tradePlans.put(planFixture({ id: 'p30', stock: 'S30' }));
    expect(await screen.findByText('Showing 31 of 31 trade plans')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show 6 more (25 of 31 shown)' })).toBeTruthy();
  });
});
