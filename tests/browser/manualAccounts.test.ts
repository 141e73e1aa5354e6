import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/types.ts';
import { apiBody as api, DESKTOP, on, PHONE, screenshot, signedInApp } from './harness.ts';

// An account added by hand (docs/product.md, "Accounts"): added on the Dashboard, marked Manual,
// sized on the plans like a broker's, and added offline once.

const IRA = {
  'Account name': 'Credit union IRA',
  'Last digits of its number': '0042',
  'Original Balance ($)': '8000',
  'Current Balance ($)': '10000',
};

for (const [layout, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`an account added by hand on a ${layout}`, () => {
    const { context, page } = signedInApp(viewport, { controlled: true });
    const { dialog, rowOf } = on(page);

    async function addAccount(values: Record<string, string>, shot?: string) {
      await page.getByRole('button', { name: 'Add an account' }).click();
      for (const [label, value] of Object.entries(values)) await dialog().getByLabel(label).fill(value);
      if (shot) await screenshot(context, page, shot, { viewportOnly: true });
      await dialog().getByRole('button', { name: 'Add Account' }).click();
      await dialog().waitFor({ state: 'detached' });
    }

    it('is added on the Dashboard, listed as Manual, and sizes a plan from its balance', async () => {
      await addAccount(IRA, `manual-account-form-${layout}`);
      const row = rowOf('Credit union IRA', false);
      await row.getByText('Manual').waitFor();
      expect(await row.innerText()).toContain('$10,000.00');
      await screenshot(context, page, `manual-account-dashboard-${layout}`);

      await api(page, 'POST', '/tradeplans', { stock: 'MANL', entryPrice: 50, stopLossPrice: 48 });
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trade Plans' }).click();
      // min(floor(100 / 2), floor(1,000 / 50), floor(10,000 / 50)) = 20 (docs/product.md, "Position size").
      await page.getByText('Credit union IRA: 20 shares').waitFor();
      await screenshot(context, page, `manual-account-plan-${layout}`);
    });

    it('is added offline, shown at once, and lands once when back online', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await context.setOffline(true);
      await addAccount({ ...IRA, 'Account name': 'Offline brokerage', 'Last digits of its number': '7' });
      const row = rowOf('Offline brokerage', false);
      await row.getByText('(not yet saved)').waitFor();
      await screenshot(context, page, `manual-account-offline-${layout}`);

      await context.setOffline(false);
      await page.getByRole('status').getByText('Back online: 1 change saved').waitFor({ timeout: 20_000 });
      await row.getByText('(not yet saved)').waitFor({ state: 'detached', timeout: 20_000 });
      const accounts = await api<Account[]>(page, 'GET', '/accounts');
      expect(accounts.filter((a) => a.accountName === 'Offline brokerage')).toHaveLength(1);
      expect(accounts.find((a) => a.accountName === 'Offline brokerage')).toMatchObject({
        source: 'manual',
        accountNumber: '****7',
      });
    });
  });
}
