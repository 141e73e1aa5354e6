import { beforeAll, describe, expect, it } from 'vitest';
import type { QuoteAnswer } from '../../src/domain/quotes.ts';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { apiBody as api, cachedRows, LAYOUTS, on, pageHeading, screenshot, signedInApp } from './harness.ts';

// Issue 28: the plan meets the market. Three Ready plans are placed around their stock's demo
// price (1R = $50, so the price moving between two polls cannot carry a plan across a state):
// one past its entry, one 0.2R below it, one 0.8R below it. The Watch list and the plans show
// them in that order with their states, online and after an offline reload.

const STATES = [
  { stock: 'AMD', offset: -10, state: 'Entry reached' }, // entry $10 below the price
  { stock: 'INTC', offset: 10, state: 'Near entry' }, // $10 = 0.2R above it
  { stock: 'QCOM', offset: 40, state: 'Waiting' }, // 0.8R above it
] as const;

for (const [layout, viewport] of LAYOUTS) {
  describe(`prices on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport, { controlled: true });
    const { nav } = on(page);
    const watch = () => page.getByRole('region', { name: 'Watch' });

    beforeAll(async () => {
      for (const { stock, offset } of STATES) {
        // Ready at a placeholder price, to ask the stock's quote, then placed around it.
        const plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
          stock,
          entryPrice: 5000,
          stopLossPrice: 1,
        });
        await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
        const { quotes } = await api<QuoteAnswer>(page, 'GET', `/quotes?symbols=${stock}`);
        const last = quotes[0]?.last as number;
        const entryPrice = Math.round((last + offset) * 100) / 100;
        await api(page, 'PUT', `/tradeplans/${plan.id}`, { entryPrice, stopLossPrice: entryPrice - 50 });
      }
      await page.reload();
      await pageHeading(page, 'Dashboard').waitFor();
    });

    it('lists the Ready plans on the Dashboard by distance to entry, with their states', async () => {
      for (const { stock, state } of STATES) {
        await watch().getByRole('listitem').filter({ hasText: stock }).getByText(state).waitFor();
      }
      const order = await watch().getByRole('link').allInnerTexts();
      expect(order).toEqual(STATES.map((s) => s.stock));
      expect(
        await watch()
          .getByText(/0\.20R to entry \(/)
          .count(),
      ).toBe(1);
      await screenshot(context, page, `prices-watch-${layout}`);
    });

    it("opens a plan's details from the Watch list, with its last price", async () => {
      await watch().getByRole('link', { name: 'INTC' }).click();
      const details = page.getByRole('dialog', { name: 'INTC trade plan' });
      await details.getByText('Last price').waitFor();
      await details.getByText('Near entry').waitFor();
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });
      expect(new URL(page.url()).search).toBe('');
    });

    it('shows each active plan’s state on Trade Plans, and sorts by distance to entry', async () => {
      await nav('Trade Plans');
      await pageHeading(page, 'Trade Plans').waitFor();
      for (const { stock, state } of STATES) {
        // A phone's card shows the price on a line of its own, a wide table in the Status cell.
        await page
          .getByRole('row', { name: new RegExp(stock) })
          .getByText(state)
          .filter({ visible: true })
          .waitFor();
      }
      await page.getByLabel('Sort by').selectOption({ label: 'Distance to entry' });
      const rows = await page.getByRole('rowheader').allInnerTexts();
      const ours = rows.map((r) => r.trim().split(/\s/)[0]).filter((s) => STATES.some((p) => p.stock === s));
      expect(ours).toEqual(STATES.map((s) => s.stock));
      // Plans without a price (not active) come after those with one.
      expect(rows[0]?.startsWith('AMD')).toBe(true);
      await screenshot(context, page, `prices-plans-${layout}`, { viewportOnly: true });
    });

    it("shows an open trade's unrealised P&L at the last price, in $ and R", async () => {
      await nav('Trades');
      await pageHeading(page, 'Trades').waitFor();
      const trades = await api<{ symbol: string; closedAt: string | null }[]>(page, 'GET', '/trades');
      const open = trades.find((t) => t.closedAt === null);
      expect(open).toBeDefined();
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: open?.symbol }) });
      await row
        .first()
        .getByText(/^Unrealised [+−-]?\$[\d,]+\.\d{2}( · [+−]?\d+\.\d{2}R)? at \$[\d,]+\.\d{2}$/)
        .waitFor();
      await nav('Trade Plans');
    });

    it("judges Near entry by the trader's own threshold", async () => {
      // INTC is 0.2R below its entry: Near entry at the default 0.25R, Waiting within 0.1R. The
      // settings record's id is the trader's (docs/product.md, "Settings").
      const { user } = await api<{ user: { id: string } }>(page, 'GET', '/auth/status');
      await api(page, 'PUT', `/settings/${user.id}`, { nearEntryR: 0.1 });
      try {
        await page.reload();
        await pageHeading(page, 'Trade Plans').waitFor();
        const row = page.getByRole('row', { name: /INTC/ });
        await row.getByText('Waiting').filter({ visible: true }).waitFor();
      } finally {
        await api(page, 'PUT', `/settings/${user.id}`, { nearEntryR: 0.25 });
        await page.reload();
        await pageHeading(page, 'Trade Plans').waitFor();
        // Until the sync brings 0.25 in, the page judges by the cached 0.1 (or the defaults while
        // it reads them): the offline reload below must find 0.25 in the cache.
        await expect
          .poll(async () => (await cachedRows<{ nearEntryR: number }>(page, 'traderSettings'))[0]?.nearEntryR)
          .toBe(0.25);
      }
      await page
        .getByRole('row', { name: /INTC/ })
        .getByText('Near entry')
        .filter({ visible: true })
        .waitFor();
    });

    it('shows the last prices with their time after an offline reload', async () => {
      await context.setOffline(true);
      try {
        await page.reload();
        await pageHeading(page, 'Trade Plans').waitFor();
        const row = page.getByRole('row', { name: /INTC/ });
        await row.getByText('Near entry').filter({ visible: true }).waitFor();
        // What the price is (issue 40): the demo broker's, in the session or its close.
        expect(await row.innerText()).toMatch(
          /, (as of (\w{3} )?\d{1,2}:\d{2} ET|(\w{3} (\d{1,2} )?)?close)/,
        );
        await screenshot(context, page, `prices-offline-${layout}`, { viewportOnly: true });
      } finally {
        await context.setOffline(false);
      }
    });
  });
}
