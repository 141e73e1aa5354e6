import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { cents, findRises, type Rise } from './demoPath.ts';
import {
  apiBody as api,
  type ClockedApp,
  openClockedApp,
  PHONE,
  pageHeading,
  screenshot,
} from './harness.ts';

// Issue 28: a trader watching the Dashboard sees the plans' states change as the demo price moves,
// without touching anything. The server's clock is set (clockedServer.ts) to a session a few days
// ahead, where the demo path (src/server/brokers/demo/demoQuotes.ts, the same for everyone) is known to the test: it picks
// a stock rising by a few percent over minutes, places two plans around that rise, and moves the
// clock to its end.

const SYMBOLS = ['AMD', 'INTC', 'QCOM', 'MU', 'TXN', 'AVGO', 'ORCL', 'CSCO'];

describe('prices move on a phone', () => {
  let app: ClockedApp;
  let page: Page;
  let entryStock: string;
  let nearStock: string;
  let rise: Rise;
  let other: Rise;
  const watch = () => page.getByRole('region', { name: 'Watch' });
  const stateOf = (stock: string, state: string) =>
    watch().getByRole('listitem').filter({ hasText: stock }).getByText(state);

  beforeAll(async () => {
    [rise, other] = findRises(SYMBOLS, 2) as [Rise, Rise];
    // The phone's clock in the same session too: the Watch leads the Dashboard then.
    app = await openClockedApp(rise.t0, PHONE);
    page = app.page;

    // Entry reached at t1: the entry halfway up the rise, 1R = the rise (0.5R away at t0).
    entryStock = rise.symbol;
    const entry = cents(rise.p0 + rise.up / 2);
    const a = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
      stock: entryStock,
      entryPrice: entry,
      stopLossPrice: cents(entry - rise.up),
    });
    // Near entry at t1: 0.1R short of the entry there, 1R = the rise / 0.3 (0.4R away at t0).
    nearStock = other.symbol;
    const r = other.up / 0.3;
    const nearEntry = cents(other.p0 + other.up + 0.1 * r);
    const b = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
      stock: nearStock,
      entryPrice: nearEntry,
      stopLossPrice: cents(nearEntry - r),
    });
    for (const plan of [a, b]) await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
    await page.reload();
    await pageHeading(page, 'Dashboard').waitFor();
  });
  afterAll(() => app?.close());

  it('shows both plans Waiting, the nearer first', async () => {
    await stateOf(entryStock, 'Waiting').waitFor();
    await stateOf(nearStock, 'Waiting').waitFor();
    expect(await watch().getByRole('link').allInnerTexts()).toEqual([nearStock, entryStock]);
    // In the session the Watch comes before the cards (outside it, after them).
    const top = async (name: string) =>
      (await page.getByRole('heading', { name, level: 2 }).boundingBox())?.y ?? Number.NaN;
    expect(await top('Watch')).toBeLessThan(await top('Account Summary'));
    await screenshot(page.context(), page, 'prices-move-before');
  });

  it('moves them to Entry reached and Near entry as the price rises, without a reload', async () => {
    const loaded = await page.evaluate(() => performance.timeOrigin);
    await app.setClock(rise.t1);
    // The next poll (15 s in the session) brings the new prices.
    await stateOf(entryStock, 'Entry reached').waitFor({ timeout: 30_000 });
    await stateOf(nearStock, 'Near entry').waitFor({ timeout: 30_000 });
    expect(await watch().getByRole('link').allInnerTexts()).toEqual([entryStock, nearStock]);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
    await screenshot(page.context(), page, 'prices-move-after');
  });
});
