import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, planFixture, seed, setupFixture } from '../fixtures.ts';

// Every write fails with a 500 and no message of its own.
const api = withFakeApi({ reachable: false });
let PlanForm: typeof import('../../../src/client/plans/PlanForm.tsx').PlanForm;

beforeAll(async () => {
  PlanForm = (await import('../../../src/client/plans/PlanForm.tsx')).PlanForm;
});
beforeEach(async () => {
  api.fallback = { status: 500, body: {} };
});

describe('the plan form when the server fails without a message', () => {
  it('says the create failed', async () => {
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Stock'), 'AAPL');
    await userEvent.type(screen.getByLabelText('Entry Price'), '100');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Create Trade Plan' }));
    expect(await screen.findByText('Failed to create trade plan')).toBeTruthy();
  });

  it('says the edit failed, in its own words', async () => {
    render(<PlanForm plan={planFixture()} onSaved={() => {}} onCancel={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Trade Plan' }));
    expect(await screen.findByText('Failed to update trade plan')).toBeTruthy();
    expect(screen.queryByText('Failed to create trade plan')).toBeNull();
  });
});

describe("the plan's alerts switch", () => {
  const label = 'Alert me when this plan reaches its entry, stop or target';
  const sent = (key: string) => api.received.filter((r) => r.key === key).map((r) => r.body);

  it('is on for a new plan, and sends what the trader leaves it at', async () => {
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    const box = screen.getByLabelText(label) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await userEvent.type(screen.getByLabelText('Stock'), 'AAPL');
    await userEvent.type(screen.getByLabelText('Entry Price'), '100');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '95');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Create Trade Plan' }));
    await screen.findByText('Failed to create trade plan');
    expect(sent('POST /api/v1/tradeplans')).toEqual([expect.objectContaining({ alertsOn: false })]);
  });

  it("shows a plan's own switch when editing, and sends it turned on again", async () => {
    const plan = planFixture({ alertsOn: false });
    render(<PlanForm plan={plan} onSaved={() => {}} onCancel={() => {}} />);
    const box = screen.getByLabelText(label) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save Trade Plan' }));
    await screen.findByText('Failed to update trade plan');
    expect(sent(`PUT /api/v1/tradeplans/${plan.id}`)).toEqual([expect.objectContaining({ alertsOn: true })]);
  });
});

describe("the plan's direction (issue 30)", () => {
  const sent = (key: string) => api.received.filter((r) => r.key === key).map((r) => r.body);
  const long = () => screen.getByRole('radio', { name: 'Long (buy)' }) as HTMLInputElement;
  const short = () => screen.getByRole('radio', { name: 'Short (sell short)' }) as HTMLInputElement;

  it('is Long for a new plan, and a short plan previews its risk above the entry and sends Short', async () => {
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('group', { name: 'Direction' })).toBeTruthy();
    expect([long().checked, short().checked]).toEqual([true, false]);
    await userEvent.click(short());
    await userEvent.type(screen.getByLabelText('Stock'), 'QCOM');
    await userEvent.type(screen.getByLabelText('Entry Price'), '150');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '155');
    expect(screen.getByText(/Risk: \$5\.00 \(3\.33%\)/)).toBeTruthy();
    expect(screen.getByText(/stop 3\.33% above entry/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Trade Plan' }));
    await screen.findByText('Failed to create trade plan');
    expect(sent('POST /api/v1/tradeplans')).toEqual([
      expect.objectContaining({ stock: 'QCOM', direction: 'Short', entryPrice: 150, stopLossPrice: 155 }),
    ]);
  });

  it('refuses a short plan with its stop below the entry, in the short words, sending nothing', async () => {
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    await userEvent.click(short());
    await userEvent.type(screen.getByLabelText('Stock'), 'QCOM');
    await userEvent.type(screen.getByLabelText('Entry Price'), '150');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '145');
    expect(
      screen.getByText('The stop is at or below the entry: move it above the entry to size this short trade'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Trade Plan' }));
    expect(
      await screen.findByText('Stop loss price must be greater than entry price for a short plan'),
    ).toBeTruthy();
    expect(sent('POST /api/v1/tradeplans')).toEqual([]);
  });

  it("shows a short plan's direction when editing, and refuses a switch to Long alone on the stop", async () => {
    const plan = planFixture({ direction: 'Short', entryPrice: 100, stopLossPrice: 105, targetPrice: null });
    render(<PlanForm plan={plan} onSaved={() => {}} onCancel={() => {}} />);
    expect(short().checked).toBe(true);
    await userEvent.click(long());
    await userEvent.click(screen.getByRole('button', { name: 'Save Trade Plan' }));
    expect(await screen.findByText('Stop loss price must be less than entry price')).toBeTruthy();
    expect(sent(`PUT /api/v1/tradeplans/${plan.id}`)).toEqual([]);
  });
});

// docs/product.md, "Trade plans": the chosen setup's entry criteria, one a line, as checkboxes.
describe("the setup's checklist in the plan form", () => {
  const SETUP = '55555555-5555-4555-8555-555555555555';
  const sent = (key: string) => api.received.filter((r) => r.key === key).map((r) => r.body);

  it("shows the chosen setup's criteria to tick, and sends the ticks of its current lines only", async () => {
    const { db } = await import('../../../src/client/db/db.ts');
    await db.tradeSetups.put(
      setupFixture({
        id: SETUP,
        name: 'Flag',
        entryCriteria: 'Above EMA21\n\n  Volume up  \n',
        checklistRequired: true,
      }),
    );
    // A tick of a line the setup no longer has is dropped when the plan is saved.
    const plan = planFixture({ tradeSetupId: SETUP, criteriaMet: ['Above EMA21', 'An old line'] });
    render(<PlanForm plan={plan} onSaved={() => {}} onCancel={() => {}} />);
    const group = await screen.findByRole('group', { name: 'Entry criteria met (1 of 2)' });
    expect(screen.getByText(/requires every criterion ticked before the plan goes Ready/)).toBeTruthy();
    const ema = screen.getByLabelText('Above EMA21') as HTMLInputElement;
    const volume = screen.getByLabelText('Volume up') as HTMLInputElement;
    expect([ema.checked, volume.checked]).toEqual([true, false]);
    await userEvent.click(volume);
    expect(group.querySelector('legend')?.textContent).toBe('Entry criteria met (2 of 2)');
    await userEvent.click(screen.getByRole('button', { name: 'Save Trade Plan' }));
    await screen.findByText('Failed to update trade plan');
    expect(sent(`PUT /api/v1/tradeplans/${plan.id}`)).toEqual([
      expect.objectContaining({ criteriaMet: ['Above EMA21', 'Volume up'] }),
    ]);
  });

  it('shows no checklist without a setup, and sends no ticks', async () => {
    render(<PlanForm plan={planFixture({ criteriaMet: ['x'] })} onSaved={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('group', { name: /Entry criteria met/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Trade Plan' }));
    await screen.findByText('Failed to update trade plan');
    expect(sent(`PUT /api/v1/tradeplans/${planFixture().id}`)).toEqual([
      expect.objectContaining({ criteriaMet: [] }),
    ]);
  });
});

describe('the preview says what capped each size (issue 40)', () => {
  it('says capital risk capped 6 shares where the trade risk allows 21', async () => {
    await seed('accounts', [
      accountFixture({
        id: 'a',
        accountName: 'Margin',
        currentBalance: 3_150,
        availableFundsForTrading: 3_150,
      }),
      accountFixture({ id: 'b', accountName: 'Cash', availableFundsForTrading: 40 }),
    ]);
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Entry Price'), '50');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '48.5');
    const margin = (await screen.findByText('Margin: 6 shares')).closest('li') as HTMLElement;
    expect(within(margin).getByText('capped by capital risk 10.00%')).toBeTruthy();
    // A size of 0 says why, as before.
    const cash = screen.getByText('Cash: N/A').closest('li') as HTMLElement;
    expect(within(cash).getByText('Not enough free funds for one share')).toBeTruthy();
  });
});

describe('a symbol past 10 characters (issue 40)', () => {
  const sent = (key: string) => api.received.filter((r) => r.key === key).map((r) => r.body);

  it('is kept as typed and refused with the spec message, not cut to 10', async () => {
    render(<PlanForm onSaved={() => {}} onCancel={() => {}} />);
    const stock = screen.getByLabelText('Stock') as HTMLInputElement;
    await userEvent.type(stock, 'abcdefghijk');
    expect(stock.value).toBe('ABCDEFGHIJK');
    expect(screen.getByText('11 / 10')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Entry Price'), '100');
    await userEvent.type(screen.getByLabelText('Stop Loss'), '95');
    await userEvent.click(screen.getByRole('button', { name: 'Create Trade Plan' }));
    expect(await screen.findByText('Stock symbol must be 10 characters or less')).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST /api/v1/tradeplans')).toEqual([]);
    // One character less and the message goes.
    await userEvent.type(stock, '{Backspace}');
    expect(screen.queryByText('Stock symbol must be 10 characters or less')).toBeNull();
  });
});
