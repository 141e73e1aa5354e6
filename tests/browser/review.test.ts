import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatDrawdown,
  formatOptionalR,
  formatProfitFactor,
  formatWinRate,
} from '../../src/client/review/statsFormat.ts';
import { formatMoney } from '../../src/domain/format.ts';
import type { GroupStats } from '../../src/domain/stats.ts';
import type { Account, Edge, TradePlanDto } from '../../src/domain/types.ts';
import { apiBody as api, callApi, LAYOUTS, on, screenshot, signedInApp } from './harness.ts';

// What the review issue promises a newcomer: with the demo broker, Review shows figures, a curve
// and tables that are the server's statistics; an edge's expectancy is on the Edge Definition
// page; the Dashboard shows open risk against the limit and the cycle chart; all of it offline too.

for (const [layout, viewport] of LAYOUTS) {
  describe(`review on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport, { controlled: true });
    const { nav } = on(page);
    const figure = (label: string) =>
      page
        .locator('.review-figures > div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    const statsOf = (by: string) => api<GroupStats[]>(page, 'GET', `/stats?by=${by}`);
    /**
     * The first and last point of every line and row of dots in a chart, with the ink around
     * them (half the stroke: a dot is a round cap as wide as its stroke), against the plot's SVG
     * box: what sticks out, and how many ends were looked at.
     */
    const plotEnds = (chart: string) =>
      page.locator(`${chart} svg.line-plot-area`).evaluate((svg) => {
        const plot = svg as SVGSVGElement;
        const box = plot.getBoundingClientRect();
        const toScreen = plot.getScreenCTM();
        if (!toScreen) throw new Error('the plot is not drawn');
        const outside: string[] = [];
        let ends = 0;
        for (const path of plot.querySelectorAll('path')) {
          const reach = Number.parseFloat(getComputedStyle(path).strokeWidth) / 2;
          const points = [...(path.getAttribute('d') ?? '').matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)];
          const first = points[0];
          const last = points[points.length - 1];
          for (const [which, m] of [
            ['first', first],
            ['last', last],
          ] as const) {
            if (!m) continue;
            ends++;
            const p = new DOMPoint(Number(m[1]), Number(m[2])).matrixTransform(toScreen);
            if (
              p.x - reach < box.left - 0.5 ||
              p.x + reach > box.right + 0.5 ||
              p.y - reach < box.top - 0.5 ||
              p.y + reach > box.bottom + 0.5
            ) {
              outside.push(
                `${path.getAttribute('class')} ${which} at ${p.x.toFixed(1)},${p.y.toFixed(1)} ±${reach}`,
              );
            }
          }
        }
        return { outside, ends, box: `${box.left},${box.top} to ${box.right},${box.bottom}` };
      });

    /** The overall figures as the page shows them, and as the server's /stats gives them. */
    async function overallFigures(): Promise<[string[], string[]]> {
      const [all] = await statsOf('all');
      if (!all) throw new Error('no statistics');
      const expected = [
        String(all.n),
        formatWinRate(all.winRate),
        formatOptionalR(all.expectancyR),
        formatProfitFactor(all.profitFactor),
        formatDrawdown(all.maxDrawdownR),
        formatMoney(all.netPnl),
      ];
      const labels = ['Trades', 'Win rate', 'Expectancy', 'Profit factor', 'Max drawdown', 'Net P&L'];
      const shown = await Promise.all(labels.map((l) => figure(l).innerText()));
      return [shown, expected];
    }

    beforeAll(async () => {
      // The sign-in starts the demo broker's import in the background, and a reload by
      // controlledBy can cut it short: importing once more joins it, or imports only what is missing.
      await api(page, 'POST', '/trades/import');
      expect((await statsOf('all'))[0]?.n).toBeGreaterThan(5);
    });

    it("shows a newcomer the demo trades' figures, curve and tables, as GET /stats gives them", async () => {
      await page.reload();
      await nav('Review');
      await page.getByRole('heading', { name: 'All trades' }).waitFor();
      // The cache catches up with the import that the sign-in started.
      await expect
        .poll(async () => {
          const [shownNow, expectedNow] = await overallFigures();
          return shownNow.join('|') === expectedNow.join('|');
        })
        .toBe(true);
      const [shown, expected] = await overallFigures();
      expect(shown).toEqual(expected);

      // The curve is drawn, and said in words to a screen reader.
      await page.locator('.review figure.chart svg path.line-plot-line').first().waitFor();
      // Its first and last points, dots and all, are inside the plot, not cut at its edges.
      const equityEnds = await plotEnds('.review figure.equity-chart');
      expect(equityEnds.ends).toBeGreaterThanOrEqual(2);
      expect(equityEnds.outside, equityEnds.box).toEqual([]);
      expect(await page.locator('.review figure.chart figcaption').first().textContent()).toMatch(/R/);

      // Every group the server counts is a row with its trades, by account and planned vs not.
      for (const [by, title] of [
        ['account', 'By account'],
        ['planned', 'Planned vs unplanned'],
        ['cycle', 'By market cycle'],
        ['weekday', 'By weekday of entry'],
        ['hour', 'By hour of entry'],
      ] as const) {
        // By market cycle is always shown; the others one at a time from "More breakdowns".
        if (by !== 'cycle') await page.getByLabel('More breakdowns').selectOption(by);
        const table = page.getByRole('table', { name: title });
        for (const group of await statsOf(by)) {
          const row = table.getByRole('row').filter({ hasText: group.label });
          expect(await row.count(), `${title}: ${group.label}`).toBe(1);
          expect(await row.innerText()).toContain(formatOptionalR(group.expectancyR));
          expect(await row.innerText()).toMatch(new RegExp(`\\b${group.n}\\b`));
        }
      }
      // The breakdown is kept in the address: a reload shows the same one.
      expect(new URL(page.url()).searchParams.get('by')).toBe('hour');
      await page.reload();
      await page.getByRole('table', { name: 'By hour of entry' }).waitFor();
      await screenshot(context, page, `review-demo-${layout}`);
    });

    it("shows an edge's expectancy on Edge Definition once a trade of a plan citing it closes", async () => {
      const edgeAnswer = await callApi<Edge>(page, 'POST', '/edges', {
        name: 'Pullback to EMA21',
        description: 'Price pulls back to the rising EMA21',
        identificationNotes: 'Higher lows above a rising EMA21',
        weightFactor: 0.8,
      });
      expect(edgeAnswer.status, JSON.stringify(edgeAnswer.body)).toBe(201);
      const edge = edgeAnswer.body;
      const planAnswer = await callApi<TradePlanDto>(page, 'POST', '/tradeplans', {
        stock: 'ORCL',
        entryPrice: 100,
        stopLossPrice: 95,
        edgeIds: [edge.id],
      });
      expect(planAnswer.status, JSON.stringify(planAnswer.body)).toBe(201);
      const plan = planAnswer.body;
      await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
      const [account] = await api<Account[]>(page, 'GET', '/accounts');
      const at = Date.now();
      for (const [side, price, offset] of [
        ['Buy', 100, 0],
        ['Sell', 110, 60_000],
      ] as const) {
        const recorded = await callApi(page, 'POST', '/executions', {
          id: crypto.randomUUID(),
          accountId: account?.id,
          symbol: 'ORCL',
          side,
          quantity: 10,
          price,
          fees: 0,
          executedAt: new Date(at + offset).toISOString(),
        });
        expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      }
      const trades = await api<{ symbol: string; rMultiple: number | null; planId: string | null }[]>(
        page,
        'GET',
        '/trades',
      );
      expect(trades.filter((t) => t.symbol === 'ORCL')).toEqual([
        expect.objectContaining({ planId: plan.id, rMultiple: 2 }),
      ]);
      await page.reload();
      await nav('Edge Definition');
      // 10 × $10 on a risk of 10 × $5: +2.00R, one trade: a small sample, said so beside it.
      const row = page.getByRole('row').filter({ hasText: 'Pullback to EMA21' });
      await row.locator('.edge-results', { hasText: '+2.00R · n = 1' }).waitFor();
      expect(await row.locator('.edge-results .badge').innerText()).toBe('Small sample');
      await screenshot(context, page, `review-edges-${layout}`, { viewportOnly: true });

      await nav('Review');
      const byEdge = page.getByRole('table', { name: 'By edge' });
      const edgeRow = byEdge.getByRole('row').filter({ hasText: 'Pullback to EMA21' });
      await edgeRow.waitFor();
      expect(await edgeRow.innerText()).toContain('Small sample');
      expect(await edgeRow.innerText()).toContain('+2.00R');
      // The ORCL plan's one trade, bought at its entry and sold with no target: planned against actual.
      const planned = page.getByRole('table', { name: 'Planned against actual' });
      const allPlanned = planned.getByRole('row').filter({ hasText: 'All planned trades' });
      await allPlanned.waitFor();
      expect(await allPlanned.innerText()).toContain('0.00R');
      expect(await page.locator('.planned-exits').innerText()).toContain('Closed in profit (no target): 1');
    });

    it('shows open risk per account against its heat limit, and the cycle chart, on the Dashboard', async () => {
      await nav('Dashboard');
      await page.getByRole('heading', { name: 'Open Risk' }).waitFor();
      const accounts = await api<Account[]>(page, 'GET', '/accounts');
      for (const account of accounts) {
        const card = page
          .locator('.heat-card')
          .filter({ has: page.getByRole('heading', { name: account.accountName }) });
        await card.waitFor();
        expect(await card.locator('.heat-sums').innerText()).toContain(formatMoney(account.openRisk));
        const meter = card.getByRole('meter', { name: `Heat of ${account.accountName}` });
        expect(await meter.getAttribute('aria-valuetext')).toMatch(/limit/);
      }
      await page.locator('figure.cycle-chart svg path.line-plot-line').first().waitFor();
      // The close and its EMA21 start and end inside the plot.
      const cycleEnds = await plotEnds('figure.cycle-chart');
      expect(cycleEnds.ends).toBeGreaterThanOrEqual(4);
      expect(cycleEnds.outside, cycleEnds.box).toEqual([]);
      await screenshot(context, page, `review-dashboard-${layout}`);
    });

    it('shows the same figures offline, from the cache', async () => {
      const [all] = await statsOf('all');
      const expected = [String(all?.n), formatMoney(all?.netPnl ?? 0)];
      await context.setOffline(true);
      try {
        await page.reload();
        await nav('Review');
        await page.getByRole('heading', { name: 'All trades' }).waitFor();
        expect(await Promise.all(['Trades', 'Net P&L'].map((l) => figure(l).innerText()))).toEqual(expected);
        await page
          .getByRole('table', { name: 'By edge' })
          .getByRole('row', { name: /Pullback to EMA21/ })
          .waitFor();
        await screenshot(context, page, `review-offline-${layout}`, { viewportOnly: true });
        await nav('Dashboard');
        await page.getByRole('heading', { name: 'Open Risk' }).waitFor();
        await page.locator('.heat-card h3').first().waitFor();
      } finally {
        await context.setOffline(false);
      }
    });
  });
}
