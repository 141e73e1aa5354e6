import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OpenRisk } from '../../../src/client/dashboard/OpenRisk.tsx';
import type { Account } from '../../../src/domain/types.ts';
import { accountFixture, planFixture, resetCache, seed, tradeFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

// A cache filled before the heat limit existed: the default of 6 % stands in.
const { heatLimit: _none, ...withoutLimit } = accountFixture({ id: 'c', accountName: 'Cash' });

const card = (name: string) => screen.getByRole('heading', { name }).closest('article') as HTMLElement;

describe('the Open Risk block', () => {
  beforeEach(async () => {
    await seed('accounts', [
      accountFixture({ id: 'a', accountName: 'Margin' }),
      accountFixture({ id: 'b', accountName: 'Swing' }),
      withoutLimit as Account,
    ]);
    // An active plan with no trade: 100 shares in each account ($100,000: 10 % capital at $100,
    // under 1 % risk at $5 a share), $500 planned in each.
    await seed('tradePlans', [planFixture({ id: 'p', stock: 'AMD', status: 'Ready' })]);
    await seed('trades', [
      // $5 a share to the stop: 1,000 shares are $5,000 at risk, 1,400 are $7,000.
      tradeFixture({
        symbol: 'AAPL',
        accountId: 'a',
        entryQuantity: 1000,
        openQuantity: 1000,
        initialStop: 95,
      }),
      tradeFixture({
        symbol: 'MSFT',
        accountId: 'b',
        entryQuantity: 1400,
        openQuantity: 1400,
        initialStop: 95,
      }),
      tradeFixture({ symbol: 'NVDA', accountId: 'b', initialStop: null }),
    ]);
    render(<OpenRisk />);
    await screen.findByRole('heading', { name: 'Margin' });
  });

  it('is amber from 80 % of the limit, and says so in words', () => {
    const margin = card('Margin');
    expect(margin.className).toContain('heat-warning');
    expect(margin.textContent).toContain('Open $5,000.00 (5.00%)');
    expect(margin.textContent).toContain('Planned $500.00 (0.50%)');
    expect(within(margin).getByText(/^Heat 5\.50% of 6\.00% limit/).textContent).toBe(
      'Heat 5.50% of 6.00% limit · Near the limit',
    );
    const meter = within(margin).getByRole('meter', { name: 'Heat of Margin' }) as HTMLMeterElement;
    expect([meter.value, meter.max]).toEqual([5.5, 6]);
    expect(meter.getAttribute('aria-valuetext')).toBe('Heat 5.50% of 6.00% limit: near the limit');
    expect(within(margin).queryByText(/without a stop/)).toBeNull();
  });

  it('is red over the limit, and counts the open trades whose risk it cannot know', () => {
    const swing = card('Swing');
    expect(swing.className).toContain('heat-over');
    expect(swing.textContent).toContain('Heat 7.50% of 6.00% limit · Over the limit');
    expect(within(swing).getByText('1 open trade without a stop')).toBeTruthy();
    // Over the limit the meter is full, and says by how much in words.
    const meter = within(swing).getByRole('meter') as HTMLMeterElement;
    expect([meter.value, meter.max]).toEqual([6, 6]);
  });

  it('is within the limit below 80 % of it, against the default limit when the cache has none', () => {
    const cash = card('Cash');
    expect(cash.className).toContain('heat-ok');
    expect(cash.textContent).toContain('Open $0.00 (0.00%)');
    expect(cash.textContent).toContain('Heat 0.50% of 6.00% limit · Within the limit');
  });
});
