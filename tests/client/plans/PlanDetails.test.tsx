import { render, screen } from '@testing-library/react';
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
    // A plan cached before alertsOn was kept: its alerts are on.
    [undefined, 'On'],
  ])('says whether the plan alerts (alertsOn %s: %s)', async (alertsOn, shown) => {
    const plan = { ...planFixture(), alertsOn } as ReturnType<typeof planFixture>;
    render(<PlanDetails plan={plan} onEdit={() => {}} onClose={() => {}} />);
    const term = await screen.findByText('Alerts', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe(shown);
  });
});
