import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { Account } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, seed } from '../fixtures.ts';

const api = withFakeApi();
let AccountSettingsDialog: typeof import('../../../src/client/dashboard/AccountSettingsDialog.tsx').AccountSettingsDialog;

beforeAll(async () => {
  AccountSettingsDialog = (await import('../../../src/client/dashboard/AccountSettingsDialog.tsx'))
    .AccountSettingsDialog;
});

const ID = '11111111-1111-4111-8111-111111111111';

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
      body: {
        originalBalance: 80_000,
        capitalRisk: 10,
        maxTradeRisk: 1,
        scaleOutFactor: 1,
        heatLimit: 8,
        // The risk guard's limits go with the other settings: none set is null.
        dailyLossLimit: null,
        dailyLossLimitUnit: 'Dollars',
        maxNewTradesPerDay: null,
      },
    });
  });
});

describe('the risk guard in the account settings', () => {
  it('saves a daily loss limit in percent and a most of new trades a day with the settings', async () => {
    const account = accountFixture({ id: ID });
    api.routes[`PUT /api/v1/accounts/${ID}`] = { status: 200, body: account };
    const { closed } = await open(account);
    await userEvent.type(screen.getByLabelText('Daily loss limit'), '2');
    await userEvent.selectOptions(screen.getByLabelText('In'), 'Percent');
    await userEvent.type(screen.getByLabelText('Max new trades a day'), '3');
    await save();
    await waitFor(() => expect(closed()).toBe(true));
    expect(api.received[0]?.body).toMatchObject({
      dailyLossLimit: 2,
      dailyLossLimitUnit: 'Percent',
      maxNewTradesPerDay: 3,
    });
  });

  it('refuses a percent above 100 and a count that is not whole, with the server’s messages', async () => {
    await open(accountFixture({ id: ID }));
    await userEvent.type(screen.getByLabelText('Daily loss limit'), '150');
    await userEvent.selectOptions(screen.getByLabelText('In'), 'Percent');
    await userEvent.type(screen.getByLabelText('Max new trades a day'), '2.5');
    await save();
    expect(screen.getByText('Daily loss limit in percent must be at most 100')).toBeTruthy();
    expect(screen.getByText(/Max new trades a day must be a whole number from 1 to 100/)).toBeTruthy();
    expect(api.received).toEqual([]);
  });
});

describe('orders from Trade Tracker in the account settings', () => {
  const toggle = () =>
    screen.getByRole('switch', { name: 'Allow orders from Trade Tracker' }) as HTMLInputElement;
  const ordersSection = () => screen.getByRole('region', { name: /^Orders from Trade Tracker: / });
  const confirmation = () => screen.queryByRole('dialog', { name: 'Allow orders from Trade Tracker?' });
  const ordersCalls = () => api.received.filter((r) => r.key.endsWith('/orders'));
  const answerOrders = (account: Account, ordersAllowed: boolean) => {
    api.routes[`PUT /api/v1/accounts/${ID}/orders`] = { status: 200, body: { ...account, ordersAllowed } };
  };

  it('is off by default, says what it means, and that it is its own call, apart from the form', async () => {
    await open(accountFixture({ id: ID }));
    expect(toggle().checked).toBe(false);
    expect(toggle().disabled).toBe(false);
    expect(ordersSection().textContent).toContain('Orders from Trade Tracker: Off');
    expect(
      screen.getByText(
        "Trade Tracker may send orders you confirm to this account. Orders placed in the broker's own app are not affected.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Turned on or off on its own, at once: Save Settings and Cancel do not change it.'),
    ).toBeTruthy();
    // Not one of the form's fields: Save and Cancel never carry it.
    expect(toggle().closest('form')).toBeNull();
  });

  it('asks first, saying what turning orders on allows, and sends nothing until "Allow orders"', async () => {
    const account = accountFixture({ id: ID, accountName: 'Alex Margin', accountNumber: '****1234' });
    answerOrders(account, true);
    await open(account);
    await userEvent.click(toggle());
    const asked = confirmation() as HTMLElement;
    expect(asked).toBeTruthy();
    expect(asked.textContent).toContain(
      'Trade Tracker will be able to send orders to Alex Margin (****1234) at your broker: real orders, with real money.',
    );
    expect(toggle().checked).toBe(false);
    expect(ordersCalls()).toEqual([]);

    await userEvent.click(within(asked).getByRole('button', { name: 'Allow orders' }));
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(confirmation()).toBeNull();
    expect(ordersCalls()).toEqual([{ key: `PUT /api/v1/accounts/${ID}/orders`, body: { allowed: true } }]);
    await waitFor(() => expect(ordersSection().textContent).toContain('Orders from Trade Tracker: On'));
  });

  it("leaves orders off when the question is cancelled, and the dialog's Cancel sends nothing", async () => {
    const { closed } = await open(accountFixture({ id: ID }));
    await userEvent.click(toggle());
    await userEvent.click(within(confirmation() as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(confirmation()).toBeNull();
    expect(toggle().checked).toBe(false);
    expect(ordersSection().textContent).toContain('Orders from Trade Tracker: Off');

    await userEvent.click(toggle());
    expect(confirmation()).toBeTruthy();
    await userEvent.click(within(confirmation() as HTMLElement).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(closed()).toBe(true);
    // (A sync of the test before may still land: no write was sent.)
    expect(api.received.filter((r) => r.key.startsWith('PUT'))).toEqual([]);
  });

  it('turns orders off at once, without a question', async () => {
    const account = accountFixture({ id: ID, ordersAllowed: true });
    answerOrders(account, false);
    await open(account);
    expect(toggle().checked).toBe(true);
    expect(ordersSection().textContent).toContain('Orders from Trade Tracker: On');
    await userEvent.click(toggle());
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(confirmation()).toBeNull();
    expect(ordersCalls()).toEqual([{ key: `PUT /api/v1/accounts/${ID}/orders`, body: { allowed: false } }]);
    await waitFor(() => expect(ordersSection().textContent).toContain('Orders from Trade Tracker: Off'));
  });

  it('is disabled offline, says why, and sends nothing', async () => {
    // Unreachable for real: a sync of the previous test answered now would report the API back.
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    await open(accountFixture({ id: ID }));
    expect(toggle().disabled).toBe(true);
    expect(screen.getByText('Orders can be turned on only online')).toBeTruthy();
    await userEvent.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(confirmation()).toBeNull();
    // (The previous test's sync may still land: only the orders call matters here.)
    expect(ordersCalls()).toEqual([]);
  });

  it("shows the server's refusal and stays as it was", async () => {
    api.routes[`PUT /api/v1/accounts/${ID}/orders`] = { status: 404, body: { message: 'Account not found' } };
    await open(accountFixture({ id: ID }));
    await userEvent.click(toggle());
    await userEvent.click(
      within(confirmation() as HTMLElement).getByRole('button', { name: 'Allow orders' }),
    );
    expect(await screen.findByText('Account not found')).toBeTruthy();
    expect(toggle().checked).toBe(false);
    expect(ordersSection().textContent).toContain('Orders from Trade Tracker: Off');
  });
});
