import { beforeAll, describe, expect, it } from 'vitest';
import type { Account, Edge, TradePlanDto, TraderSettings, TradeSetup } from '../../src/domain/types.ts';
import { apiBody as api, LAYOUTS, on, screenshot, signedInApp } from './harness.ts';

// Every entity, every kind of change, made with the network off: each shows at once as not yet
// saved, survives a reload, and reaches the server after reconnecting. Run on a phone and on a
// desktop, since the two layouts put the controls in different places.

for (const [layout, viewport] of LAYOUTS) {
  describe(`offline changes on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport, { controlled: true });
    const { dialog } = on(page);
    const nav = (name: string) => page.getByRole('link', { name }).click();
    const row = (name: string | RegExp) => page.getByRole('row', { name });

    beforeAll(async () => {
      for (const [name, weightFactor] of [
        ['Trend', 0.7],
        ['Volume', 0.4],
      ] as const) {
        await api(page, 'POST', '/edges', { name, description: 'd', identificationNotes: 'n', weightFactor });
      }
      for (const name of ['Bull flag', 'Cup']) await api(page, 'POST', '/tradesetups', { name, rules: [] });
      for (const stock of ['AAPL', 'MSFT', 'TSLA'])
        await api(page, 'POST', '/tradeplans', { stock, entryPrice: 100, stopLossPrice: 95 });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await nav('Trade Plans');
      await page.getByRole('rowheader', { name: 'TSLA' }).waitFor();
      await context.setOffline(true);
    });

    it('creates, edits, changes the status of and deletes trade plans', async () => {
      await page.getByRole('button', { name: '+ New Trade Plan' }).click();
      await dialog().getByLabel('Stock').fill('NVDA');
      // A short plan (issue 30): its stop above the entry, made offline like any other.
      await dialog().getByRole('radio', { name: 'Short (sell short)' }).check();
      await dialog().getByLabel('Entry Price').fill('50');
      await dialog().getByLabel('Stop Loss').fill('52');
      await dialog().getByRole('button', { name: 'Create Trade Plan' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/NVDA/).getByText('(not yet saved)').waitFor();
      await row(/NVDA/).getByText('Short', { exact: true }).waitFor();

      await row(/AAPL/).getByRole('button', { name: 'Edit' }).click();
      await dialog().getByLabel('Entry Price').fill('110');
      await dialog().getByRole('button', { name: 'Save Trade Plan' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/AAPL/).getByText('(not yet saved)').waitFor();
      expect(await row(/AAPL/).innerText()).toContain('$110.00');

      await page.getByRole('combobox', { name: 'Change status of MSFT' }).selectOption('Ready');
      await row(/MSFT/).getByText('(not yet saved)').waitFor();
      await row(/MSFT/).locator('.badge', { hasText: 'Ready' }).waitFor();

      await row(/TSLA/).getByRole('button', { name: 'Delete' }).click();
      await dialog().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('rowheader', { name: 'TSLA' }).waitFor({ state: 'detached' });
      await page.getByText('4 changes not yet saved').waitFor();
      await screenshot(context, page, `offline-plans-${layout}`);
    });

    it('creates, edits and deletes edges', async () => {
      await nav('Edge Definition');
      await page.getByRole('button', { name: '+ New Edge' }).click();
      await dialog().getByLabel('Name').fill('Offline edge');
      await dialog().getByLabel('Description').fill('Made on the train');
      await dialog().getByLabel('Identification Notes').fill('No signal');
      await dialog().getByRole('button', { name: 'Save Edge' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/Offline edge/)
        .getByText('(not yet saved)')
        .waitFor();

      await row(/Trend/).getByRole('button', { name: 'Edit' }).click();
      await dialog().getByLabel('Description').fill('EMA21 rising, edited offline');
      await dialog().getByRole('button', { name: 'Save Edge' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/Trend/).getByText('(not yet saved)').waitFor();

      await row(/Volume/)
        .getByRole('button', { name: 'Delete' })
        .click();
      await dialog().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('cell', { name: 'Volume' }).waitFor({ state: 'detached' });
      await page.getByText('7 changes not yet saved').waitFor();
    });

    it('creates, edits and deletes trade setups', async () => {
      await nav('Trade Setups');
      await page.getByRole('button', { name: '+ New Setup' }).click();
      await dialog().getByLabel('Name').fill('Offline setup');
      await dialog().getByRole('button', { name: 'Save Setup' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/Offline setup/)
        .getByText('(not yet saved)')
        .waitFor();

      await row(/Bull flag/)
        .getByRole('button', { name: 'Edit' })
        .click();
      await dialog().getByLabel('Notes').fill('Edited offline');
      await dialog().getByRole('button', { name: 'Save Setup' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/Bull flag/)
        .getByText('(not yet saved)')
        .waitFor();

      await row(/Cup/).getByRole('button', { name: 'Delete' }).click();
      await dialog().getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('cell', { name: 'Cup' }).waitFor({ state: 'detached' });
      await page.getByText('10 changes not yet saved').waitFor();
    });

    it("changes an account's settings", async () => {
      await nav('Dashboard');
      await page.getByRole('button', { name: /Alex Margin .*account settings/ }).click();
      await dialog().getByLabel('Max Trade Risk (%)').fill('2');
      await dialog().getByRole('button', { name: 'Save Settings' }).click();
      await dialog().waitFor({ state: 'detached' });
      await row(/Alex Margin/)
        .getByText('(not yet saved)')
        .waitFor();
      await page.getByText('11 changes not yet saved').waitFor();
      await screenshot(context, page, `offline-dashboard-${layout}`);
    });

    it("changes the trader's near-entry threshold (a setting)", async () => {
      await page.getByRole('banner').getByRole('link', { name: 'Export and backup' }).click();
      await page.getByLabel('Near entry within (R)').fill('0.5');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('12 changes not yet saved').waitFor();
      expect(await page.getByLabel('Near entry within (R)').inputValue()).toBe('0.5');
    });

    it('keeps every change through a reload without a network', async () => {
      await page.reload();
      await page.getByText(/Offline · last synced/).waitFor();
      await page.getByText('12 changes not yet saved').waitFor();
      expect(await page.getByLabel('Near entry within (R)').inputValue()).toBe('0.5');
      await nav('Dashboard');
      await row(/Alex Margin/)
        .getByText('(not yet saved)')
        .waitFor();
      await nav('Trade Plans');
      for (const stock of ['NVDA', 'AAPL', 'MSFT'])
        await row(new RegExp(stock)).getByText('(not yet saved)').waitFor();
      expect(await page.getByRole('rowheader', { name: 'TSLA' }).count()).toBe(0);
      await nav('Edge Definition');
      await row(/Offline edge/)
        .getByText('(not yet saved)')
        .waitFor();
      await nav('Trade Setups');
      await row(/Offline setup/)
        .getByText('(not yet saved)')
        .waitFor();
    });

    it('sends every change once the network is back, and the server has them all', async () => {
      await context.setOffline(false);
      await page.getByRole('status').getByText('Back online: 12 changes saved').waitFor({ timeout: 20_000 });
      await page.getByText(/changes? not yet saved/).waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByText('(not yet saved)').first().waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.getByText('Not saved — the server refused:').count()).toBe(0);

      const plans = await api<TradePlanDto[]>(page, 'GET', '/tradeplans');
      const byStock = Object.fromEntries(plans.map((p) => [p.stock, p]));
      expect(Object.keys(byStock).sort()).toEqual(['AAPL', 'MSFT', 'NVDA']);
      expect(byStock.AAPL?.entryPrice).toBe(110);
      expect(byStock.MSFT?.status).toBe('Ready');
      expect(byStock.NVDA).toMatchObject({
        direction: 'Short',
        entryPrice: 50,
        stopLossPrice: 52,
        status: 'Draft',
      });

      const edges = await api<Edge[]>(page, 'GET', '/edges');
      expect(edges.map((e) => e.name).sort()).toEqual(['Offline edge', 'Trend']);
      expect(edges.find((e) => e.name === 'Trend')?.description).toBe('EMA21 rising, edited offline');

      const setups = await api<TradeSetup[]>(page, 'GET', '/tradesetups');
      expect(setups.map((s) => s.name).sort()).toEqual(['Bull flag', 'Offline setup']);
      expect(setups.find((s) => s.name === 'Bull flag')?.notes).toBe('Edited offline');

      const accounts = await api<Account[]>(page, 'GET', '/accounts');
      expect(accounts.find((a) => a.accountName === 'Alex Margin')?.maxTradeRisk).toBe(2);
      expect((await api<TraderSettings>(page, 'GET', '/settings')).nearEntryR).toBe(0.5);
    });

    it('asks before a logout would throw away unsaved changes, and offline signs out in the app', async () => {
      await nav('Edge Definition');
      await context.setOffline(true);
      await page.getByRole('button', { name: '+ New Edge' }).click();
      await dialog().getByLabel('Name').fill('Unsent');
      await dialog().getByLabel('Description').fill('d');
      await dialog().getByLabel('Identification Notes').fill('n');
      await dialog().getByRole('button', { name: 'Save Edge' }).click();
      await dialog().waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Logout' }).click();
      await dialog().getByText('1 change is not saved yet. Log out anyway?').waitFor();
      await dialog().getByRole('button', { name: 'Cancel' }).click();
      await row(/Unsent/).waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await dialog().getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
      await page.getByText('You are offline: sign in again when you are back online.').waitFor();
      await screenshot(context, page, `offline-signed-out-${layout}`);
      const cached = await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const req = indexedDB.open('trade-tracker');
          req.onsuccess = () => resolve(req.result);
        });
        const names = Array.from(db.objectStoreNames);
        const counts = await Promise.all(
          names.map(
            (n) =>
              new Promise<number>((resolve) => {
                const req = db.transaction(n).objectStore(n).count();
                req.onsuccess = () => resolve(req.result);
              }),
          ),
        );
        db.close();
        return counts.reduce((a, b) => a + b, 0);
      });
      expect(cached).toBe(0);

      // Back online, the server's session ends at the first contact: the cookie signs in no one.
      await context.setOffline(false);
      await expect
        .poll(async () => await page.evaluate(() => fetch('/api/v1/auth/status').then((r) => r.status)), {
          timeout: 10_000,
        })
        .toBe(401);
      // The app forgets the pending logout once its answer is in: a moment after the server's.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('tradeTracker.logoutPending')))
        .toBeNull();
    });
  });
}
