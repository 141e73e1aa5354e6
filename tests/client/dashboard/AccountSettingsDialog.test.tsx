import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../src/domain/types.ts';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { accountFixture, ownCacheBy, resetCache, seed } from '../fixtures.ts';

let api: FakeApi;
let AccountSettingsDialog: typeof import('../../../src/client/dashboard/AccountSettingsDialog.tsx').AccountSettingsDialog;
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  api = await startFakeApi();
  AccountSettingsDialog = (await import('../../../src/client/dashboard/AccountSettingsDialog.tsx'))
    .AccountSettingsDialog;
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});
afterAll(() => api.close());

const ID = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  api.reset();
  connectivity.reportApiReachable(true);
  await resetCache();
  await ownCacheBy('alex');
});

async function open(account: Account) {
  await seed('accounts', [account]);
  let closed = false;
  render(<AccountSettingsDialog account={account} onClose={() => (closed = true)} />);
  return { field: screen.getByLabelText('Heat limit (%)') as HTMLInputElement, closed: () => closed };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

describe('the heat limit in the account settings', () => {
  it("shows the account's limit with the others, and what it limits", async () => {
    const { field } = await open(accountFixture({ id: ID, heatLimit: 4.5 }));
    expect(field.value).toBe('4.5');
    expect(
      screen.getByText('The most of the balance the open trades and the active plans may lose together.'),
    ).toBeTruthy();
  });

  it('starts at the default of 6 for an account cached before the limit existed', async () => {
    const { heatLimit: _none, ...old } = accountFixture({ id: ID });
    const { field } = await open(old as Account);
    expect(field.value).toBe('6');
  });

  it('refuses a limit out of range, or none, with the same message as the server, and sends nothing', async () => {
    const { field } = await open(accountFixture({ id: ID }));
    await userEvent.clear(field);
    await userEvent.type(field, '101');
    await save();
    expect(screen.getByText('Heat limit must be between 0 and 100')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(field);
    expect(screen.getByText('Heat limit must be between 0 and 100')).toBeTruthy();
    await userEvent.type(field, '0');
    expect(screen.queryByText('Heat limit must be between 0 and 100')).toBeNull();
    expect(api.received).toEqual([]);
  });

  it('saves it with the other settings', async () => {
    const account = accountFixture({ id: ID });
    api.routes[`PUT /api/v1/accounts/${ID}`] = { status: 200, body: { ...account, heatLimit: 8 } };
    const { field, closed } = await open(account);
    await userEvent.clear(field);
    await userEvent.type(field, '8');
    await save();
    await waitFor(() => expect(closed()).toBe(true));
    expect(api.received[0]).toEqual({
      key: `PUT /api/v1/accounts/${ID}`,
      body: { originalBalance: 80_000, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1, heatLimit: 8 },
    });
  });
});
