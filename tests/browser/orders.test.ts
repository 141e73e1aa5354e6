import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/domain/orders.ts';
import type { QuoteAnswer } from '../../src/domain/quotes.ts';
import type { Account, TradePlanDto } from '../../src/domain/types.ts';
import {
  apiBody as api,
  axeViolations,
  describeViolations,
  LAYOUTS,
  pageHeading,
  screenshot,
  signedInApp,
} from './harness.ts';

// Issue 29 with the demo broker: a newcomer turns orders on for an account, places a bracket
// order from a Ready plan, and sees it Working; then its log, the plan offline (the last known
// order, read-only) and Cancel. The entry is a limit well below the demo's price, so it waits.

const STOCK = 'NVDA';

for (const [layout, viewport] of LAYOUTS) {
  describe(`orders on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport);
    let account: Account;
    let plan: TradePlanDto;
    const details = () => page.getByRole('dialog', { name: `${STOCK} trade plan` });
    const orderDialog = () => page.getByRole('dialog', { name: `Order ${STOCK} · ${account.accountName}` });

    beforeAll(async () => {
      const accounts = await api<Account[]>(page, 'GET', '/accounts');
      account = accounts[0] as Account;
      // Turned on through its own call, as the account's switch does.
      await api(page, 'PUT', `/accounts/${account.id}/orders`, { allowed: true });
      // Ready at a placeholder price, to ask the stock's quote, then 20% below the price.
      plan = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
        stock: STOCK,
        entryPrice: 5000,
        stopLossPrice: 1,
      });
      await api(page, 'PUT', `/tradeplans/${plan.id}/status`, { status: 'Ready' });
      const { quotes } = await api<QuoteAnswer>(page, 'GET', `/quotes?symbols=${STOCK}`);
      const entryPrice = Math.round((quotes[0]?.last as number) * 80) / 100;
      const stopLossPrice = Math.round(entryPrice * 97) / 100;
      plan = await api<TradePlanDto>(page, 'PUT', `/tradeplans/${plan.id}`, { entryPrice, stopLossPrice });
      await page.reload();
      await pageHeading(page, 'Dashboard').waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade Plans' }).click();
      await pageHeading(page, 'Trade Plans').waitFor();
    });

    it('places an order from the Ready plan and sees it Working', async () => {
      await page.getByRole('button', { name: STOCK, exact: true }).click();
      const place = details().getByRole('button', {
        name: new RegExp(`^Place order in ${account.accountName}`),
      });
      await place.waitFor();
      await screenshot(context, page, `orders-plan-${layout}`, { viewportOnly: true });
      await place.click();
      const quantity = orderDialog().getByLabel('Quantity (shares)');
      const size = Number(await quantity.inputValue());
      expect(size).toBeGreaterThan(0);
      expect(await quantity.getAttribute('max')).toBe(String(size));
      await screenshot(context, page, `orders-form-${layout}`, { viewportOnly: true });
      expect(describeViolations('order form', await axeViolations(page))).toEqual([]);
      await orderDialog().getByRole('button', { name: 'Preview' }).click();
      await orderDialog()
        .getByText(
          new RegExp(`^Buy ${size} ${STOCK} at [\\d.]+ limit, Day; then sell ${size} at [\\d.]+ stop, GTC$`),
        )
        .waitFor();
      await orderDialog()
        .getByText(/% of the account\)/)
        .waitFor();
      await screenshot(context, page, `orders-preview-${layout}`, { viewportOnly: true });
      expect(describeViolations('order preview', await axeViolations(page))).toEqual([]);
      await orderDialog().getByRole('button', { name: 'Confirm order' }).click();
      await orderDialog().waitFor({ state: 'detached' });
      const working = details().locator('.order-card .badge', { hasText: 'Working' });
      await working.waitFor({ timeout: 15_000 });
      // The keyboard's focus is on the order it placed.
      await page.waitForFunction(() => document.activeElement?.classList.contains('order-status'));
      expect(await place.count()).toBe(0);
      const orders = await api<OrderDto[]>(page, 'GET', `/orders?planId=${plan.id}`);
      expect(orders.map((o) => [o.status, o.order.quantity])).toEqual([['Working', size]]);
      await screenshot(context, page, `orders-working-${layout}`, { viewportOnly: true });
    });

    it('shows the order log, readable at its width, and every control a 44 px target', async () => {
      await details().getByText('Order log').click();
      await details().locator('.order-log li').first().waitFor();
      await details().locator('.order-log').scrollIntoViewIfNeeded();
      await screenshot(context, page, `orders-log-${layout}`, { viewportOnly: true });
      expect(describeViolations("the plan's orders", await axeViolations(page))).toEqual([]);
      // Nothing wider than the dialog: the log's bodies wrap.
      const overflow = await details().evaluate((dialog) => {
        const article = dialog.querySelector('article') as HTMLElement;
        return article.scrollWidth - article.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      const small = await details()
        .locator('.plan-orders :is(button, summary, a)')
        .evaluateAll((els) =>
          els
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44))
            .map((r) => `${r.width}×${r.height}`),
        );
      expect(small).toEqual([]);
    });

    it('offline shows the last known order with its time, and cannot cancel it', async () => {
      await context.setOffline(true);
      try {
        await details()
          .getByText(/^Last known at /)
          .waitFor();
        expect(await details().getByRole('button', { name: 'Cancel order' }).isDisabled()).toBe(true);
        await screenshot(context, page, `orders-offline-${layout}`, { viewportOnly: true });
        expect(describeViolations('orders offline', await axeViolations(page))).toEqual([]);
      } finally {
        await context.setOffline(false);
      }
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await details()
        .getByText(/^Last known at /)
        .waitFor({ state: 'detached' });
    });

    it('cancels the working order after asking', async () => {
      await details().getByRole('button', { name: 'Cancel order' }).click();
      const ask = page.getByRole('dialog', { name: 'Cancel order' });
      await ask.getByRole('button', { name: 'Cancel order' }).click();
      await ask.waitFor({ state: 'detached' });
      await details().locator('.order-card .badge', { hasText: 'Cancelled' }).waitFor({ timeout: 15_000 });
      // Cancelled: Place order is offered again.
      await details()
        .getByRole('button', { name: new RegExp(`^Place order in ${account.accountName}`) })
        .waitFor();
      await screenshot(context, page, `orders-cancelled-${layout}`, { viewportOnly: true });
    });
  });
}
