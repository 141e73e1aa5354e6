import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TradeDetails } from '../../../src/client/trades/TradeDetails.tsx';
import type { Trade } from '../../../src/domain/types.ts';
import { accountFixture, planFixture, resetCache, seed, setupFixture, tradeFixture } from '../fixtures.ts';

// The Margin account sizes a plan at 100 entry, 95 stop: risk $1,000 ÷ 5 = 200, capital $10,000 ÷
// 100 = 100, funds $40,000 ÷ 100 = 400, so 100 shares.
const accounts = [accountFixture()];
const setups = [setupFixture({ id: 's-flag', name: 'Flag' })];
const plans = [
  planFixture({ id: 'p-aapl', stock: 'AAPL', tradeSetupId: 's-flag', targetPrice: 110, status: 'Ready' }),
  planFixture({ id: 'p-msft', stock: 'MSFT', status: 'Ready' }),
];
const closed = (symbol: string, day: number, o: Partial<Trade>) =>
  tradeFixture({
    symbol,
    openedAt: `2026-10-0${day}T14:00:00.000Z`,
    closedAt: `2026-10-0${day}T19:00:00.000Z`,
    openQuantity: 0,
    initialStop: 95,
    initialRisk: 500,
    rMultiple: 1,
    ...o,
  });
const trades = [
  // Paid 100.50: +0.1R; 120 of 100 shares; sold at the target.
  closed('AAPL', 1, {
    planId: 'p-aapl',
    averageEntryPrice: 100.5,
    entryQuantity: 120,
    averageExitPrice: 110,
  }),
  // At the entry; stop moved to 94; sold at 104, short of the target.
  closed('AAPL', 2, { planId: 'p-aapl', initialStop: 94, averageExitPrice: 104 }),
  // No setup: paid 99.50, −0.1R; 50 shares; stopped at 95.
  closed('MSFT', 3, { planId: 'p-msft', averageEntryPrice: 99.5, entryQuantity: 50, averageExitPrice: 95 }),
  // Unplanned: not compared.
  closed('NVDA', 4, { averageExitPrice: 90 }),
];

beforeEach(async () => {
  await resetCache();
  await seed('accounts', accounts);
  await seed('tradeSetups', setups);
  await seed('tradePlans', plans);
});

describe('a trade’s details: planned against actual', () => {
  const details = async (trade: Trade) => {
    render(<TradeDetails trade={trade} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    return async (term: string) => {
      const dt = await within(dialog).findByText(term, { selector: 'dt' });
      return dt.nextElementSibling?.textContent;
    };
  };

  it('shows the entry, size, stop and exit against the plan', async () => {
    const line = await details(trades[0]!);
    expect(await line('Entry against plan')).toBe("$0.50 a share (+0.10R) worse than the plan's $100.00");
    expect(await line('Size against plan')).toBe('120 shares of 100 planned today (120%)');
    expect(await line('Stop against plan')).toBe('As planned, $95.00');
    expect(await line('Exit against plan')).toBe('Reached the target (target $110.00, stop $95.00)');
  });

  it('a better entry, a stop hit', async () => {
    const line = await details(trades[2]!);
    expect(await line('Entry against plan')).toBe(
      "$0.50 a share (\u22120.10R) better than the plan's $100.00",
    );
    expect(await line('Size against plan')).toBe('50 shares of 100 planned today (50%)');
    expect(await line('Exit against plan')).toBe("Stopped at the plan's stop (target none, stop $95.00)");
  });

  it('a moved stop, an exit short of the target', async () => {
    const moved = await details(trades[1]!);
    expect(await moved('Stop against plan')).toBe("Moved: $94.00, the plan's $95.00");
    expect(await moved('Exit against plan')).toBe(
      'Cut short before the target (target $110.00, stop $95.00)',
    );
  });

  it('shows none of it for an unplanned trade', async () => {
    render(<TradeDetails trade={trades[3]!} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Entry → Exit', { selector: 'dt' });
    expect(within(dialog).queryByText('Entry against plan')).toBeNull();
  });
});
