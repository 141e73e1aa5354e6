import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { manualLiveAccount, newManualAccount } from '../../../src/domain/manualAccounts.ts';
import { messages } from '../../../src/domain/messages.ts';
import type { Account, LiveAccount } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, deltaSync, executionFixture, seed } from '../fixtures.ts';

// Accounts added by hand (docs/product.md, "Accounts"): the form, the one write path, offline too.

const api = withFakeApi();
let AddAccountDialog: typeof import('../../../src/client/dashboard/AddAccountDialog.tsx').AddAccountDialog;
let AccountSettingsDialog: typeof import('../../../src/client/dashboard/AccountSettingsDialog.tsx').AccountSettingsDialog;
let outbox: typeof import('../../../src/client/sync/outbox.ts');

beforeAll(async () => {
  AddAccountDialog = (await import('../../../src/client/dashboard/AddAccountDialog.tsx')).AddAccountDialog;
  AccountSettingsDialog = (await import('../../../src/client/dashboard/AccountSettingsDialog.tsx'))
    .AccountSettingsDialog;
  outbox = await import('../../../src/client/sync/outbox.ts');
});

function openAdd() {
  let closed = false;
  render(<AddAccountDialog onClose={() => (closed = true)} />);
  return () => closed;
}

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const box = screen.getByLabelText(label);
    await userEvent.clear(box);
    if (value !== '') await userEvent.type(box, value);
  }
}

const IRA = {
  'Account name': 'Credit union IRA',
  'Last digits of its number': '0042',
  'Original Balance ($)': '8000',
  'Current Balance ($)': '10000',
};

const answered = (body: { id: string }): Account => ({
  ...manualLiveAccount({
    id: body.id,
    ...newManualAccount(body.id, body as never),
    ordersAllowed: false,
  }),
  openRisk: 0,
  plannedRisk: 0,
  openWithoutStop: 0,
});

describe('Add an account', () => {
  it('refuses what the server would, on its field, and sends nothing', async () => {
    openAdd();
    await fill({ ...IRA, 'Account name': '', 'Last digits of its number': '12a' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    expect(screen.getByText(messages.accountNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.lastDigitsInvalid)).toBeTruthy();
    expect(api.received).toEqual([]);
  });

  it('sends the account with a client id, keeps the answer, and closes', async () => {
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    api.routes['POST /api/v1/accounts'] = { status: 201, body: {} };
    const closed = openAdd();
    await fill(IRA);
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(closed()).toBe(true));
    const sent = api.received[0] as { key: string; body: Record<string, unknown> };
    expect(sent.key).toBe('POST /api/v1/accounts');
    expect(sent.body).toMatchObject({
      accountName: 'Credit union IRA',
      lastDigits: '0042',
      originalBalance: 8000,
      currentBalance: 10000,
      capitalRisk: 10,
      maxTradeRisk: 1,
    });
    expect(typeof sent.body.id).toBe('string');
  });

  it('offline, shows the account at once as the server will, queues it, and sends it once back online', async () => {
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    const closed = openAdd();
    await fill(IRA);
    await userEvent.click(screen.getByRole('button', { name: 'Add Account' }));
    await waitFor(() => expect(closed()).toBe(true));
    const [cached] = (await dbModule.db.accounts.toArray()) as (LiveAccount & { pendingSync?: true })[];
    expect(cached).toMatchObject({
      source: 'manual',
      accountName: 'Credit union IRA',
      accountNumber: '****0042',
      currentBalance: 10000,
      availableFundsForTrading: 10000,
      pendingSync: true,
    });
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['POST', '/accounts', 'Create account Credit union IRA'],
    ]);

    const body = queued[0]?.body as { id: string };
    api.routes['POST /api/v1/accounts'] = { status: 201, body: answered(body) };
    api.unreachable = false;
    connectivity.reportApiReachable(true);
    expect(await outbox.flushOutbox()).toMatchObject({ saved: 1, refused: 0 });
    expect(await outbox.flushOutbox()).toMatchObject({ saved: 0 });
    expect(api.received.filter((r) => r.key === 'POST /api/v1/accounts')).toHaveLength(1);
    const [kept] = (await dbModule.db.accounts.toArray()) as (LiveAccount & { pendingSync?: true })[];
    expect(kept).toMatchObject({ id: body.id, source: 'manual' });
    expect(kept?.pendingSync).toBeUndefined();
  });
});

describe("a manual account's settings", () => {
  it('edit its name, digits and balance by hand, and say why it takes no orders', async () => {
    const account = accountFixture({
      id: '22222222-2222-4222-8222-222222222222',
      source: 'manual',
      accountName: 'Credit union IRA',
      lastDigits: '0042',
      accountNumber: '****0042',
      accountHash: 'manual:22222222-2222-4222-8222-222222222222',
      currentBalance: 10_000,
      availableFundsForTrading: 10_000,
    });
    await seed('accounts', [account]);
    api.routes[`PUT /api/v1/accounts/${account.id}`] = { status: 200, body: account };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    let closed = false;
    render(<AccountSettingsDialog account={account} onClose={() => (closed = true)} />);
    expect(screen.getByText(`${messages.ordersNeedBroker}.`)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    await fill({ 'Current Balance ($)': '12500.5' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.received[0]?.body).toMatchObject({
      accountName: 'Credit union IRA',
      lastDigits: '0042',
      currentBalance: 12_500.5,
    });
  });

  it('of a broker account never send its balance', async () => {
    const account = accountFixture({ id: '33333333-3333-4333-8333-333333333333' });
    await seed('accounts', [account]);
    render(<AccountSettingsDialog account={account} onClose={() => {}} />);
    expect(screen.queryByLabelText('Current Balance ($)')).toBeNull();
    expect(screen.queryByLabelText('Account name')).toBeNull();
  });
});

describe('deleting a manual account', () => {
  const ira = () =>
    accountFixture({
      id: '44444444-4444-4444-8444-444444444444',
      source: 'manual',
      accountName: 'Old IRA',
      lastDigits: '0042',
      accountNumber: '****0042',
      accountHash: 'manual:44444444-4444-4444-8444-444444444444',
    });

  it('asks first, says what goes, and deletes it on the one write path', async () => {
    const account = ira();
    await seed('accounts', [account]);
    api.routes[`DELETE /api/v1/accounts/${account.id}`] = { status: 204 };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    let closed = false;
    render(<AccountSettingsDialog account={account} onClose={() => (closed = true)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    expect(
      screen.getByText('Are you sure you want to delete "Old IRA"? This action cannot be undone.'),
    ).toBeTruthy();
    expect(screen.getByText(messages.manualAccountDeleteWhat)).toBeTruthy();
    expect(api.received).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(api.received[0]?.key).toBe(`DELETE /api/v1/accounts/${account.id}`);
    expect(await dbModule.db.accounts.get(account.id)).toBeUndefined();
  });

  it('offline, leaves the cache at once and queues the delete', async () => {
    const account = ira();
    await seed('accounts', [account]);
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    let closed = false;
    render(<AccountSettingsDialog account={account} onClose={() => (closed = true)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(await dbModule.db.accounts.get(account.id)).toBeUndefined();
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['DELETE', `/accounts/${account.id}`, 'Delete account Old IRA'],
    ]);
  });

  it('is not offered while the account holds fills: it says to delete them first', async () => {
    const account = ira();
    await seed('accounts', [account]);
    await seed('executions', [
      executionFixture({ id: 'f1', accountId: account.id }),
      executionFixture({ id: 'f2', accountId: account.id }),
    ]);
    render(<AccountSettingsDialog account={account} onClose={() => {}} />);
    expect(await screen.findByText(messages.manualAccountHoldsFills(2))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is never offered for a broker account', async () => {
    const account = accountFixture({ id: '55555555-5555-4555-8555-555555555555' });
    await seed('accounts', [account]);
    render(<AccountSettingsDialog account={account} onClose={() => {}} />);
    await screen.findByRole('button', { name: 'Save Settings' });
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });
});
