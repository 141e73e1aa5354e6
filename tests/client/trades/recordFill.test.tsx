import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { ExecutionInput } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  deltaSync,
  executionFixture,
  planFixture,
  requestPaths,
  seed,
  tradeFixture,
} from '../fixtures.ts';

const api = withFakeApi();
let TradesPage: typeof import('../../../src/client/trades/TradesPage.tsx').default;
let TradePlansPage: typeof import('../../../src/client/plans/TradePlansPage.tsx').default;
let sync: typeof import('../../../src/client/sync/sync.ts');

beforeAll(async () => {
  TradesPage = (await import('../../../src/client/trades/TradesPage.tsx')).default;
  TradePlansPage = (await import('../../../src/client/plans/TradePlansPage.tsx')).default;
  sync = await import('../../../src/client/sync/sync.ts');
});

const MARGIN = '11111111-1111-4111-8111-111111111111';
const PLAN = '22222222-2222-4222-8222-222222222222';

beforeEach(async () => {
  await seed('accounts', [accountFixture({ id: MARGIN, accountName: 'Margin' })]);
  // Ready before the trade opens: the trade is linked to it, with its $95 stop.
  await seed('tradePlans', [
    planFixture({
      id: PLAN,
      stock: 'AAPL',
      status: 'Ready',
      stopLossPrice: 95,
      createdAt: '2026-11-01T00:00:00.000Z',
    }),
  ]);
  await seed('executions', []);
  await seed('trades', []);
});

/** Fills in "+ Record Fill" and submits it; the time is the trader's local time. */
async function recordFill(fill: {
  symbol: string;
  side: 'Buy' | 'Sell';
  quantity: string;
  price: string;
  fees?: string;
  at: string;
}) {
  await userEvent.click(screen.getByRole('button', { name: '+ Record Fill' }));
  const form = screen.getByRole('dialog', { name: 'Record Fill' });
  // The accounts are read from the cache once the dialog is open.
  await waitFor(() =>
    expect((within(form).getByLabelText('Account') as HTMLSelectElement).value).toBe(MARGIN),
  );
  await userEvent.type(within(form).getByLabelText('Symbol'), fill.symbol);
  await userEvent.selectOptions(within(form).getByLabelText('Side'), fill.side);
  await userEvent.type(within(form).getByLabelText('Quantity'), fill.quantity);
  await userEvent.type(within(form).getByLabelText('Price'), fill.price);
  if (fill.fees) await userEvent.type(within(form).getByLabelText('Fees (optional)'), fill.fees);
  fireEvent.change(within(form).getByLabelText('Executed at'), { target: { value: fill.at } });
  await userEvent.click(within(form).getByRole('button', { name: 'Record Fill' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const localInstant = (text: string) => new Date(text).toISOString();

describe('recording a fill', () => {
  it('checks the fill with the server rules before anything is sent', async () => {
    render(<TradesPage />);
    await userEvent.click(await screen.findByRole('button', { name: '+ Record Fill' }));
    const form = screen.getByRole('dialog', { name: 'Record Fill' });
    const executedAt = within(form).getByLabelText('Executed at') as HTMLInputElement;
    expect(executedAt.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/); // now, by default
    await userEvent.type(within(form).getByLabelText('Price'), '0');
    fireEvent.change(executedAt, { target: { value: '2099-01-01T10:00' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Record Fill' }));
    expect(within(form).getByText('Quantity must be greater than 0')).toBeTruthy();
    expect(within(form).getByText('Price must be greater than 0')).toBeTruthy();
    expect(within(form).getByText('Execution time must not be in the future')).toBeTruthy();
    expect(api.received).toEqual([]);
  });

  it("online: sends the fill and shows the trade from the server's answer", async () => {
    const trade = tradeFixture({ accountId: MARGIN, planId: PLAN, planned: true, initialStop: 95 });
    api.routes['POST /api/v1/executions'] = { status: 201, body: executionFixture({ accountId: MARGIN }) };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync({ trades: [trade] }) };
    render(<TradesPage />);
    await screen.findByText('No trades yet');
    await recordFill({
      symbol: 'aapl',
      side: 'Buy',
      quantity: '100',
      price: '100',
      fees: '1',
      at: '2026-11-20T10:00',
    });
    expect(requestPaths(api.received)).toEqual(['POST /api/v1/executions', 'GET /api/v1/sync']);
    expect(api.received[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountId: MARGIN,
      symbol: 'AAPL',
      side: 'Buy',
      quantity: 100,
      price: 100,
      fees: 1,
      executedAt: localInstant('2026-11-20T10:00'),
      // When it was made on this device: the server keeps it when plausible (issue 26).
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    } satisfies ExecutionInput);
    const row = (await screen.findByRole('button', { name: 'AAPL' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('AAPL');
    expect(row.textContent).not.toContain('not yet saved');
  });

  it('offline: queues the fills, rebuilds the round trip at once with its P&L and R, and sends them when back online', async () => {
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    const { unmount } = render(<TradesPage />);
    await screen.findByText('No trades yet');
    await recordFill({ symbol: 'AAPL', side: 'Buy', quantity: '100', price: '100', at: '2026-11-20T10:00' });
    let row = (await screen.findByRole('button', { name: 'AAPL' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('(not yet saved)');
    expect(within(row).getByText('Open')).toBeTruthy();

    await recordFill({
      symbol: 'AAPL',
      side: 'Sell',
      quantity: '100',
      price: '112.50',
      at: '2026-11-21T10:00',
    });
    // 100 × ($112.50 − $100) = $1,250 over a risk of 100 × ($100 − $95) = $500: +2.50R.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'AAPL' }).closest('tr')?.textContent).toContain('+2.50R'),
    );
    row = screen.getByRole('button', { name: 'AAPL' }).closest('tr') as HTMLElement;
    for (const part of ['$1,250.00', '$112.50', 'AAPL', 'Ready', '(not yet saved)'])
      expect(row.textContent).toContain(part);
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['POST', '/executions', 'Record fill AAPL'],
      ['POST', '/executions', 'Record fill AAPL'],
    ]);
    // The fills show in the trade's details, not yet saved.
    await userEvent.click(screen.getByRole('button', { name: 'AAPL' }));
    // The fills are read once the dialog is open: they render a moment after it.
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getAllByText('(not yet saved)')).toHaveLength(2),
    );
    unmount();

    // The plan shows its trade's outcome at once too: its trade closed, so it is done.
    const plans = render(<TradePlansPage />);
    const planRow = (await screen.findByRole('button', { name: 'AAPL' })).closest('tr') as HTMLElement;
    expect(await within(planRow).findByText('Done · +2.50R')).toBeTruthy();
    plans.unmount();

    // Back online: the queued fills go in order, with their ids, then the trades are re-read.
    const ids = queued.map((q) => (q.body as { id: string }).id);
    api.unreachable = false;
    connectivity.reportApiReachable(true);
    api.fallback = { status: 201, body: {} };
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: deltaSync({
        trades: [tradeFixture({ accountId: MARGIN, closedAt: '2026-11-21T15:00:00.000Z', rMultiple: 2.5 })],
      }),
    };
    await sync.syncNow();
    const sent = api.received.filter((r) => r.key === 'POST /api/v1/executions');
    expect(sent.map((r) => (r.body as { id: string }).id)).toEqual(ids);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(requestPaths(api.received.slice(2))).toEqual(['GET /api/v1/sync']);
    const [saved] = await dbModule.db.trades.toArray();
    expect(saved).not.toHaveProperty('pendingSync');
  });
});
