import { render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, seed, tradeFixture } from '../fixtures.ts';

// An option trade on the Trades page (docs/product.md, "Options"): named by its contract, and
// saying how it ended when no trade at a price ended it.

withFakeApi();
let TradesPage: typeof import('../../../src/client/trades/TradesPage.tsx').default;

beforeAll(async () => {
  TradesPage = (await import('../../../src/client/trades/TradesPage.tsx')).default;
});

const MARGIN = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  await seed('accounts', [accountFixture({ id: MARGIN, accountName: 'Margin' })]);
  await seed('tradePlans', []);
  await seed('executions', []);
});

describe('an option trade on the Trades page', () => {
  it('shows its contract, beside a stock trade, and that it expired', async () => {
    await seed('trades', [
      tradeFixture({ id: 't-stock', symbol: 'AAPL', accountId: MARGIN }),
      tradeFixture({
        id: 't-call',
        symbol: 'AAPL',
        accountId: MARGIN,
        option: { expiration: '2026-12-18', strike: 200, putCall: 'Call', multiplier: 100 },
        closedAt: '2026-12-18T21:00:00.000Z',
        closedBy: 'Expired',
        openQuantity: 0,
        averageExitPrice: 0,
        grossPnl: -250,
        netPnl: -251.3,
      }),
    ]);
    render(<TradesPage />);
    const call = (await screen.findByRole('button', { name: 'AAPL 18 Dec 26 200 C' })).closest('tr')!;
    expect(within(call as HTMLElement).getByText('Expired')).toBeTruthy();
    expect(within(call as HTMLElement).getByText('-$251.30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AAPL' })).toBeTruthy();
  });
});
