import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeApi } from '../fakeApi.ts';

const api = withFakeApi();
let SyncTrades: typeof import('../../../src/client/trades/SyncTrades.tsx').SyncTrades;
let imports: typeof import('../../../src/client/serverData/importTrades.ts');

beforeAll(async () => {
  SyncTrades = (await import('../../../src/client/trades/SyncTrades.tsx')).SyncTrades;
  imports = await import('../../../src/client/serverData/importTrades.ts');
});

beforeEach(async () => {
  api.fallback = { status: 200, body: [] };
  api.routes['POST /api/v1/trades/import'] = {
    status: 200,
    body: {
      imported: 0,
      skipped: 0,
      latestExecutedAt: null,
      importedAt: new Date().toISOString(),
      throttled: false,
    },
    delayMs: 300,
  };
});

const progress = () => screen.queryByRole('progressbar', { name: 'Importing fills from your broker' });

// docs/product.md, "Trades": a first import reaches back a year, so an import shows it is under way.
describe("the broker import's progress", () => {
  it('shows while the import the app started in the background runs, and goes when it is done', async () => {
    render(<SyncTrades />);
    expect(progress()).toBeNull();
    void imports.importInBackground();
    await waitFor(() => expect(progress()).not.toBeNull());
    expect(screen.getByText("Importing your broker's fills…")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync trades' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(progress()).toBeNull());
    expect(screen.getByRole('button', { name: 'Sync trades' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows while "Sync trades" runs', async () => {
    render(<SyncTrades />);
    await userEvent.click(screen.getByRole('button', { name: 'Sync trades' }));
    expect(progress()).not.toBeNull();
    await waitFor(() => expect(progress()).toBeNull());
    expect(api.received.filter((r) => r.key === 'POST /api/v1/trades/import')).toHaveLength(1);
  });
});
