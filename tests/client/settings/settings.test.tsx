import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../src/domain/messages.ts';
import type { Quote } from '../../../src/domain/quotes.ts';
import { defaultSettings } from '../../../src/domain/traderSettings.ts';
import type { TraderSettings } from '../../../src/domain/types.ts';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { deltaSync, ownCacheBy, planFixture, requestPaths, resetCache, seed } from '../fixtures.ts';

// The trader's settings are a synced record (docs/product.md, "Settings"): the form saves them
// like every record, offline too, and the plans' prices read them from the cache.

let api: FakeApi;
let SettingsForm: typeof import('../../../src/client/settings/SettingsForm.tsx').default;
let PlanDetails: typeof import('../../../src/client/plans/PlanDetails.tsx').PlanDetails;
let dbModule: typeof import('../../../src/client/db/db.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');
let sync: typeof import('../../../src/client/sync/sync.ts');

beforeAll(async () => {
  api = await startFakeApi();
  SettingsForm = (await import('../../../src/client/settings/SettingsForm.tsx')).default;
  PlanDetails = (await import('../../../src/client/plans/PlanDetails.tsx')).PlanDetails;
  dbModule = await import('../../../src/client/db/db.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
  sync = await import('../../../src/client/sync/sync.ts');
});
afterAll(() => api.close());

const AT = '2026-11-20T15:00:00.000Z';
// Built from the defaults, so a new setting needs no line here.
const settings = (nearEntryR: number, updatedAt = AT): TraderSettings => ({
  ...defaultSettings('alex', AT),
  nearEntryR,
  updatedAt,
});

beforeEach(async () => {
  api.reset();
  await resetCache();
  await ownCacheBy('alex');
  connectivity.reportApiReachable(true);
});

const box = () => screen.findByLabelText('Near entry within (R)') as Promise<HTMLInputElement>;
const save = async (value: string) => {
  const input = await box();
  await userEvent.clear(input);
  await userEvent.type(input, value);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
};

describe('the settings form', () => {
  it('shows the defaults, refuses a threshold out of range with the rule message, and saves one in it', async () => {
    const saved = settings(0.5, '2026-11-20T15:05:00.000Z');
    api.routes['PUT /api/v1/settings/alex'] = { status: 200, body: saved };
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: deltaSync({ traderSettings: { upserted: [saved], deleted: [] } }),
    };
    render(<SettingsForm />);
    await waitFor(async () => expect((await box()).value).toBe('0.25'));
    await save('3');
    expect(await screen.findByText(messages.nearEntryROutOfRange)).toBeTruthy();
    expect(api.received).toEqual([]);

    await save('0.5');
    await waitFor(() =>
      expect(requestPaths(api.received)).toEqual(['PUT /api/v1/settings/alex', 'GET /api/v1/sync']),
    );
    // The form sends every setting it shows; the others are as they were.
    expect(api.received[0]?.body).toMatchObject({ nearEntryR: 0.5 });
    expect(await dbModule.db.traderSettings.toArray()).toEqual([saved]);
    await waitFor(async () => expect((await box()).value).toBe('0.5'));
  });

  it('offline: shows the new threshold at once, queues it, and sends it once back online', async () => {
    await seed('traderSettings', [settings(0.5)]);
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    render(<SettingsForm />);
    await waitFor(async () => expect((await box()).value).toBe('0.5'));
    await save('0.1');
    await waitFor(async () =>
      expect(await dbModule.db.traderSettings.get('alex')).toMatchObject({
        nearEntryR: 0.1,
        pendingSync: true,
      }),
    );
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['PUT', '/settings/alex', 'Update trader settings'],
    ]);
    expect(queued[0]?.body).toMatchObject({ nearEntryR: 0.1 });
    expect((await box()).value).toBe('0.1');

    const answer = settings(0.1, '2026-11-20T15:10:00.000Z');
    api.unreachable = false;
    connectivity.reportApiReachable(true);
    api.routes['PUT /api/v1/settings/alex'] = { status: 200, body: answer };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    await sync.syncNow();
    expect(requestPaths(api.received)).toEqual(['PUT /api/v1/settings/alex', 'GET /api/v1/sync']);
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.traderSettings.toArray()).toEqual([answer]);
  });
});

describe("a plan's price", () => {
  const quote: Quote = {
    symbol: 'AAPL',
    last: 99,
    bid: null,
    ask: null,
    close: null,
    netChange: null,
    tradeTime: AT,
    fetchedAt: AT,
  };
  // 1R is $5: the price is 0.2R short of the entry.
  const plan = planFixture({ stock: 'AAPL', status: 'Hold', entryPrice: 100, stopLossPrice: 95 });

  it.each([
    [undefined, 'Near entry'],
    [0.1, 'Waiting'],
    [0.25, 'Near entry'],
  ])("is judged by the trader's threshold (%s: %s)", async (nearEntryR, state) => {
    await dbModule.db.quotes.put(quote);
    if (nearEntryR !== undefined) await seed('traderSettings', [settings(nearEntryR)]);
    render(<PlanDetails plan={plan} onEdit={() => {}} onClose={() => {}} />);
    const price = await screen.findByText('$99.00');
    await waitFor(() => expect(within(price.parentElement as HTMLElement).getByText(state)).toBeTruthy());
  });
});
