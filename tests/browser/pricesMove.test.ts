import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import {
  type AppServer,
  apiBody as api,
  launchChromium,
  PHONE,
  pageHeading,
  screenshot,
  signInAs,
  startClockedAppServer,
} from './harness.ts';

// Issue 28: a trader watching the Dashboard sees the plans' states change as the demo price moves,
// without touching anything. The server's clock is set (clockedServer.ts) to a session a few days
// ahead, where the demo path (src/server/brokers/demo/demoQuotes.ts, the same for everyone) is known to the test: it picks
// a stock rising by a few percent over minutes, places two plans around that rise, and moves the
// clock to its end.

const MINUTE = 60_000;
const SYMBOLS = ['AMD', 'INTC', 'QCOM', 'MU', 'TXN', 'AVGO', 'ORCL', 'CSCO'];
const cents = (n: number) => Math.round(n * 100) / 100;
const priceAt = (symbol: string, at: number) => demoQuote(symbol, new Date(at)).last;
/** The lowest and highest price over `ms` from `at`, sampled every 5 s: the clock runs on while the test works. */
function range(symbol: string, at: number, ms: number): [number, number] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let t = at; t <= at + ms; t += 5000) {
    low = Math.min(low, priceAt(symbol, t));
    high = Math.max(high, priceAt(symbol, t));
  }
  return [low, high];
}

/** 15:00 UTC (10:00 or 11:00 in New York) of the `n`th weekday from two days ahead. */
function sessionAhead(n: number): number {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  for (let found = -1; ; day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && ++found === n) break;
  }
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15);
}

interface Rise {
  symbol: string;
  t0: number;
  t1: number;
  p0: number;
  up: number;
}

/**
 * `symbol`'s rise from t0 to t1 when it leaves room for a plan's margins: at least 0.15% of the
 * price, the price within the first eighth of the rise for 3 minutes after t0, and between three
 * quarters of it and 1.2 times it for 2 minutes after t1.
 */
function riseOf(symbol: string, t0: number, t1: number): Rise | null {
  const p0 = priceAt(symbol, t0);
  const up = priceAt(symbol, t1) - p0;
  if (up < p0 * 0.0015) return null;
  const [, highAfterT0] = range(symbol, t0, 3 * MINUTE);
  const [lowAfterT1, highAfterT1] = range(symbol, t1, 2 * MINUTE);
  const roomy = highAfterT0 < p0 + up / 8 && lowAfterT1 > p0 + up * 0.75 && highAfterT1 < p0 + up * 1.2;
  return roomy ? { symbol, t0, t1, p0, up } : null;
}

/** The first session and minute by which two stocks have risen roomily since 15:00 UTC: one plan on each. */
function findRises(): [Rise, Rise] {
  for (let n = 0; n < 10; n++) {
    const t0 = sessionAhead(n);
    for (let t1 = t0 + 10 * MINUTE; t1 <= t0 + 300 * MINUTE; t1 += MINUTE) {
      const rises = SYMBOLS.map((symbol) => riseOf(symbol, t0, t1)).filter((r) => r !== null);
      if (rises.length >= 2) return [rises[0] as Rise, rises[1] as Rise];
    }
  }
  throw new Error('No two demo stocks rise enough in ten sessions: widen SYMBOLS');
}

describe('prices move on a phone', () => {
  let server: AppServer & { setClock(at: Date): Promise<void> };
  let browser: Browser;
  let page: Page;
  let entryStock: string;
  let nearStock: string;
  let rise: Rise;
  let other: Rise;
  const watch = () => page.getByRole('region', { name: 'Watch' });
  const stateOf = (stock: string, state: string) =>
    watch().getByRole('listitem').filter({ hasText: stock }).getByText(state);

  beforeAll(async () => {
    [rise, other] = findRises();
    server = await startClockedAppServer(new Date(rise.t0));
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: PHONE });
    // The phone's clock in the same session: the Watch leads the Dashboard while it is open.
    await context.clock.setFixedTime(rise.t0);
    page = await context.newPage();
    await signInAs(page, server.url);

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
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
    await server.setClock(new Date(rise.t1));
    await page.context().clock.setFixedTime(rise.t1);
    // The next poll (15 s in the session) brings the new prices.
    await stateOf(entryStock, 'Entry reached').waitFor({ timeout: 30_000 });
    await stateOf(nearStock, 'Near entry').waitFor({ timeout: 30_000 });
    expect(await watch().getByRole('link').allInnerTexts()).toEqual([entryStock, nearStock]);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loaded);
    await screenshot(page.context(), page, 'prices-move-after');
  });
});
