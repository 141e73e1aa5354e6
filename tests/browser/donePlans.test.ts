import { describe, expect, it } from 'vitest';
import type { Trade, TradePlanDto } from '../../src/domain/types.ts';
import { apiBody as api, callApi, on, PHONE, pageHeading, screenshot, signedInApp } from './harness.ts';

// A finished plan finishes (docs/product.md, "Trade plans"), on a phone: a round trip recorded by
// hand leaves its plan "Done" with its R, a re-entry is unplanned, and a new plan for the stock
// is taken; online, and offline on the device alone.

describe('a done plan on a 390 × 844 phone', () => {
  const { context, page } = signedInApp(PHONE, { controlled: true });
  const { nav, readyPlan, recordFill } = on(page);
  const tradeRows = (symbol: string) => on(page).rowOf(symbol);
  const planCard = (stock: string) => on(page).rowOf(stock, true);

  it('shows Done with its R once the round trip recorded by hand closes; a re-entry is unplanned', async () => {
    const plan = await readyPlan('DONE', 100, 95);
    await nav('Trades');
    await pageHeading(page, 'Trades').waitFor();
    await page.reload();
    await pageHeading(page, 'Trades').waitFor();
    await recordFill('DONE', 'Buy', '10', '100');
    await tradeRows('DONE').getByText('Open').first().waitFor();
    await recordFill('DONE', 'Sell', '10', '110');
    await tradeRows('DONE').getByText('+2.00R').waitFor();

    await nav('Trade Plans');
    await pageHeading(page, 'Trade Plans').waitFor();
    await planCard('DONE').getByText('Done · +2.00R').waitFor();
    expect(await planCard('DONE').locator('td[data-label="Status"]').innerText()).toContain('Ready');
    await screenshot(context, page, 'plan-done-phone', { viewportOnly: true });

    // The trader buys the stock again: a new trade, unplanned; the plan keeps its R.
    await nav('Trades');
    await pageHeading(page, 'Trades').waitFor();
    await recordFill('DONE', 'Buy', '5', '108');
    await tradeRows('DONE').filter({ hasText: 'Unplanned' }).waitFor();
    const trades = (await api<Trade[]>(page, 'GET', '/trades')).filter((t) => t.symbol === 'DONE');
    expect(trades.map((t) => [t.closedAt === null, t.planId])).toEqual([
      [true, null],
      [false, plan.id],
    ]);
    await nav('Trade Plans');
    await planCard('DONE').getByText('Done · +2.00R').waitFor();

    // The stock is free: a new plan for it is made and set Ready.
    const next = await api<TradePlanDto>(page, 'POST', '/tradeplans', {
      stock: 'DONE',
      entryPrice: 108,
      stopLossPrice: 104,
    });
    expect((await callApi(page, 'PUT', `/tradeplans/${next.id}/status`, { status: 'Ready' })).status).toBe(
      200,
    );
  });

  it('marks the plan done on the device while offline, and the server agrees once back online', async () => {
    const plan = await readyPlan('DOFF', 50, 48);
    // The plan must be on the device before the signal goes: that is what the fills link to.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await nav('Trade Plans');
    await planCard('DOFF').getByText('Ready').waitFor();
    await nav('Trades');
    await pageHeading(page, 'Trades').waitFor();
    await context.setOffline(true);
    await page.getByText('Offline').first().waitFor();
    await recordFill('DOFF', 'Buy', '5', '50');
    await recordFill('DOFF', 'Sell', '5', '45');
    // 5 × (45 − 50) = −$25 on a risk of 5 × (50 − 48) = $10.
    await tradeRows('DOFF').getByText('−2.50R').waitFor();
    await recordFill('DOFF', 'Buy', '5', '46');
    await tradeRows('DOFF').filter({ hasText: 'Unplanned' }).waitFor();

    await nav('Trade Plans');
    await pageHeading(page, 'Trade Plans').waitFor();
    await planCard('DOFF').getByText('Done · −2.50R').waitFor();
    await screenshot(context, page, 'plan-done-offline-phone', { viewportOnly: true });

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(/Back online: 3 changes saved/).waitFor();
    const onServer = await api<TradePlanDto>(page, 'GET', `/tradeplans/${plan.id}`);
    expect(onServer).toMatchObject({ status: 'Ready', doneAt: expect.any(String) });
    await planCard('DOFF').getByText('Done · −2.50R').waitFor();
    const trades = (await api<Trade[]>(page, 'GET', '/trades')).filter((t) => t.symbol === 'DOFF');
    expect(trades.map((t) => t.planId)).toEqual([null, plan.id]);
  });
});
