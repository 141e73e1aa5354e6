import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callApi as api, indexedDbCounts, PHONE, seedJournal, signedInApp } from './harness.ts';

// Issue 26: offline, reloading a list page sometimes left it on the loading skeleton (4 of 20
// reloads past 3 s, one past 60 s). An intermittent failure is tested by repetition.
const RELOADS = 20;

const { server, context, page } = signedInApp(PHONE, { controlled: true });

beforeAll(async () => {
  await seedJournal(page);
  await api(page, 'POST', '/trades/import');
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.getByRole('link', { name: 'Edge Definition' }).click();
  await page.getByText('Trend', { exact: true }).first().waitFor();
  // Every list the reloads read is on the device before the network goes.
  await vi.waitFor(
    async () => {
      const rows = await indexedDbCounts(page);
      const empty = ['edges', 'tradeSetups', 'tradePlans', 'trades'].filter((table) => !rows[table]);
      if (empty.length > 0) throw new Error(`nothing yet in ${empty.join(', ')}`);
    },
    { timeout: 15_000, interval: 100 },
  );
});

describe(`offline, ${RELOADS} reloads in a row`, () => {
  // What each page shows once its rows are in: a name from the cache, the first trade, a figure.
  it.each<[string, (p: Page) => ReturnType<Page['getByText']>]>([
    ['/edge-definition', (p) => p.getByText('Trend', { exact: true })],
    ['/trade-setups', (p) => p.getByText('Bull flag', { exact: true })],
    ['/trade-plans', (p) => p.getByText('AAPL', { exact: true })],
    ['/trades', (p) => p.getByRole('rowheader')],
    ['/review', (p) => p.getByText('Win rate', { exact: true })],
  ])('show the rows of %s every time', { timeout: 150_000 }, async (route, rows) => {
    await context.setOffline(true);
    const stuck: number[] = [];
    try {
      for (let i = 0; i < RELOADS; i++) {
        await page.goto(`${server.url}${route}`);
        // Online a reload shows rows in 120-270 ms; 5 s is far beyond any honest wait.
        const shown = await rows(page)
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) stuck.push(i);
      }
    } finally {
      await context.setOffline(false);
    }
    expect(stuck, `reloads that stayed on the skeleton`).toEqual([]);
  });
});
