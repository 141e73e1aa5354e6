import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade, TradePlanDto } from '../../src/domain/types.ts';
import {
  apiBody as api,
  type ClockedApp,
  cachedRows,
  controlledBy,
  on,
  openClockedApp,
  PHONE,
  pageHeading,
  screenshot,
} from './harness.ts';

// Issue 26: a plan made offline got the time the outbox replayed it, so a fill recorded offline a
// minute after the plan looked older than the plan: the phone showed "Plan: COST Ready", the
// server "Unplanned", no stop and no R. Creates carry the time they were made on the device.
// (WMT here: the demo trader Alex trades COST already.) The server and the device run on a clock
// the test sets (clockedServer.ts): the minute between the buy and the replay is a step of it.

const MINUTE = 60_000;
/** Now, to the minute: a time the server's clock starts at. */
const START = Math.floor(Date.now() / MINUTE) * MINUTE;

let app: ClockedApp;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  app = await openClockedApp(START, PHONE);
  ({ context, page } = app);
  await controlledBy(page);
}, 120_000);
afterAll(() => app?.close());

const recordFill = (side: 'Buy' | 'Sell', price: string) => on(page).recordFill('WMT', side, '10', price);
const tradeRow = (symbol: string) => on(page).rowOf(symbol);
const dialog = () => on(page).dialog();
const nav = (name: string) => on(page).nav(name);

describe('a plan and then a fill made offline, replayed more than a minute later', () => {
  it('stay linked after the replay: the server saves what the phone showed', {
    timeout: 120_000,
  }, async () => {
    // A minute after the sign-in, to the minute (a time made on the device is never taken from
    // before the trader's first sign-in, and a fill typed by hand counts to the minute).
    const madeAt = START + 2 * MINUTE;
    await app.setClock(madeAt);
    await nav('Trade Plans');
    await pageHeading(page, 'Trade Plans').waitFor();
    await context.setOffline(true);
    await page.getByText('Offline').first().waitFor();

    await page.getByRole('button', { name: '+ New Trade Plan' }).click();
    await dialog().getByLabel('Stock').fill('WMT');
    await dialog().getByLabel('Entry Price').fill('900');
    await dialog().getByLabel('Stop Loss').fill('880');
    await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Change status of WMT' }).selectOption('Ready');
    await page.getByRole('row', { name: /WMT/ }).locator('.badge', { hasText: 'Ready' }).waitFor();

    // Then the buy, at the same minute on the device.
    await nav('Trades');
    await pageHeading(page, 'Trades').waitFor();
    await recordFill('Buy', '900');
    await tradeRow('WMT').getByText('(not yet saved)').waitFor();
    const onPhone = await tradeRow('WMT').innerText();
    expect(onPhone).toContain('Ready');
    expect(onPhone).not.toContain('Unplanned');

    // The replay comes more than a minute after the buy's time: before the fix the plan was dated
    // then, after the buy, and the server left the trade unplanned.
    const queued = await cachedRows<{ path: string; body: { executedAt?: string } }>(page, 'outbox');
    const buyAt = Date.parse(queued.find((q) => q.path === '/executions')?.body.executedAt as string);
    expect(buyAt).toBeLessThanOrEqual(madeAt);
    await app.setClock(madeAt + MINUTE + 3_000);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await tradeRow('WMT').getByText('(not yet saved)').waitFor({ state: 'detached', timeout: 15_000 });
    // The replay's sync has written the server's trades: still linked, on the phone as on the server.
    const syncedAt = async () =>
      (await cachedRows<{ key: string; value: string }>(page, 'meta')).find((m) => m.key === 'lastSyncAt')
        ?.value;
    const before = await syncedAt();
    await app.setClock(madeAt + MINUTE + 4_000);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(syncedAt, { timeout: 15_000 }).not.toBe(before);
    const afterSync = await tradeRow('WMT').innerText();
    expect(afterSync).not.toContain('Unplanned');
    expect(afterSync).toContain('Ready');
    const plan = (await api<TradePlanDto[]>(page, 'GET', '/tradeplans')).find((p) => p.stock === 'WMT');
    const open = (await api<Trade[]>(page, 'GET', '/trades')).find((t) => t.symbol === 'WMT');
    expect(open).toMatchObject({ planId: plan?.id, planned: true, initialStop: 880 });

    // Closed: 10 × (940 − 900) = $400 on a risk of 10 × (900 − 880) = $200.
    await recordFill('Sell', '940');
    await tradeRow('WMT').getByText('+2.00R').waitFor();
    const closed = (await api<Trade[]>(page, 'GET', '/trades')).find((t) => t.symbol === 'WMT');
    expect(closed).toMatchObject({ planId: plan?.id, initialStop: 880, rMultiple: 2 });
    await screenshot(context, page, 'offline-created-at-phone', { viewportOnly: true });
  });
});
