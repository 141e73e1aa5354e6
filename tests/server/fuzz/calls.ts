import { ORDER_DURATIONS, ORDER_ENTRY_TYPES } from '../../../src/domain/orders.ts';
import { CYCLE_TYPES, EXECUTION_SIDES, TRADE_PLAN_STATUSES } from '../../../src/domain/types.ts';
import type { KnownIds } from './mutations.ts';
import type { Random } from './random.ts';

/** What the fuzz knows of the trader it writes as: the ids of each collection, and the clock. */
export interface World {
  edges: string[];
  setups: string[];
  plans: string[];
  accounts: string[];
  trades: string[];
  /** The trader's own settings id (the trader's id). */
  settings: string[];
  known: KnownIds;
  now(): Date;
}

/** The entry criteria of the fuzzed setups: plans tick some of them. */
export const CRITERIA = ['Volume up', 'Above EMA21', 'Tight base'];

// Valid bodies with a little variety, so that unmutated ones also collide (names, active stocks).
export function edgeBody(r: Random, name = `Edge ${r.int(30)}`) {
  return {
    name,
    description: 'Above the 21-day EMA',
    identificationNotes: 'Daily chart',
    weightFactor: r.int(11) / 10,
  };
}
const setupBody = (r: Random) => ({
  name: `Setup ${r.int(30)}`,
  description: 'Flag',
  rules: [],
  entryCriteria: CRITERIA.join('\n'),
  exitCriteria: 'Close below EMA',
  notes: 'n',
  checklistRequired: r.chance(0.5),
});
const STOCKS = ['AAPL', 'MSFT', 'NVDA', 'AMD', 'TSLA', 'BRK.B'];
const planBody = (r: Random, w: World) => ({
  stock: r.pick(STOCKS),
  entryPrice: 100,
  stopLossPrice: 95,
  probabilityOfSuccess: r.int(101),
  scanId: `scan-${r.int(9)}`,
  tradeSetupId: r.pick(w.setups),
  edgeIds: [r.pick(w.edges)],
  targetPrice: r.chance(0.5) ? 101 + r.int(50) : null,
  notes: r.pick(['', 'Earnings in May', 'Line one\nline two', 'x'.repeat(2000)]),
  criteriaMet: CRITERIA.filter(() => r.chance(0.5)),
  // Left out (the server stamps its own), null, or a cycle the app stamped offline.
  marketCycleAtCreation: r.pick([undefined, null, ...CYCLE_TYPES]),
});
export const fillBody = (r: Random, w: World) => ({
  accountId: r.pick(w.accounts),
  symbol: r.pick(STOCKS),
  side: r.pick(EXECUTION_SIDES),
  quantity: 1 + r.int(200),
  price: 1 + r.int(500) / 4,
  fees: r.chance(0.5) ? r.int(5) : undefined,
  executedAt: new Date(w.now().getTime() - r.int(60 * 24 * 200) * 60_000).toISOString(),
});
const LABELS = ['breakout', 'Gap up', 'earnings', '📈 momentum'];
const tradeBody = (r: Random, w: World) => ({
  planId: r.chance(0.5) ? r.pick(w.plans) : null,
  initialStop: r.chance(0.5) ? 40 + r.int(10) : null,
  notes: r.pick(['', 'Followed the plan', 'x'.repeat(2000)]),
  tags: LABELS.filter(() => r.chance(0.4)),
  mistakes: r.chance(0.5) ? ['moved stop'] : [],
});
const withClientId = (r: Random, w: World, body: Record<string, unknown>) =>
  r.chance(0.3)
    ? {
        ...body,
        id: r.chance(0.5) ? r.uuid() : r.pick([...w.known.own, ...w.known.others, ...w.known.deleted]),
      }
    : body;

/** A path id: mostly the collection's own, else anything that might confuse the route. */
function pathId(r: Random, w: World, own: string[]): string {
  if (r.chance(0.7)) return r.pick(own);
  return r.pick([
    r.pick(w.known.others),
    r.pick(w.known.deleted),
    r.uuid(),
    r.pick(own).toUpperCase(),
    'not-a-uuid',
    '%00',
    '%C0',
    '%FF%FE',
    '%ED%A0%80',
    '..%2f..%2fetc',
    'x'.repeat(3000),
  ]);
}

export interface WriteCall {
  method: 'POST' | 'PUT';
  path: string;
  valid: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Every call that writes from a body, each drawing a valid body for the fuzz to bend. */
export const WRITE_CALLS: ((r: Random, w: World) => WriteCall)[] = [
  (r, w) => ({ method: 'POST', path: '/api/v1/edges', valid: withClientId(r, w, edgeBody(r)) }),
  (r, w) => ({ method: 'PUT', path: `/api/v1/edges/${pathId(r, w, w.edges)}`, valid: edgeBody(r) }),
  (r, w) => ({ method: 'POST', path: '/api/v1/tradesetups', valid: withClientId(r, w, setupBody(r)) }),
  (r, w) => ({ method: 'PUT', path: `/api/v1/tradesetups/${pathId(r, w, w.setups)}`, valid: setupBody(r) }),
  (r, w) => ({ method: 'POST', path: '/api/v1/tradeplans', valid: withClientId(r, w, planBody(r, w)) }),
  (r, w) => ({ method: 'PUT', path: `/api/v1/tradeplans/${pathId(r, w, w.plans)}`, valid: planBody(r, w) }),
  (r, w) => ({
    method: 'PUT',
    path: `/api/v1/tradeplans/${pathId(r, w, w.plans)}/status`,
    valid: { status: r.pick(TRADE_PLAN_STATUSES) },
  }),
  (r, w) => ({
    method: 'PUT',
    path: `/api/v1/accounts/${pathId(r, w, w.accounts)}`,
    valid: {
      originalBalance: 10_000,
      capitalRisk: 10,
      maxTradeRisk: 1,
      scaleOutFactor: 1 + r.int(10),
      // Left out (the stored limit is kept), at either end, or between.
      heatLimit: r.pick([undefined, 0, 100, r.int(1001) / 10]),
    },
  }),
  (r, w) => ({ method: 'POST', path: '/api/v1/executions', valid: withClientId(r, w, fillBody(r, w)) }),
  (r, w) => ({ method: 'PUT', path: `/api/v1/trades/${pathId(r, w, w.trades)}`, valid: tradeBody(r, w) }),
  // An order's preview checks like a placement, and sends nothing (a placement needs its
  // Idempotency-Key header, which these calls never carry: it is refused before its body is read).
  (r, w) => ({
    method: 'POST',
    path: '/api/v1/orders/preview',
    valid: {
      planId: r.pick(w.plans),
      accountId: r.pick(w.accounts),
      quantity: 1 + r.int(50),
      entryType: r.pick(ORDER_ENTRY_TYPES),
      entryLimitPrice: null,
      duration: r.pick(ORDER_DURATIONS),
    },
  }),
  // The import reads no body, so a few dozen tries of junk say all there is to say (each asks the
  // broker for a year of fills); the rest of this slot edits trades or the trader's settings.
  (r, w) => {
    const roll = r.int(10);
    if (roll === 0) return { method: 'POST', path: '/api/v1/trades/import', valid: {} };
    if (roll < 3)
      return {
        method: 'PUT',
        path: `/api/v1/settings/${pathId(r, w, w.settings)}`,
        valid: { nearEntryR: r.int(11) / 10 },
      };
    return { method: 'PUT', path: `/api/v1/trades/${pathId(r, w, w.trades)}`, valid: tradeBody(r, w) };
  },
];

/**
 * The calls whose every field the fuzz also tries with each hostile class (fuzz/hostile.ts), with
 * one valid body each; besides the above, those whose valid body has effects beyond the journal
 * (a device's push subscription, orders on for an account), which only ever get invalid ones.
 */
export function callsForEveryField(r: Random, w: World): WriteCall[] {
  // The last slot draws among three calls: each is named below instead.
  const once = WRITE_CALLS.slice(0, -1).map((call) => call(r, w));
  // The fixed ids of the paths: a sweep over fields, not over paths (the random pass does those).
  const own = (path: string, ids: string[]) => path.replace(/[^/]+$/, ids[0] as string);
  return [
    ...once.map((c) => {
      if (c.method !== 'PUT') return c;
      if (c.path.startsWith('/api/v1/edges/')) return { ...c, path: own(c.path, w.edges) };
      if (c.path.startsWith('/api/v1/tradesetups/')) return { ...c, path: own(c.path, w.setups) };
      if (c.path.startsWith('/api/v1/accounts/')) return { ...c, path: own(c.path, w.accounts) };
      if (c.path.startsWith('/api/v1/trades/')) return { ...c, path: own(c.path, w.trades) };
      if (c.path.endsWith('/status')) return { ...c, path: `/api/v1/tradeplans/${w.plans[0]}/status` };
      if (c.path.startsWith('/api/v1/tradeplans/')) return { ...c, path: own(c.path, w.plans) };
      return c;
    }),
    { method: 'PUT', path: `/api/v1/settings/${w.settings[0]}`, valid: { nearEntryR: 0.5 } },
    // A placement's confirm with its key, so its body is read: the request and the previewed order.
    {
      method: 'POST',
      path: '/api/v1/orders',
      headers: { 'Idempotency-Key': '7d1f0a52-5a5e-4b6f-9a43-4d1c3f3b2a10' },
      valid: {
        planId: w.plans[0],
        accountId: w.accounts[0],
        quantity: 1,
        entryType: 'Limit',
        entryLimitPrice: null,
        duration: 'Day',
        previewed: {
          symbol: 'FUZZ',
          direction: 'Long',
          quantity: 1,
          entryType: 'Limit',
          entryPrice: 10,
          entryLimitPrice: null,
          duration: 'Day',
          stopPrice: 9,
          targetPrice: null,
        },
      },
    },
    { method: 'PUT', path: `/api/v1/accounts/${w.accounts[0]}/orders`, valid: { allowed: false } },
    {
      method: 'PUT',
      path: '/api/v1/push/subscription',
      valid: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/fuzz',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    },
  ];
}
