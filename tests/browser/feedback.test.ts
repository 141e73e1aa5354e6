import { beforeAll, describe, expect, it } from 'vitest';
import { apiBody as api, LAYOUTS, on, screenshot, signedInApp } from './harness.ts';

// Feedback where the trader acted, focus that follows the trader, and a plan's details, on a phone
// and on a desktop.

for (const [layout, viewport] of LAYOUTS) {
  describe(`feedback and details on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport);
    const { dialog } = on(page);
    const row = (name: RegExp) => page.getByRole('row', { name });

    beforeAll(async () => {
      const edge = async (name: string, weightFactor: number) =>
        (
          await api<{ id: string }>(page, 'POST', '/edges', {
            name,
            description: 'd',
            identificationNotes: 'n',
            weightFactor,
          })
        ).id;
      const edgeIds = [await edge('Trend', 0.8), await edge('Volume', 0.4)];
      const setup = await api<{ id: string }>(page, 'POST', '/tradesetups', { name: 'Bull flag', rules: [] });
      // Filler plans, so the plan the trader acts on (TSLA) is well down the list.
      for (const stock of ['AMD', 'AMZN', 'GOOG', 'META', 'MSFT', 'NFLX', 'NVDA'])
        await api(page, 'POST', '/tradeplans', { stock, entryPrice: 50, stopLossPrice: 48 });
      await api(page, 'POST', '/tradeplans', {
        stock: 'TSLA',
        entryPrice: 100,
        stopLossPrice: 95,
        targetPrice: 110,
        notes: 'Earnings gap, wait for the first pullback',
        tradeSetupId: setup.id,
        edgeIds,
      });
      // A second TSLA plan made active after it: the Draft one cannot become active now.
      const ready = await api<{ id: string }>(page, 'POST', '/tradeplans', {
        stock: 'TSLA',
        entryPrice: 90,
        stopLossPrice: 85,
      });
      await api(page, 'PUT', `/tradeplans/${ready.id}/status`, { status: 'Ready' });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByRole('link', { name: 'Trade Plans' }).click();
      await page.getByRole('rowheader', { name: 'NVDA' }).waitFor();
    });

    it('shows a refused status change on the plan itself, in view, with no Retry', async () => {
      const draft = row(/TSLA.*Draft/);
      await draft.getByRole('combobox', { name: 'Change status of TSLA' }).selectOption('Ready');
      const refusal = draft.getByRole('alert');
      await refusal.getByText('An active trade plan for this stock already exists').waitFor();
      expect(await refusal.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      const box = await refusal.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= viewport.height).toBe(true);
      expect(await page.locator('.error-banner').count()).toBe(0);
      await screenshot(context, page, `refused-on-card-${layout}`, { viewportOnly: true });
      await refusal.getByRole('button', { name: 'Dismiss' }).click();
      await refusal.waitFor({ state: 'detached' });
    });

    it('confirms a status change politely', async () => {
      await page.getByRole('combobox', { name: 'Change status of NVDA' }).selectOption('Ready');
      await page.getByRole('status').getByText('NVDA is now Ready').waitFor();
    });

    it('focuses the first field of a dialog and gives the focus back to the button that opened it', async () => {
      const edit = row(/NFLX/).getByRole('button', { name: 'Edit' });
      await edit.click();
      await dialog().waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
        await dialog().getByLabel('Stock').getAttribute('id'),
      );
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("opens a plan's details with its setup, edges, notes and per-account figures", async () => {
      await row(/TSLA.*Draft/)
        .getByRole('button', { name: 'TSLA' })
        .click();
      const details = dialog();
      await details.getByRole('heading', { name: 'TSLA trade plan' }).waitFor();
      // The setup, edges and accounts come from the cache just after the dialog opens.
      await details.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      const text = await details.innerText();
      for (const part of [
        '$100.00 → $95.00',
        '$110.00 · 2.0R',
        'Bull flag',
        'Trend (0.8), Volume (0.4)',
        'Weighted edge score: 0.6',
        'Earnings gap, wait for the first pullback',
      ]) {
        expect(text).toContain(part);
      }
      // Alex Margin: 125,430.55 balance; 10 % capital allows 125 shares at $100 (risk allows 250).
      const margin = details.getByRole('row', { name: /Alex Margin/ });
      // The size says which limit set it (issue 40).
      expect((await margin.innerText()).replace(/\s+/g, ' ')).toContain(
        '125 capped by capital risk 10.00% $12,500.00 $625.00 (0.50%)',
      );
      // Alex Cash: 32,500 balance; capital allows 32 shares.
      const cash = details.getByRole('row', { name: /Alex Cash/ });
      expect((await cash.innerText()).replace(/\s+/g, ' ')).toContain(
        '32 capped by capital risk 10.00% $3,200.00 $160.00 (0.49%)',
      );
      await screenshot(context, page, `plan-details-${layout}`);
      await details.getByRole('button', { name: 'Done' }).click();
      await details.waitFor({ state: 'detached' });
      expect(await row(/TSLA.*Draft/).innerText()).toContain('2.0R');
    });

    it('sets a target and notes, with a live warning when the stop is not below the entry', async () => {
      await row(/MSFT/).getByRole('button', { name: 'Edit' }).click();
      await dialog().getByLabel('Stop Loss').fill('55');
      await dialog()
        .getByText('The stop is at or above the entry: move it below the entry to size this trade')
        .waitFor();
      await dialog().getByLabel('Stop Loss').fill('48');
      await dialog().getByLabel('Target Price (optional)').fill('56');
      await dialog().getByText('Reward 3.0R').waitFor();
      await dialog().getByLabel('Notes').fill('Base breakout');
      await dialog().getByText('13 / 2000').waitFor();
      await dialog().getByRole('button', { name: 'Save Trade Plan' }).click();
      await dialog().waitFor({ state: 'detached' });
      await page.getByRole('status').getByText('Trade plan saved').waitFor();
      await row(/MSFT/).getByText('3.0R').waitFor();
      const saved = await api<{ stock: string; targetPrice: number; notes: string }[]>(
        page,
        'GET',
        '/tradeplans',
      );
      expect(saved.find((p) => p.stock === 'MSFT')).toMatchObject({
        targetPrice: 56,
        notes: 'Base breakout',
      });
    });

    it('scrolls to and focuses the first field in error', async () => {
      await page
        .getByRole('button', { name: /New Trade Plan|New trade plan/ })
        .first()
        .click();
      await dialog().getByLabel('Entry Price').fill('10');
      await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
      await dialog().getByText('Stock symbol is required').waitFor();
      expect(
        await dialog()
          .getByLabel('Stock')
          .evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await dialog().getByLabel('Stock').fill('ORCL');
      await dialog().getByText('Stock symbol is required').waitFor({ state: 'detached' });
      await dialog().getByRole('button', { name: 'Cancel' }).click();
    });
  });
}
