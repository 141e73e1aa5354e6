import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlanDetails } from '../../../src/client/plans/PlanDetails.tsx';
import { accountFixture, edgeFixture, planFixture, resetCache, seed, setupFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

describe("a plan's details", () => {
  it('never says "No setup", "No edges" or "No position sizes" while it is still reading them', async () => {
    await seed('tradeSetups', [setupFixture({ id: 's1', name: 'Bull flag' })]);
    await seed('edges', [edgeFixture({ id: 'e1', name: 'Trend', weightFactor: 0.8 })]);
    await seed('accounts', [accountFixture({ id: 'a', accountName: 'Margin' })]);
    const plan = planFixture({ stock: 'TSLA', tradeSetupId: 's1', edgeIds: ['e1'] });
    render(<PlanDetails plan={plan} onEdit={() => {}} onClose={() => {}} />);
    // The cache answers after the first render: what is not read yet is not "none".
    for (const none of ['No setup', 'No edges', 'No position sizes calculated']) {
      expect(screen.queryByText(none)).toBeNull();
    }
    expect(await screen.findByText('Bull flag')).toBeTruthy();
    expect(await screen.findByText('Trend (0.8)')).toBeTruthy();
    expect(screen.getByRole('row', { name: /Margin/ })).toBeTruthy();
  });

  it('says so when the plan has no setup and no edges', async () => {
    await seed('accounts', []);
    render(
      <PlanDetails
        plan={planFixture({ tradeSetupId: null, edgeIds: [] })}
        onEdit={() => {}}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('No setup')).toBeTruthy();
    expect(await screen.findByText('No edges')).toBeTruthy();
    expect(await screen.findByText('No position sizes calculated')).toBeTruthy();
  });

  it.each([
    [true, 'On'],
    [false, 'Off'],
  ])('says whether the plan alerts (alertsOn %s: %s)', async (alertsOn, shown) => {
    const plan = { ...planFixture(), alertsOn } as ReturnType<typeof planFixture>;
    render(<PlanDetails plan={plan} onEdit={() => {}} onClose={() => {}} />);
    const term = await screen.findByText('Alerts', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe(shown);
  });

  it("says a short plan's direction, its risk a share above the entry and its size per account", async () => {
    await seed('accounts', [
      accountFixture({
        id: 'a',
        accountName: 'Margin',
        currentBalance: 50_000,
        availableFundsForTrading: 20_000,
      }),
    ]);
    const plan = planFixture({
      stock: 'QCOM',
      direction: 'Short',
      entryPrice: 150,
      stopLossPrice: 155,
      targetPrice: 135,
    });
    render(<PlanDetails plan={plan} onEdit={() => {}} onClose={() => {}} />);
    const term = await screen.findByText('Direction', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Short: sell short at the entry, buy to cover');
    expect(screen.getByText(/\$150\.00 → \$155\.00 · \$5\.00 a share/)).toBeTruthy();
    expect(screen.getByText(/\$135\.00 · 3\.0R/)).toBeTruthy();
    const row = await screen.findByRole('row', { name: /Margin/ });
    // The long mirror's size: 1 % of 50,000 at 5 a share allows 100, capital 10 % (5,000) 33.
    expect(row.textContent).toContain('33');
    // What capped it, beside it (issue 40).
    expect(within(row).getByText('capped by capital risk 10.00%')).toBeTruthy();
  });
});
