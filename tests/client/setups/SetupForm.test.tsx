import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../fakeApi.ts';
import { setupFixture } from '../fixtures.ts';

// docs/product.md, "Trade setups": the checklist switch. Every write fails with a 500, so the
// form stays open and the bodies it sent can be read.
const api = withFakeApi({ reachable: false });
let SetupForm: typeof import('../../../src/client/setups/SetupForm.tsx').SetupForm;

beforeAll(async () => {
  SetupForm = (await import('../../../src/client/setups/SetupForm.tsx')).SetupForm;
});
beforeEach(async () => {
  api.fallback = { status: 500, body: {} };
});

const label = 'Require every entry criterion before Ready';
const sent = () => api.received.map((r) => r.body);

describe("the setup's checklist switch", () => {
  it('is off for a new setup, says criteria are one a line, and sends what the trader sets', async () => {
    render(<SetupForm onSaved={() => {}} onCancel={() => {}} />);
    const toggle = screen.getByRole('switch', { name: label }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(/One criterion a line/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Name'), 'Flag');
    await userEvent.type(screen.getByLabelText('Entry Criteria'), 'Above EMA21{Enter}Volume up');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save Setup' }));
    await screen.findByText('Failed to save trade setup');
    expect(sent()).toEqual([
      expect.objectContaining({ entryCriteria: 'Above EMA21\nVolume up', checklistRequired: true }),
    ]);
  });

  it("shows a setup's own switch when editing, and sends it turned off again", async () => {
    render(
      <SetupForm setup={setupFixture({ checklistRequired: true })} onSaved={() => {}} onCancel={() => {}} />,
    );
    const toggle = screen.getByRole('switch', { name: label }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save Setup' }));
    await screen.findByText('Failed to save trade setup');
    expect(sent()).toEqual([expect.objectContaining({ checklistRequired: false })]);
  });
});

describe('long playbooks (issue 40)', () => {
  it('takes 20,000 characters of criteria, and keeps 20,001 pasted to refuse them, not cut', async () => {
    render(<SetupForm onSaved={() => {}} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Playbook');
    const entry = screen.getByLabelText('Entry Criteria') as HTMLTextAreaElement;
    entry.focus();
    await userEvent.paste('x'.repeat(20_001));
    expect(entry.value).toHaveLength(20_001);
    expect(screen.getByText('20001 / 20000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Setup' }));
    expect(await screen.findByText('Criteria must be 20,000 characters or less')).toBeTruthy();
    expect(sent()).toEqual([]);
    // One character less, and it is sent.
    entry.focus();
    await userEvent.type(entry, '{Backspace}');
    expect(screen.queryByText('Criteria must be 20,000 characters or less')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Setup' }));
    await screen.findByText('Failed to save trade setup');
    expect(sent()).toEqual([expect.objectContaining({ entryCriteria: 'x'.repeat(20_000) })]);
  });
});
