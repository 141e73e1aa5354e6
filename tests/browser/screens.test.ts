import { describe, expect, it } from 'vitest';
import { monthPerformance, openPositionsText } from '../../src/domain/dashboardFigures.ts';
import { formatSignedMoney, formatSignedPercent } from '../../src/domain/format.ts';
import type { Account, Trade } from '../../src/domain/types.ts';
import {
  apiBody,
  DESKTOP,
  indexedDbCounts,
  nextFrames,
  on,
  PHONE,
  pageHeading,
  screenshot,
  signedInApp,
} from './harness.ts';

const { server, context, page } = signedInApp(PHONE);

const { dialog, nav } = on(page);

describe('the app in Chromium, signed in through the demo broker', () => {
  it('shows the Dashboard with accounts, totals, the three cards and the market cycle', async () => {
    await page.getByText('Overview of your trading performance and activity').waitFor();
    await page.getByText('Current Market Cycle:').waitFor();
    const body = await page.locator('main').innerText();
    for (const text of ['Account Summary', 'Alex Margin', 'Alex Cash', 'Total']) {
      expect(body).toContain(text);
    }
    // The three cards, from Alex's own trades as the server has them (the demo broker's fills).
    const trades = await apiBody<Trade[]>(page, 'GET', '/trades');
    const accounts = await apiBody<Account[]>(page, 'GET', '/accounts');
    const card = (title: string) =>
      page.locator('article.stat-card').filter({ has: page.getByRole('heading', { name: title }) });
    await card('Current Positions').getByText(openPositionsText(trades)).waitFor();
    const now = new Date();
    const month = monthPerformance(
      trades,
      accounts,
      new Date(now.getFullYear(), now.getMonth(), 1).getTime(),
      new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime(),
    );
    const expected =
      month === null
        ? 'No closed trades'
        : month.percent === null
          ? formatSignedMoney(month.netPnl)
          : formatSignedPercent(month.percent);
    await card('Current Month Performance').getByText(expected, { exact: true }).waitFor();
    expect(body).toMatch(/EMA21: \$[\d,]+\.\d{2}/);
    expect(body).toMatch(/EMA Change: -?[\d.]+%/);
    expect(body).toContain('$157,930.55'); // the Total row's balance: 125,430.55 + 32,500
    expect(body).toMatch(/Last updated: \d/);
    const footer = await page.locator('footer.app-footer').innerText();
    expect(footer).toContain(String(new Date().getFullYear()));
    await screenshot(context, page, 'dashboard-phone');
  });

  it('edits account settings from the account row', async () => {
    await page.getByRole('button', { name: /Alex Cash .*account settings/ }).click();
    await dialog().getByLabel('Original Balance ($)').fill('30000');
    await dialog().getByLabel('Scale-out Factor (parts, 1–10)').fill('11');
    await dialog().getByRole('button', { name: 'Save Settings' }).click();
    await dialog().getByText('Scale-out factor must be a whole number from 1 to 10').waitFor();
    await dialog().getByLabel('Scale-out Factor (parts, 1–10)').fill('5');
    await dialog().getByRole('button', { name: 'Save Settings' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('$2,500.00 (8.33%)').waitFor(); // P&L of 32,500 against 30,000
  });

  it('creates, edits, searches and deletes an edge', async () => {
    await nav('Edge Definition');
    await pageHeading(page, 'Edge Definition').waitFor();
    await page.getByText('No edges found').waitFor();
    await page.getByRole('button', { name: '+ New Edge' }).click();
    expect(await dialog().getByRole('heading', { name: 'Create New Edge' }).isVisible()).toBe(true);
    expect(await dialog().getByRole('heading', { name: 'Define Edge' }).isVisible()).toBe(true);
    expect(await dialog().getByRole('slider').inputValue()).toBe('0.5');
    await dialog().getByRole('button', { name: 'Save Edge' }).click();
    await dialog().getByText('Name is required').waitFor();
    expect(await dialog().getByText('Description is required').isVisible()).toBe(true);

    await dialog().getByLabel('Name').fill('Trend alignment');
    await dialog().getByLabel('Description').fill('Price above a rising EMA21');
    await dialog().getByLabel('Identification Notes').fill('Daily chart, EMA21 sloping up');
    await dialog().getByRole('slider').fill('0.8');
    await dialog().getByRole('button', { name: 'Save Edge' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Trend alignment' }).waitFor();
    expect(await page.locator('.badge').first().innerText()).toBe('0.8');

    await page.getByRole('button', { name: '+ New Edge' }).click();
    await dialog().getByLabel('Name').fill('TREND ALIGNMENT');
    await dialog().getByLabel('Description').fill('d');
    await dialog().getByLabel('Identification Notes').fill('n');
    await dialog().getByRole('button', { name: 'Save Edge' }).click();
    await dialog().getByText('An edge with this name already exists').first().waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit' }).click();
    expect(await dialog().getByRole('heading', { name: 'Edit Edge' }).isVisible()).toBe(true);
    await dialog().getByLabel('Name').fill('Volume surge');
    await dialog().getByRole('button', { name: 'Save Edge' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Volume surge' }).waitFor();

    await page.getByRole('searchbox').fill('nothing like this');
    await page.getByText('No edges found').waitFor();
    await page.getByRole('searchbox').fill('ema21');
    await page.getByRole('cell', { name: 'Volume surge' }).waitFor();
    await screenshot(context, page, 'edges-phone');

    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await dialog().getByRole('heading', { name: 'Delete Edge' }).isVisible()).toBe(true);
    expect(await dialog().innerText()).toContain(
      'Are you sure you want to delete "Volume surge"? This action cannot be undone.',
    );
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No edges found').waitFor();
  });

  it('creates, edits and deletes a trade setup', async () => {
    await nav('Trade Setups');
    await page.getByText('No trade setups defined yet.').waitFor();
    await page.getByRole('button', { name: 'Create Your First Trade Setup' }).click();
    await dialog().getByLabel('Name').fill('Bull flag');
    await dialog()
      .getByLabel('Entry Criteria')
      .fill('Break of the flag high on at least 1.5x average volume, confirmed');
    await dialog().getByLabel('Exit Criteria').fill('Close below the flag low');
    await dialog().getByRole('button', { name: 'Save Setup' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Bull flag' }).waitFor();
    expect(await page.locator('main').innerText()).toContain(
      'Break of the flag high on at least 1.5x average vo...',
    );
    await page.getByRole('searchbox').fill('zzz');
    await page.getByText('No trade setups match your search criteria.').waitFor();
    await page.getByRole('searchbox').fill('');
    await screenshot(context, page, 'setups-phone');

    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog().getByLabel('Name').fill('High tight flag');
    await dialog().getByRole('button', { name: 'Save Setup' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'High tight flag' }).waitFor();

    await page.getByRole('button', { name: '+ New Setup' }).click();
    await dialog().getByLabel('Name').fill('Throwaway');
    await dialog().getByRole('button', { name: 'Save Setup' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Throwaway' }).waitFor();
    await page
      .getByRole('row', { name: /Throwaway/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    expect(await dialog().getByRole('heading', { name: 'Confirm Delete' }).isVisible()).toBe(true);
    expect(await dialog().innerText()).toContain(
      'Are you sure you want to delete "Throwaway"? This action cannot be undone.',
    );
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('cell', { name: 'Throwaway' }).waitFor({ state: 'detached' });
  });

  it('plans a trade with a live risk preview, moves it through statuses and shows refusals', async () => {
    await nav('Trade Plans');
    await page.getByText('No trade plans found').waitFor();
    expect(await page.getByText('Create your first trade plan to get started').isVisible()).toBe(true);
    await page.getByRole('button', { name: '+ New Trade Plan' }).click();
    await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
    await dialog().getByText('Stock symbol is required').waitFor();

    await dialog().getByLabel('Stock').fill('aapl');
    expect(await dialog().getByLabel('Stock').inputValue()).toBe('AAPL');
    await dialog().getByLabel('Entry Price').fill('100');
    await dialog().getByLabel('Stop Loss').fill('95');
    await dialog().getByText('Risk: $5.00 (5.00%)').waitFor();
    // Alex Margin: 1% of 125,430.55 risk / $5 = 250 shares; 10% capital / $100 = 125 -> 125.
    await dialog().getByText('Alex Margin: 125 shares').waitFor();
    await dialog().getByLabel('Probability of Success (%)').fill('65');
    await dialog().getByLabel('Trade Setup').selectOption({ label: 'High tight flag' });
    await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
    await dialog().waitFor({ state: 'detached' });

    await page.getByRole('rowheader', { name: 'AAPL' }).waitFor();
    const row = await page.locator('tbody tr').first().innerText();
    for (const text of [
      'Draft',
      '$100.00',
      '$95.00',
      '$5.00',
      '5.00%',
      '65.0%',
      'No edges',
      'Alex Margin: 125 shares',
    ]) {
      expect(row).toContain(text);
    }
    expect(await page.getByText('Showing 1 of 1 trade plans').isVisible()).toBe(true);

    const statusSelect = page.getByRole('combobox', { name: 'Change status of AAPL' });
    const options = await statusSelect.locator('option').allInnerTexts();
    expect(options).toEqual(['Change Status...', 'Ready', 'Discarded']);
    await statusSelect.selectOption('Ready');
    await page.locator('tbody .badge', { hasText: 'Ready' }).waitFor();
    expect(await statusSelect.locator('option').allInnerTexts()).toEqual([
      'Change Status...',
      'Hold',
      'Discarded',
      'Draft',
    ]);

    // A second plan for AAPL while one is active: the server's message is shown.
    await page.getByRole('button', { name: '+ New Trade Plan' }).click();
    await dialog().getByLabel('Stock').fill('AAPL');
    await dialog().getByLabel('Entry Price').fill('101');
    await dialog().getByLabel('Stop Loss').fill('99');
    await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
    await dialog().getByText('An active trade plan for this stock already exists').first().waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('Draft');
    await page.getByText('No trade plans found').waitFor();
    expect(await page.getByText('Try adjusting your search criteria or filters').isVisible()).toBe(true);
    expect(await page.getByText('Showing 0 of 1 trade plans (status: Draft)').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('');
    await screenshot(context, page, 'plans-phone');

    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog().getByLabel('Entry Price').fill('110');
    await dialog().getByRole('button', { name: 'Save Trade Plan' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByText('$110.00').waitFor();

    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await dialog().innerText()).toContain(
      'Are you sure you want to delete "AAPL"? This action cannot be undone.',
    );
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No trade plans found').waitFor();
  });

  it('takes desktop screenshots of every page (screenshots only: it asserts nothing)', async () => {
    // Some data to look at, made through the API as the app itself would.
    await page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(`/api/v1/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      await post('edges', {
        name: 'Trend',
        description: 'Above a rising EMA21',
        identificationNotes: 'Daily',
        weightFactor: 0.8,
      });
      await post('tradeplans', {
        stock: 'MSFT',
        entryPrice: 420.5,
        stopLossPrice: 405,
        probabilityOfSuccess: 72,
      });
      await post('tradeplans', { stock: 'NVDA', entryPrice: 130, stopLossPrice: 118 });
    });
    await page.setViewportSize(DESKTOP);
    for (const [link, name] of [
      ['Dashboard', 'dashboard'],
      ['Trade Setups', 'setups'],
      ['Trade Plans', 'plans'],
      ['Edge Definition', 'edges'],
    ] as const) {
      await nav(link);
      await page.evaluate(() => window.dispatchEvent(new Event('focus'))); // resync, as on returning to the app
      await pageHeading(page, link).waitFor();
      await nextFrames(page);
      await screenshot(context, page, `${name}-desktop`);
    }
    await page.setViewportSize(PHONE);
  });

  it('logs out: back to the broker, and no trading data left in IndexedDB', async () => {
    expect((await indexedDbCounts(page)).accounts).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in as Alex (demo)' }).waitFor();
    const counts = await indexedDbCounts(page);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('shows the error page for a failed sign-in', async () => {
    await page.goto(`${server.url}/?status=error`);
    await page.getByRole('heading', { name: 'Authentication Error' }).waitFor();
    expect(await page.getByText('Failed to authorize. Please try again.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/error');
    await page.getByRole('button', { name: 'Retry Login' }).click();
    await page.getByRole('button', { name: 'Sign in as Alex (demo)' }).waitFor();
  });
});
