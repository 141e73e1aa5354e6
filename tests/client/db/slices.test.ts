import { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/client/db/db.ts';
import { readInSlices, writeInSlices } from '../../../src/client/db/slices.ts';
import { planFixture, resetCache } from '../fixtures.ts';

const plans = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    planFixture({ id: `plan-${String(i).padStart(5, '0')}`, stock: `S${i}` }),
  );

beforeEach(resetCache);

describe('a whole table read in slices', () => {
  it.each([0, 1, 249, 250, 251, 1_003])('reads all of %i rows once each, in key order', async (n) => {
    // Put in reverse: the order read is the key's, not the writes'.
    await writeInSlices(db.tradePlans, plans(n).reverse());
    const read = await readInSlices(db.tradePlans, 250);
    expect(read.map((p) => p.id)).toEqual(plans(n).map((p) => p.id));
  });

  it('as a live query, reads again on a change in any slice, the last one too', async () => {
    await writeInSlices(db.tradePlans, plans(600));
    const counts: number[] = [];
    const stocks: string[] = [];
    const subscription = liveQuery(() => readInSlices(db.tradePlans, 250)).subscribe((rows) => {
      counts.push(rows.length);
      stocks.push(rows.at(-1)?.stock ?? '');
    });
    const seen = (n: number) => expect.poll(() => counts.length).toBe(n);
    await seen(1);
    await db.tradePlans.update('plan-00599', { stock: 'LAST' });
    await seen(2);
    await db.tradePlans.put(planFixture({ id: 'plan-99999', stock: 'NEW' }));
    await seen(3);
    await db.tradePlans.delete('plan-00300');
    await seen(4);
    subscription.unsubscribe();
    expect(counts).toEqual([600, 600, 601, 600]);
    expect(stocks).toEqual(['S599', 'LAST', 'NEW', 'NEW']);
  });

  it('written in slices inside one transaction, a live query sees the rows once, all together', async () => {
    const counts: number[] = [];
    const subscription = liveQuery(() => db.tradePlans.count()).subscribe((n) => counts.push(n));
    await expect.poll(() => counts.length).toBe(1);
    await db.transaction('rw', db.tradePlans, () => writeInSlices(db.tradePlans, plans(450)));
    await expect.poll(() => counts.at(-1)).toBe(450);
    subscription.unsubscribe();
    expect(counts).toEqual([0, 450]);
  });
});
