import { describe, expect, it } from 'vitest';
import { type BrokerExchange, orderLogLines } from '../../src/domain/orderLog.ts';

const x = (o: Partial<BrokerExchange>): BrokerExchange => ({
  method: 'GET',
  path: '/trader/v1/accounts/HASH/orders/1001',
  requestBody: null,
  status: 200,
  responseBody: null,
  at: '2026-11-25T15:00:00.000Z',
  ...o,
});
const said = (exchanges: BrokerExchange[]) => orderLogLines(exchanges).map((l) => `${l.asked} → ${l.answer}`);

describe('the order log in words (issue 40)', () => {
  it('says each kind of request and its answer', () => {
    expect(
      said([
        x({ method: 'POST', path: '/trader/v1/accounts/HASH/previewOrder', responseBody: {} }),
        x({ method: 'POST', path: '/trader/v1/accounts/HASH/orders', status: 201 }),
        x({
          method: 'POST',
          path: '/trader/v1/accounts/HASH/orders',
          status: 400,
          responseBody: { message: 'No funds' },
        }),
        x({ method: 'POST', path: '/trader/v1/accounts/HASH/orders', status: null }),
        x({ path: '/trader/v1/accounts/HASH/orders?fromEnteredTime=x', responseBody: [{}, {}] }),
        x({ responseBody: { status: 'PENDING_ACTIVATION' } }),
        x({ responseBody: { status: 'PartiallyFilled', filledQuantity: 40 } }),
        x({ method: 'DELETE', status: 200 }),
        x({ method: 'PUT', path: '/somewhere', status: 204 }),
        x({ status: 404, responseBody: { errors: [{ detail: 'Order not found' }] } }),
      ]),
    ).toEqual([
      'Preview asked → accepted (200)',
      'Order sent → accepted (201)',
      'Order sent → refused: No funds (400)',
      'Order sent → no answer',
      "The account's recent orders read → 2 orders (200)",
      'Status read → Pending activation',
      'Status read → Partially filled, 40 filled',
      'Cancel sent → accepted (200)',
      'PUT /somewhere → answered (204)',
      'Status read → refused: Order not found (404)',
    ]);
  });

  it('folds status reads that say nothing new into one line, with their span', () => {
    const reads = [5, 10, 15].map((s) =>
      x({ responseBody: { status: 'WORKING' }, at: `2026-11-25T15:00:${String(s).padStart(2, '0')}.000Z` }),
    );
    const filled = x({
      responseBody: { status: 'FILLED', filledQuantity: 10 },
      at: '2026-11-25T15:00:20.000Z',
    });
    const again = x({
      responseBody: { status: 'FILLED', filledQuantity: 10 },
      at: '2026-11-25T15:00:25.000Z',
    });
    const lines = orderLogLines([...reads, filled, again]);
    expect(
      lines.map((l) => [l.answer, l.exchanges.length, l.from.slice(17, 19), l.to.slice(17, 19)]),
    ).toEqual([
      ['Working', 3, '05', '15'],
      ['Filled, 10 filled', 2, '20', '25'],
    ]);
    // A cancel between two equal reads keeps them apart: each line is one change.
    const split = orderLogLines([
      reads[0] as BrokerExchange,
      x({ method: 'DELETE' }),
      reads[1] as BrokerExchange,
    ]);
    expect(split).toHaveLength(3);
  });
});
