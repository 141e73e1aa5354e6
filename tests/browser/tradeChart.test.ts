import { beforeAll, describe, expect, it } from 'vitest';
import type { Trade, TradePlanDto } from '../../src/domain/types.ts';
import {
  apiBody as api,
  axeViolations,
  DESKTOP,
  describeViolations,
  nextFrames,
  PHONE,
  pageHeading,
  screenshot,
  signedInApp,
} from './harness.ts';

// Issue 30, "The trade on its chart": a trade's details draw its daily candles with its fills
// marked and its plan's levels; the candles stay on the device, so offline after a reload the
// chart still draws.

const app = signedInApp(PHONE, { controlled: true });
const { context, page } = app;
let trade: Trade;

beforeAll(async () => {
  await api(page, 'POST', '/trades/import');
  const trades = await api<Trade[]>(page, 'GET', '/trades');
  // The oldest closed trade of the symbol with the most trades: the last row when searched for.
  const closed = trades.filter((t) => t.closedAt !== null && !t.incomplete);
  const symbol = closed[0]?.symbol as string;
  trade = closed
    .filter((t) => t.symbol === symbol)
    .sort((a, b) => a.openedAt.localeCompare(b.openedAt))[0] as Trade;
  // Linked to a plan by hand, so its entry, stop and target are drawn too.
  const entry = trade.averageEntryPrice as number;
  const stop = trade.initialStop ?? Math.round(entry * 0.95 * 100) / 100;
  const plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
    stock: symbol,
    entryPrice: entry,
    stopLossPrice: trade.direction === 'Long' ? stop : Math.round(entry * 0.95 * 100) / 100,
    targetPrice: Math.round(entry * 1.1 * 100) / 100,
  });
  await api(page, 'PUT', `/trades/${trade.id}`, {
    planId: plan.id,
    initialStop: trade.initialStop,
    notes: '',
  });
}, 60_000);

async function openTrade(): Promise<void> {
  await page.goto(`${app.server.url}/trades`);
  await pageHeading(page, 'Trades').waitFor();
  await page.getByLabel('Search by symbol').fill(trade.symbol);
  await page.getByRole('button', { name: trade.symbol, exact: true }).last().click();
  await page.getByRole('dialog').waitFor();
}

const chart = () =>
  page.getByRole('dialog').getByRole('img', { name: new RegExp(`^${trade.symbol} daily candles`) });

describe("a trade's chart", () => {
  it('draws the daily candles around the trade with each fill marked, at 390 px', async () => {
    await openTrade();
    await chart().waitFor({ timeout: 15_000 });
    const drawn = await chart().evaluate((svg) => ({
      width: svg.getBoundingClientRect().width,
      candles: svg.querySelectorAll('.candle-up, .candle-down').length,
      buys: svg.querySelectorAll('.fill-buy').length,
      sells: svg.querySelectorAll('.fill-sell').length,
      levels: [...svg.querySelectorAll('.trade-chart-level text')].map((t) => t.textContent),
    }));
    expect(drawn.width).toBeLessThanOrEqual(PHONE.width);
    expect(drawn.candles).toBeGreaterThan(20);
    const opens = trade.direction === 'Long' ? drawn.buys : drawn.sells;
    const closes = trade.direction === 'Long' ? drawn.sells : drawn.buys;
    expect(opens).toBeGreaterThanOrEqual(1);
    expect(closes).toBeGreaterThanOrEqual(1);
    expect(drawn.levels.map((l) => l?.split(' ')[0])).toEqual(['Entry', 'Stop', 'Target']);
    // Said in words: the fills with their prices.
    expect(await chart().locator('title').textContent()).toMatch(/(Bought|Sold) \d+ at \$/);
    await expect
      .poll(() => page.getByRole('dialog').locator('.trade-excursions').innerText())
      .toMatch(/MAE\s*-\$[\d,.]+ \(/);
    expect(describeViolations('trade details with its chart', await axeViolations(page))).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(describeViolations('the chart in dark mode', await axeViolations(page))).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('dialog').getByRole('heading', { name: 'Chart' }).scrollIntoViewIfNeeded();
    await screenshot(context, page, 'trade-chart-phone', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await nextFrames(page); // the chart laid out again at the new width
    await screenshot(context, page, 'trade-chart-desktop', { viewportOnly: true });
    await page.setViewportSize(PHONE);
  });

  it('offline after a reload, still draws from the device', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await openTrade();
      await chart().waitFor({ timeout: 10_000 });
      expect(await chart().locator('.fill-buy, .fill-sell').count()).toBeGreaterThanOrEqual(2);
      await screenshot(context, page, 'trade-chart-phone-offline', { viewportOnly: true });
    } finally {
      await context.setOffline(false);
    }
  });

  it('Review says where stops and targets sat against MAE and MFE, fetching the candles it lacks', async () => {
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('/api/v1/candles')) asked.push(request.url());
    };
    page.on('request', listen);
    await page.goto(`${app.server.url}/review`);
    await pageHeading(page, 'Review').waitFor();
    const section = page
      .locator('section.review-group')
      .filter({ has: page.getByRole('heading', { name: 'Excursions (MAE and MFE)' }) });
    // The page's last section, far below a phone's screen: nothing read or asked until scrolled to.
    await section.waitFor();
    await page.waitForLoadState('networkidle'); // the page settled: half a second with no request
    expect(await section.innerText()).toMatch(/Reading price history/);
    expect(asked).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await expect.poll(() => section.innerText(), { timeout: 20_000 }).toMatch(/Winners\s*mean MAE/);
    expect(await section.innerText()).toMatch(/Losers whose MFE reached their target/);
    // Every closed demo trade (each has a stop) once the missing candles have come, in the background.
    await expect
      .poll(
        async () => {
          const [, held, all] = (await section.innerText()).match(/From (\d+) of (\d+) closed/) ?? [];
          return held !== undefined && held === all;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    page.off('request', listen);
    expect(asked.length).toBeGreaterThan(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(context, page, 'review-excursions-phone', { viewportOnly: true });
    await page.setViewportSize(DESKTOP);
    await section.scrollIntoViewIfNeeded();
    await screenshot(context, page, 'review-excursions-desktop', { viewportOnly: true });
    await page.setViewportSize(PHONE);
  });
});
