import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import type { BracketOrder, OrderDto, OrderPreview, OrderStatus } from '../../../src/domain/orders.ts';
import type { TradePlan } from '../../../src/domain/types.ts';
import { bracketOrderFixture } from '../../fixtures/records.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, planFixture, quoteFixture, seed, tradeFixture } from '../fixtures.ts';

const api = withFakeApi();
let PlanDetails: typeof import('../../../src/client/plans/PlanDetails.tsx').PlanDetails;
let orderCalls: typeof import('../../../src/client/serverData/orders.ts');

beforeAll(async () => {
  PlanDetails = (await import('../../../src/client/plans/PlanDetails.tsx')).PlanDetails;
  orderCalls = await import('../../../src/client/serverData/orders.ts');
});

const MARGIN = '11111111-1111-4111-8111-111111111111';
const IRA = '33333333-3333-4333-8333-333333333333';
const PLAN = '22222222-2222-4222-8222-222222222222';
const at = '2026-11-25T02:00:00.000Z';

// $100,000 at 10% capital risk and $100 an entry: 100 shares in each account.
const plan = (o: Partial<TradePlan> = {}) =>
  planFixture({ id: PLAN, stock: 'AAPL', status: 'Ready', entryPrice: 100, stopLossPrice: 95, ...o });

const bracket = (quantity: number): BracketOrder =>
  bracketOrderFixture({ symbol: 'AAPL', quantity, entryPrice: 100, stopPrice: 95, targetPrice: null });

const previewOf = (quantity: number): OrderPreview => ({
  order: bracket(quantity),
  words: `Buy ${quantity} AAPL at 100.00 limit, Day; then sell ${quantity} at 95.00 stop, GTC`,
  cost: quantity * 100,
  dollarsAtRisk: quantity * 5,
  riskPercentOfAccount: (quantity * 5) / 1000,
  broker: { warnings: ['The market is closed: the order works at the open'], rejections: [] },
});

const orderOf = (o: Partial<OrderDto> = {}): OrderDto => ({
  id: '44444444-4444-4444-8444-444444444444',
  planId: PLAN,
  accountId: MARGIN,
  status: 'Working',
  order: bracket(100),
  filledQuantity: 0,
  brokerOrderId: '1001',
  reason: null,
  createdAt: at,
  updatedAt: at,
  ...o,
});

const goOffline = () => window.dispatchEvent(new Event('offline'));
const goOnline = () => window.dispatchEvent(new Event('online'));

beforeEach(async () => {
  goOnline();
  await seed('accounts', [
    accountFixture({ id: MARGIN, accountName: 'Margin', ordersAllowed: true }),
    accountFixture({ id: IRA, accountName: 'IRA', accountHash: 'h2' }),
  ]);
  api.routes['GET /api/v1/orders'] = { status: 200, body: [] };
  api.routes['POST /api/v1/orders/preview'] = { status: 200, body: previewOf(100) };
});
// Unmounted first: back online, a plan still shown would read its orders into the next test.
afterEach(() => {
  cleanup();
  goOnline();
});

const showPlan = (p: TradePlan = plan()) =>
  render(<PlanDetails plan={p} onEdit={() => {}} onClose={() => {}} />);
const placeButton = (account: string) =>
  screen.findByRole('button', { name: new RegExp(`^Place order in ${account}`) });
const orderPosts = () =>
  api.received.map((r, i) => [r, i] as const).filter(([r]) => r.key === 'POST /api/v1/orders');
const keyOf = (i: number) => api.receivedHeaders[i]?.['idempotency-key'];

async function openPreview(quantity?: string) {
  await userEvent.click(await placeButton('Margin'));
  const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
  if (quantity !== undefined) {
    const box = within(dialog).getByLabelText('Quantity (shares)');
    await userEvent.clear(box);
    await userEvent.type(box, quantity);
  }
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await within(dialog).findByRole('button', { name: 'Confirm order' });
  return dialog;
}

describe('Place order on a Ready plan', () => {
  it("offers it per account at the plan's size, and says why it is unavailable", async () => {
    showPlan();
    const margin = await placeButton('Margin');
    expect(margin.textContent).toContain('100 shares');
    expect((margin as HTMLButtonElement).disabled).toBe(false);
    // IRA has not allowed orders: the button says why, with the way to where it is turned on.
    const ira = (await placeButton('IRA')) as HTMLButtonElement;
    expect(ira.disabled).toBe(true);
    expect(ira.getAttribute('aria-describedby')).toBeTruthy();
    const why = document.getElementById(ira.getAttribute('aria-describedby') as string) as HTMLElement;
    expect(why.textContent).toContain('Orders are off for this account.');
    expect(within(why).getByRole('link').getAttribute('href')).toBe('/dashboard');
  });

  it("is unavailable, saying why, when the account's risk guard is reached today (issue 40)", async () => {
    await seed('accounts', [
      accountFixture({ id: MARGIN, accountName: 'Margin', ordersAllowed: true, maxNewTradesPerDay: 1 }),
    ]);
    // Today's one new trade, bought just now on another stock.
    await seed('trades', [
      tradeFixture({ accountId: MARGIN, symbol: 'MSFT', openedAt: new Date().toISOString() }),
    ]);
    showPlan();
    const margin = (await placeButton('Margin')) as HTMLButtonElement;
    await waitFor(() => expect(margin.disabled).toBe(true));
    expect(document.getElementById(margin.getAttribute('aria-describedby') as string)?.textContent).toBe(
      '1 of 1 new trades today: no new orders for this account until the next trading day.',
    );
  });

  it('is unavailable offline, saying orders are sent only online', async () => {
    goOffline();
    showPlan();
    const margin = (await placeButton('Margin')) as HTMLButtonElement;
    expect(margin.disabled).toBe(true);
    expect(document.getElementById(margin.getAttribute('aria-describedby') as string)?.textContent).toContain(
      'Orders are sent only online',
    );
  });

  it('is not offered on a plan that is not Ready, nor on a done one', async () => {
    showPlan(plan({ status: 'Hold' }));
    expect(await screen.findByText('No setup')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
    showPlan(plan({ doneAt: at }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Orders' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Place order/ })).toBeNull();
  });

  it('shows an open order of the account instead of the button', async () => {
    api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf()] };
    showPlan();
    expect(await screen.findByText('Working')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order in Margin/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
  });
});

describe('the order form', () => {
  it("starts at the plan's size and never goes above it: lowering is sent, raising is refused here", async () => {
    showPlan();
    await userEvent.click(await placeButton('Margin'));
    const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
    const box = within(dialog).getByLabelText('Quantity (shares)') as HTMLInputElement;
    expect(box.value).toBe('100');
    expect(box.max).toBe('100');
    await userEvent.clear(box);
    await userEvent.type(box, '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText("At most 100 shares: the plan's size for this account"),
    ).toBeTruthy();
    expect(api.received.filter((r) => r.key === 'POST /api/v1/orders/preview')).toEqual([]);
    await userEvent.clear(box);
    await userEvent.type(box, '40');
    api.routes['POST /api/v1/orders/preview'] = { status: 200, body: previewOf(40) };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/^Buy 40 AAPL at 100.00 limit/)).toBeTruthy();
    expect(api.received.find((r) => r.key === 'POST /api/v1/orders/preview')?.body).toEqual({
      planId: PLAN,
      accountId: MARGIN,
      quantity: 40,
      entryType: 'Limit',
      entryLimitPrice: null,
      duration: 'Day',
    });
    // The preview: the cost, the dollars at risk and their share, the broker's warnings.
    expect(within(dialog).getByText('$4,000.00')).toBeTruthy();
    expect(within(dialog).getByText(/\$200\.00 \(0\.20% of the account\)/)).toBeTruthy();
    expect(within(dialog).getByText('The market is closed: the order works at the open')).toBeTruthy();
  });

  it('asks a stop-limit for its limit price, and sends it', async () => {
    showPlan();
    await userEvent.click(await placeButton('Margin'));
    const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Entry'), 'StopLimit');
    const limit = within(dialog).getByLabelText('Limit price ($)');
    await userEvent.clear(limit);
    await userEvent.type(limit, '100.5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Duration'), 'GoodTillCancel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('button', { name: 'Confirm order' });
    expect(api.received.find((r) => r.key === 'POST /api/v1/orders/preview')?.body).toMatchObject({
      entryType: 'StopLimit',
      entryLimitPrice: 100.5,
      duration: 'GoodTillCancel',
    });
  });
});

describe('Place order on a short plan', () => {
  it('speaks of selling short a breakdown, and is sized as the long mirror', async () => {
    showPlan(plan({ direction: 'Short', entryPrice: 100, stopLossPrice: 105 }));
    expect((await placeButton('Margin')).textContent).toContain('100 shares');
    await userEvent.click(await placeButton('Margin'));
    const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
    expect(
      within(dialog).getByText(
        'A limit sells short at the entry or higher; a stop (or stop-limit) sells short a breakdown below the market.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Stop at 100.00 (breakdown)' })).toBeTruthy();
  });
});

describe('Confirm', () => {
  it('sends one key per preview, and the same key again when the answer was lost', {
    timeout: 15_000,
  }, async () => {
    showPlan();
    const dialog = await openPreview();
    // The first placement is refused (4xx): its key is k1.
    api.routes['POST /api/v1/orders'] = { status: 409, body: { message: 'An order for this plan is open' } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await within(dialog).findByText('An order for this plan is open')).toBeTruthy();
    const k1 = keyOf(orderPosts()[0]?.[1] as number);
    expect(k1).toMatch(/^[0-9a-f-]{36}$/);
    // A new preview gets a new key; its answer is lost once, and the retry carries the same key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('button', { name: 'Confirm order' });
    api.routes['POST /api/v1/orders'] = { status: 201, body: orderOf() };
    api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf()] };
    api.dropNextAnswer = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order AAPL · Margin' })).toBeNull());
    const posts = orderPosts();
    expect(posts).toHaveLength(3);
    const [k2, k3] = [keyOf(posts[1]?.[1] as number), keyOf(posts[2]?.[1] as number)];
    expect(k2).toMatch(/^[0-9a-f-]{36}$/);
    expect(k2).not.toBe(k1);
    expect(k3).toBe(k2);
    // The order shows in the plan, Working, and the keyboard's focus is on it.
    const status = await screen.findByText('Working');
    await waitFor(() => expect(document.activeElement).toBe(status.closest('.order-status')));
    expect(await dbModule.db.orders.count()).toBe(1);
  });

  it("refused for an open order (another tab's), shows that order in the plan", async () => {
    showPlan();
    const dialog = await openPreview();
    const message = 'This plan already has an open order for this account';
    api.routes['POST /api/v1/orders'] = { status: 409, body: { message } };
    api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf()] };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Working', { selector: '.badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place order in Margin/ })).toBeNull();
  });

  it('sends once on a double tap', async () => {
    showPlan();
    const dialog = await openPreview();
    api.routes['POST /api/v1/orders'] = { status: 201, body: orderOf(), delayMs: 300 };
    const confirm = within(dialog).getByRole('button', { name: 'Confirm order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order AAPL · Margin' })).toBeNull());
    expect(orderPosts()).toHaveLength(1);
    // The confirm carries the order its preview showed: the server places that one or none.
    expect(orderPosts()[0]?.[0].body).toMatchObject({ quantity: 100, previewed: previewOf(100).order });
  });

  it('says the state is unknown when the answer cannot be had, then shows the order once it is read', async () => {
    showPlan();
    const dialog = await openPreview();
    api.routes['POST /api/v1/orders'] = { status: 500, body: { message: 'Server error' } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await within(dialog).findByText(/it is not known yet whether the order was placed/)).toBeTruthy();
    api.routes['GET /api/v1/orders'] = {
      status: 200,
      body: [orderOf({ status: 'Sending', brokerOrderId: null })],
    };
    expect(await within(dialog).findByText('Sending…', {}, { timeout: 6000 })).toBeTruthy();
    expect(orderPosts()).toHaveLength(1);
  });

  it('offline: no request and no outbox entry', async () => {
    showPlan();
    const dialog = await openPreview();
    const before = api.received.length;
    goOffline();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm order' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(true));
    expect(within(dialog).getByText('Orders are sent only online')).toBeTruthy();
    fireEvent.click(confirm);
    // Nor does the call itself send or queue anything offline.
    await expect(
      orderCalls.placeOrder(
        {
          planId: PLAN,
          accountId: MARGIN,
          quantity: 100,
          entryType: 'Limit',
          entryLimitPrice: null,
          duration: 'Day',
          previewed: bracket(100),
        },
        crypto.randomUUID(),
      ),
    ).rejects.toThrow('Orders are sent only online');
    await new Promise((r) => setTimeout(r, 200));
    expect(api.received.length).toBe(before);
    expect(orderPosts()).toEqual([]);
    expect(await dbModule.db.outbox.count()).toBe(0);
  });
});

describe("the plan's orders", () => {
  it.each<[OrderStatus, Partial<OrderDto>, string]>([
    ['Sending', { brokerOrderId: null }, 'Sending…'],
    ['Working', {}, 'Working'],
    ['PartiallyFilled', { filledQuantity: 40 }, 'Partially filled'],
    ['Filled', { filledQuantity: 100 }, 'Filled'],
    ['Cancelled', {}, 'Cancelled'],
    ['Cancelled', { filledQuantity: 40 }, 'Cancelled'],
    ['Rejected', { reason: 'Insufficient buying power', brokerOrderId: null }, 'Rejected'],
  ])('shows %s %o as "%s"', async (status, more, shown) => {
    api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf({ status, ...more })] };
    showPlan();
    const badge = await screen.findByText(shown, { selector: '.badge' });
    const card = badge.closest('.order-card') as HTMLElement;
    expect(
      within(card).getByText(/^Buy 100 AAPL at 100.00 limit, Day; then sell 100 at 95.00 stop, GTC$/),
    ).toBeTruthy();
    const cancellable = status === 'Working' || status === 'PartiallyFilled';
    expect(within(card).queryByRole('button', { name: 'Cancel order' }) !== null).toBe(cancellable);
    if (status === 'PartiallyFilled') expect(within(card).getByText('Filled 40 of 100 shares')).toBeTruthy();
    if (status === 'Rejected') expect(within(card).getByText(/Insufficient buying power/)).toBeTruthy();
    // Another order of the plan in the account only once this one neither works nor bought shares.
    const another = (status === 'Cancelled' || status === 'Rejected') && !more.filledQuantity;
    expect(screen.queryByRole('button', { name: /^Place order in Margin/ }) !== null).toBe(another);
  });

  it('reads them again every ORDER_POLL_MS while one is open, and syncs the trade a fill made', async () => {
    // The poller's clock is the test's: a poll is a step of it, and "no more reads" is ten steps
    // with none, not seconds of waiting.
    const { ORDER_POLL_MS } = await import('../../../src/client/serverData/useFollowOrders.ts');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const reads = () => api.received.filter((r) => r.key.startsWith('GET /api/v1/orders?planId=')).length;
      api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf()] };
      showPlan();
      // vi.waitFor steps the test's clock while it waits (the cache's reads set timers too).
      await vi.waitFor(() => screen.getByText('Working'));
      const before = reads();
      api.routes['GET /api/v1/orders'] = {
        status: 200,
        body: [orderOf({ status: 'Filled', filledQuantity: 100 })],
      };
      // The next read is set once the answer is kept; a step of ORDER_POLL_MS makes it.
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(ORDER_POLL_MS);
        expect(reads()).toBeGreaterThan(before);
      });
      expect(await vi.waitFor(() => screen.getByText('Filled', { selector: '.badge' }))).toBeTruthy();
      // The fill made a trade on the server: a sync brings it to the device at once.
      await vi.waitFor(() =>
        expect(api.received.some((r) => r.key.startsWith('GET /api/v1/sync'))).toBe(true),
      );
      const after = reads();
      // Nothing open now: no more reads, however long the plan stays open.
      await vi.advanceTimersByTimeAsync(10 * ORDER_POLL_MS);
      expect(reads()).toBeLessThanOrEqual(after + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels a working order after asking, and keeps the focus on it', async () => {
    api.routes['GET /api/v1/orders'] = { status: 200, body: [orderOf()] };
    showPlan();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const ask = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(within(ask).getByText(/^Cancel this order at the broker\? Buy 100 AAPL/)).toBeTruthy();
    const cancelled = orderOf({ status: 'Cancelled', updatedAt: '2026-11-25T02:05:00.000Z' });
    api.routes[`DELETE /api/v1/orders/${cancelled.id}`] = { status: 200, body: cancelled };
    api.routes['GET /api/v1/orders'] = { status: 200, body: [cancelled] };
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel order' }));
    const badge = await screen.findByText('Cancelled', { selector: '.badge' });
    await waitFor(() => expect(document.activeElement).toBe(badge.closest('.order-status')));
    expect(api.received.filter((r) => r.key.startsWith('DELETE'))).toHaveLength(1);
  });

  it('shows the order log in words, one line per change, the raw bodies behind a disclosure', async () => {
    const order = orderOf();
    api.routes['GET /api/v1/orders'] = { status: 200, body: [order] };
    const path = '/trader/v1/accounts/HASH/orders';
    const read = (second: number, status: string, filledQuantity = 0) => ({
      method: 'GET',
      path: `${path}/1001`,
      requestBody: null,
      status: 200,
      responseBody: { status, filledQuantity },
      at: `2026-11-25T15:00:${String(second).padStart(2, '0')}.000Z`,
    });
    api.routes[`GET /api/v1/orders/${order.id}/log`] = {
      status: 200,
      body: [
        {
          method: 'POST',
          path,
          requestBody: { orderType: 'LIMIT', price: '100.00' },
          status: 201,
          responseBody: null,
          at,
        },
        read(5, 'WORKING'),
        read(10, 'WORKING'),
        read(15, 'WORKING'),
        read(20, 'FILLED', 100),
      ],
    };
    showPlan();
    await screen.findByText('Working');
    await userEvent.click(screen.getByText('Order log'));
    const log = (await screen.findByText('accepted (201)')).closest('ol') as HTMLElement;
    const lines = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent ?? '');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/Order sent → accepted \(201\)$/);
    expect(lines[1]).toMatch(/–.* Status read 3 times → Working$/);
    expect(lines[2]).toMatch(/Status read → Filled, 100 filled$/);
    // The raw request and answers stay one tap away.
    expect(within(log).getAllByText('What was sent and answered')).toHaveLength(3);
    expect(within(log).getByText(/"price": "100.00"/)).toBeTruthy();
  });

  it('offline: the last known orders with their time, read-only', async () => {
    await dbModule.db.orders.put({ ...orderOf(), readAt: at });
    goOffline();
    showPlan();
    expect(await screen.findByText(/^Last known at .*Offline: orders are shown as they were/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel order' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByText('Order log'));
    expect(screen.getByText('The order log shows when online')).toBeTruthy();
    expect(api.received).toEqual([]);
  });
});

describe('the entry against the market (issue 40)', () => {
  const quote = (last: number) => quoteFixture('AAPL', last, { fetchedAt: at });

  it('starts a breakout (the entry above the last price) as a stop (each case: tests/domain/orders.test.ts)', async () => {
    await dbModule.db.quotes.put(quote(97.2));
    showPlan();
    await userEvent.click(await placeButton('Margin'));
    const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Entry') as HTMLSelectElement).value).toBe('Stop'),
    );
  });

  it('says so in the preview when the trader picks a limit that fills at once', async () => {
    await dbModule.db.quotes.put(quote(97.2));
    showPlan();
    await userEvent.click(await placeButton('Margin'));
    const dialog = await screen.findByRole('dialog', { name: 'Order AAPL · Margin' });
    const entry = within(dialog).getByLabelText('Entry') as HTMLSelectElement;
    await waitFor(() => expect(entry.value).toBe('Stop'));
    await userEvent.selectOptions(entry, 'Limit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('button', { name: 'Confirm order' });
    expect(within(dialog).getByRole('note').textContent).toBe(
      'A buy limit above the market fills at once at about $97.20',
    );
  });
});
