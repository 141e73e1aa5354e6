import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { ownCacheBy, planFixture, resetCache } from '../fixtures.ts';

// Every write fails with a 500 and no message of its own.
let api: FakeApi;
let PlanForm: typeof import('../../../src/client/plans/PlanForm.tsx').PlanForm;

beforeAll(async () => {
  api = await startFakeApi();
  PlanForm = (await import('../../../src/client/plans/PlanForm.tsx')).PlanForm;
});
afterAll(() => api.close());
beforeEach(async () => {
  api.reset();
  api.fallback = { status: 500, body: {} };
  await resetCache();
  await ownCacheBy('alex');
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
