import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/client/db/db.ts';
import WatchList, { WATCH_ROWS } from '../../../src/client/quotes/WatchList.tsx';
import { isMarketOpen } from '../../../src/domain/marketHours.ts';
import { planFixture, quoteFixture, resetCache, seed } from '../fixtures.ts';

// The place the Watch shows at now: the test does not depend on the hour it runs.
const place = isMarketOpen(new Date()) ? 'inSession' : 'outOfSession';
const fetchedAt = '2026-11-27T15:00:00.000Z';

/** `n` Ready plans, each on its own stock at $100, the i-th with its entry i dollars under it. */
async function readyPlans(n: number) {
  const plans = Array.from({ length: n }, (_, i) =>
    planFixture({ id: `plan-${i}`, stock: `S${i}`, status: 'Ready', entryPrice: 100 + i, stopLossPrice: 90 }),
  );
  await seed('tradePlans', plans);
  await db.quotes.bulkPut(plans.map((p) => quoteFixture(p.stock, 100, { fetchedAt })));
}

beforeEach(resetCache);

describe("the Dashboard's Watch", () => {
  it(`shows the ${WATCH_ROWS} Ready plans nearest their entry, and links to the rest`, async () => {
    await readyPlans(WATCH_ROWS + 3);
    render(<WatchList place={place} />);
    const watch = await screen.findByRole('region', { name: 'Watch' });
    const stocks = within(watch)
      .getAllByRole('listitem')
      .map((li) => within(li).getAllByRole('link')[0]?.textContent);
    expect(stocks).toEqual(Array.from({ length: WATCH_ROWS }, (_, i) => `S${i}`));
    const more = within(watch).getByRole('link', { name: '3 more Ready plans on Trade Plans' });
    expect(more.getAttribute('href')).toBe('/trade-plans');
  });

  it('has no such link when every Ready plan fits', async () => {
    await readyPlans(WATCH_ROWS);
    render(<WatchList place={place} />);
    const watch = await screen.findByRole('region', { name: 'Watch' });
    expect(within(watch).getAllByRole('listitem')).toHaveLength(WATCH_ROWS);
    expect(within(watch).queryByText(/more Ready/)).toBeNull();
  });
});
