import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { planFixture, resetCache } from '../fixtures.ts';

// An API stand-in that fails every write with a 500 and no message of its own.
let server: Server;
let PlanForm: typeof import('../../../src/client/plans/PlanForm.tsx').PlanForm;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  PlanForm = (await import('../../../src/client/plans/PlanForm.tsx')).PlanForm;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(resetCache);

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
