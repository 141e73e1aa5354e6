import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/domain/orders.ts';
import type { Account, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { cents, findRises, type Rise } from './demoPath.ts';
import {
  apiBody as api,
  axeViolations,
  type ClockedApp,
  openClockedApp,
  PHONE,
  pageHeading,
  screenshot,
} from './harness.ts';

// Issue 29's "done when", on a phone with the demo broker: a newcomer turns orders on, places a
// breakout order from a Ready plan, sees it Working, sees it fill as the price crosses the entry,
// and finds the trade linked to the plan with its R. The server runs on a clock the test sets
// (clockedServer.ts) in a session whose demo path the test reads ahead (demoPath.ts): a stock
// that rises, the entry halfway up the rise, the stop half the rise below where it starts.

// Stocks the demo trader holds no fills of: the order's fill opens a trade of its own.
const SYMBOLS = ['INTC', 'QCOM', 'MU', 'TXN', 'AVGO', 'ORCL', 'CSCO'];

describe('an order fills on a phone as the price crosses its entry', () => {
  let app: ClockedApp;
  let page: Page;
  let rise: Rise;
  let account: Account;
  let plan: TradePlanDto;
  const details = () => page.getByRole('dialog', { name: `${rise.symbol} trade plan` });
  const status = (text: string) => details().locator('.order-card .badge', { hasText: text });

  beforeAll(async () => {
    [rise] = findRises(SYMBOLS, 1) as [Rise];
    app = await openClockedApp(rise.t0, PHONE);
    page = app.page;
    account = (await api<Account[]>(page, 'GET', '/accounts'))[0] as Account;
    const entryPrice = cents(rise.p0 + rise.up / 2);
    plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
      stock: rise.symbol,
      entryPrice,
      stopLossPrice: cents(entryPrice - rise.up),
    });
    await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
  });
  afterAll(() => app?.close());

  it('turns orders on for the account in its settings', async () => {
    await page.goto(`${app.server.url}/dashboard`);
    await pageHeading(page, 'Dashboard').waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^${account.accountName}.*account settings$`) })
      .first()
      .click();
    const settings = page.getByRole('dialog', { name: `Account Settings: ${account.accountName}` });
    const allow = settings.getByRole('switch', { name: 'Allow orders from Trade Tracker' });
    const question = page.getByRole('dialog', { name: 'Allow orders from Trade Tracker?' });
    const allowedNow = async () =>
      (await api<Account[]>(page, 'GET', '/accounts')).find((a) => a.id === account.id)?.ordersAllowed;
    await settings.getByText('Orders from Trade Tracker: Off').waitFor();

    // The switch asks first; Escape closes the question alone, and nothing was sent.
    await allow.click();
    await question.getByText(/real orders, with real money/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page.context(), page, 'orders-allow-question', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await settings.isVisible()).toBe(true);
    expect(await allow.isChecked()).toBe(false);
    expect(await allowedNow()).toBe(false);

    await allow.click();
    await question.getByRole('button', { name: 'Allow orders' }).click();
    await question.waitFor({ state: 'detached' });
    await settings.getByText('Orders from Trade Tracker: On').waitFor();
    expect(await allow.isChecked()).toBe(true);
    expect(await allowedNow()).toBe(true);
    await screenshot(page.context(), page, 'orders-on-settings', { viewportOnly: true });
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
  });

  it('places a breakout order from the Ready plan, Working below its entry', async () => {
    await page.goto(`${app.server.url}/trade-plans?plan=${plan.id}`);
    await details()
      .getByRole('button', { name: new RegExp(`^Place order in ${account.accountName}`) })
      .click();
    const form = page.getByRole('dialog', { name: `Order ${rise.symbol} · ${account.accountName}` });
    await form.getByLabel('Entry').selectOption('Stop');
    await form.getByRole('button', { name: 'Preview' }).click();
    await form
      .getByText(new RegExp(`^Buy \\d+ ${rise.symbol} at ${plan.entryPrice.toFixed(2)} stop, Day;`))
      .waitFor();
    await form.getByRole('button', { name: 'Confirm order' }).click();
    await form.waitFor({ state: 'detached' });
    await status('Working').waitFor({ timeout: 15_000 });
    await screenshot(page.context(), page, 'order-fill-working');
  });

  it('fills as the price crosses, and the trade is the plan’s, with its R', async () => {
    await app.setClock(rise.t1);
    // The plan's orders are read every 5 s while one is open.
    await status('Filled').waitFor({ timeout: 30_000 });
    await screenshot(page.context(), page, 'order-fill-filled');
    const [order] = await api<OrderDto[]>(page, 'GET', `/orders?planId=${plan.id}`);
    expect(order?.status).toBe('Filled');
    const trades = await api<Trade[]>(page, 'GET', '/trades');
    const trade = trades.find((t) => t.symbol === rise.symbol);
    expect(trade).toMatchObject({ planId: plan.id, closedAt: null, initialStop: plan.stopLossPrice });
    expect(trade?.entryQuantity).toBe(order?.order.quantity);

    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trades' }).click();
    await pageHeading(page, 'Trades').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: rise.symbol }) });
    // Above the entry: a gain, in $ and in R from the plan's stop.
    await row
      .first()
      .getByText(/^Unrealised \+\$[\d,]+\.\d{2} · \+\d+\.\d{2}R at \$[\d,]+\.\d{2}$/)
      .waitFor({ timeout: 30_000 });
    await screenshot(page.context(), page, 'order-fill-trade');
  });
});
