import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, seed } from '../fixtures.ts';

// Issue 40: an 11-character symbol was cut to 10 by the field, so the spec's message never showed
// and a different symbol could be recorded. Every write fails, so what is sent can be read.
const api = withFakeApi({ reachable: false });
let RecordFillForm: typeof import('../../../src/client/trades/RecordFillForm.tsx').RecordFillForm;

beforeAll(async () => {
  RecordFillForm = (await import('../../../src/client/trades/RecordFillForm.tsx')).RecordFillForm;
});
beforeEach(async () => {
  api.fallback = { status: 500, body: {} };
  await seed('accounts', [accountFixture({ id: 'a', accountName: 'Margin' })]);
});

describe('a fill whose symbol is past 10 characters', () => {
  it('keeps the symbol as typed and refuses it with the spec message, sending nothing', async () => {
    render(<RecordFillForm onSaved={() => {}} onCancel={() => {}} />);
    const symbol = screen.getByLabelText('Symbol') as HTMLInputElement;
    await userEvent.type(symbol, 'ABCDEFGHIJK');
    expect(symbol.value).toBe('ABCDEFGHIJK');
    await userEvent.type(screen.getByLabelText('Quantity'), '10');
    await userEvent.type(screen.getByLabelText('Price'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Record Fill' }));
    expect(await screen.findByText('Stock symbol must be 10 characters or less')).toBeTruthy();
    expect(api.received.filter((r) => r.key === 'POST /api/v1/executions')).toEqual([]);
  });
});
