import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuoteAnswer } from '../../src/domain/quotes.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import { apiBody as api, LAYOUTS, pageHeading, screenshot, signedInApp } from './harness.ts';

// Issue 40: the numbers a trader scans (the distance to the entry, R, the calendar's days, the
// unrealised P&L) were the smallest text on a phone, 11.5 to 12 px. At 390 px each is at least the
// body's size, and no page scrolls sideways for it (the calendar's grid holds the trading week
// there, a weekend day's trades on a line below it). Screenshots at both sizes: the Dashboard's
// Watch, Trades and Review's calendar.

/** The figures, by page: what each is, and where it is. */
const FIGURES = {
  '/dashboard': [['distance to entry', '.watch .plan-distance']],
  '/trade-plans': [
    ['distance to entry', 'td.card-price .plan-distance'],
    ['reward in R', '.plans-table .reward'],
  ],
  '/trades': [
    ['net P&L', '.trades-table td[data-label="Net P&L"]'],
    ['R', '.trades-table td[data-label="R"]'],
    ['unrealised P&L', '.trades-table .unrealised'],
  ],
  '/review': [
    ["a calendar day's date", '.pnl-day .pnl-date'],
    ["a calendar day's P&L", '.pnl-day .pnl-money-short'],
    ["a calendar week's P&L", '.pnl-week .pnl-money'],
    // On a phone the grid holds the trading week; a weekend day's trades take a line of their own.
    ["a weekend day's P&L", 'button.pnl-day.pnl-weekend .pnl-money'],
  ],
} as const;
const HEADINGS = {
  '/dashboard': 'Dashboard',
  '/trade-plans': 'Trade Plans',
  '/trades': 'Trades',
  '/review': 'Review',
};

/** The smallest font size, in CSS px, of the shown elements `selector` matches, and how many there are. */
const smallestFont = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const shown = Array.from(document.querySelectorAll(sel)).filter((el) => {
      const box = el.getBoundingClientRect();
      return el.checkVisibility({ checkVisibilityCSS: true }) && box.width > 1 && box.height > 1;
    });
    const sizes = shown.map((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    return { count: shown.length, smallest: Math.min(...sizes) };
  }, selector);

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const [layout, viewport] of LAYOUTS) {
  describe(`the figures a trader scans, on a ${layout}`, () => {
    const app = signedInApp(viewport);
    const { context, page } = app;
    /** Review's range: the month of the Saturday traded, to that day. */
    let reviewQuery = '';

    beforeAll(async () => {
      // A Ready plan 0.2R under its entry, with a target: a distance to the entry and a reward in R.
      const plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
        stock: 'INTC',
        entryPrice: 5000,
        stopLossPrice: 1,
      });
      await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
      const { quotes } = await api<QuoteAnswer>(page, 'GET', '/quotes?symbols=INTC');
      const entryPrice = Math.round(((quotes[0]?.last as number) + 10) * 100) / 100;
      await api(page, 'PUT', `/tradeplans/${plan.id}`, {
        entryPrice,
        stopLossPrice: entryPrice - 50,
        targetPrice: entryPrice + 125,
      });
      // A trade bought and sold on a Saturday at least a week ago, in the calendar's month.
      const saturday = new Date();
      saturday.setUTCDate(saturday.getUTCDate() - 7 - ((saturday.getUTCDay() + 1) % 7));
      const day = saturday.toISOString().slice(0, 10);
      reviewQuery = `?from=${day.slice(0, 8)}01&to=${day}`;
      const [account] = await api<Account[]>(page, 'GET', '/accounts');
      for (const [side, price, hour] of [
        ['Buy', 50, 15],
        ['Sell', 51.25, 16],
      ] as const) {
        await api(page, 'POST', '/executions', {
          accountId: account?.id,
          symbol: 'WKND',
          side,
          quantity: 100,
          price,
          executedAt: `${day}T${hour}:00:00.000Z`,
        });
      }
      await page.reload();
      await pageHeading(page, 'Dashboard').waitFor();
    });

    /** A page with its figures shown: those of a phone's cards, else the first of each page's. */
    const open = async (path: keyof typeof FIGURES) => {
      await page.goto(`${app.server.url}${path}${path === '/review' ? reviewQuery : ''}`);
      await pageHeading(page, HEADINGS[path]).waitFor();
      const figures = layout === 'phone' ? FIGURES[path] : FIGURES[path].slice(0, 1);
      for (const [, selector] of figures) {
        await page.locator(selector).filter({ visible: true }).first().waitFor();
      }
    };

    if (layout === 'phone') {
      it('shows each at least at the body size, and no page scrolls sideways', async () => {
        const small: string[] = [];
        for (const path of Object.keys(FIGURES) as (keyof typeof FIGURES)[]) {
          await open(path);
          const body = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).fontSize));
          expect(body).toBe(16); // Pico's base at 390 px
          for (const [what, selector] of FIGURES[path]) {
            const { count, smallest } = await smallestFont(page, selector);
            expect(count, `${path}: ${what}`).toBeGreaterThan(0);
            if (smallest < body) small.push(`${path}: ${what} is ${smallest} px`);
          }
          expect(await scrollsSideways(page), path).toBe(false);
        }
        expect(small, small.join('\n')).toEqual([]);
      });
    }

    it('is shown as the screenshots record it: the Watch, Trades and the calendar', async () => {
      for (const [path, name, shown] of [
        ['/dashboard', 'watch', '.watch'],
        ['/trades', 'trades', '.trades-table'],
        ['/review', 'review-calendar', '.pnl-calendar'],
      ] as const) {
        await open(path);
        expect(await scrollsSideways(page), path).toBe(false);
        // What the trader sees there: the Watch comes after the cards outside the session.
        await page.locator(shown).evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await screenshot(context, page, `figures-${name}-${layout}`, { viewportOnly: true });
      }
    });
  });
}
