import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/types.ts';
import { apiBody as api, on, PHONE, screenshot, signedInApp } from './harness.ts';

// Deleting an account added by hand on a phone (docs/product.md, "Accounts"): from its settings,
// asked first in words that say what goes, then gone from the Dashboard and from the server.

describe('deleting an account added by hand on a phone', () => {
  const { context, page } = signedInApp(PHONE, { controlled: true });
  const { dialog, rowOf } = on(page);

  it('is asked first, says what goes, and the account leaves the Dashboard and the server', async () => {
    await api(page, 'POST', '/accounts', {
      id: crypto.randomUUID(),
      accountName: 'Old IRA',
      lastDigits: '0042',
      originalBalance: 8000,
      currentBalance: 10000,
      capitalRisk: 10,
      maxTradeRisk: 1,
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const row = rowOf('Old IRA', false);
    await row.getByText('Manual').waitFor();
    await page.getByRole('button', { name: /^Old IRA.*account settings$/ }).click();
    await dialog().getByRole('button', { name: 'Delete account' }).click();
    await dialog()
      .getByText('Are you sure you want to delete "Old IRA"? This action cannot be undone.')
      .waitFor();
    await dialog().getByText('It holds no fills, so no trade is lost', { exact: false }).waitFor();
    await screenshot(context, page, 'manual-account-delete-phone', { viewportOnly: true });
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    const accounts = await api<Account[]>(page, 'GET', '/accounts');
    expect(accounts.some((a) => a.accountName === 'Old IRA')).toBe(false);
  });
});
