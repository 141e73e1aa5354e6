// Alerts (docs/product.md, "Alerts"): a push to the trader's devices when a Ready plan's entry is
// reached, or an open trade's stop or target. The server's watcher asks these rules which alerts
// are due; each has a crossing key that the database holds once, so it is sent once.

import { define } from 'superstruct';
import { alertTexts } from './alertTexts.ts';
import { PUSH_ENDPOINT_MAX_LENGTH } from './constants.ts';
import { formatPrice } from './format.ts';
import { newYorkTime } from './marketHours.ts';
import { messages } from './messages.ts';
import { directionOf, directionSign, type PlanDirection } from './planDirection.ts';
import type { Quote } from './quotes.ts';
import type { Trade } from './trade.ts';
import type { TradePlanStatus } from './types.ts';
import { type Infer, object, validator } from './validation.ts';

export const ALERT_KINDS = ['entry', 'stop', 'target'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

// ---- What the app sends -------------------------------------------------------------------------

// A push service's address, in the one shape every URL parser reads alike: https, a lower-case host
// name whose last label begins with a letter (so never an address: 127.0.0.1, 0x7f.1, 2130706433),
// an optional port, then a path and query of URL-safe characters and %-escapes only. No user, `;`,
// `\`, `@`, spaces, control characters or fragment: the server posts to it (docs/product.md, "Alerts").
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const LAST_LABEL = '[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PATH_CHAR = '(?:[A-Za-z0-9._~:/=+,-]|%[0-9A-Fa-f]{2})';
const PUSH_ENDPOINT = new RegExp(
  `^https://(?:${LABEL}\\.)*${LAST_LABEL}(?::[1-9][0-9]{0,4})?/${PATH_CHAR}*(?:\\?(?:${PATH_CHAR}|&)*)?$`,
);

/** Whether a text has a push endpoint's shape, at most PUSH_ENDPOINT_MAX_LENGTH characters. */
export const isPushEndpoint = (v: string): boolean =>
  v.length <= PUSH_ENDPOINT_MAX_LENGTH && PUSH_ENDPOINT.test(v);

const endpoint = define<string>(
  'endpoint',
  (v) => (typeof v === 'string' && isPushEndpoint(v)) || messages.pushEndpointInvalid,
);

/**
 * The subscription's keys as PushSubscription.toJSON() gives them, base64url without padding:
 * p256dh an uncompressed P-256 point (65 bytes, the first 0x04, so 87 characters from "B"), auth 16
 * bytes (22 characters).
 */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
const AUTH = /^[A-Za-z0-9_-]{22}$/;
const keys = define<{ p256dh: string; auth: string }>('keys', (v) => {
  if (typeof v !== 'object' || v === null) return messages.pushKeysInvalid;
  const { p256dh, auth } = v as Record<string, unknown>;
  return (
    (typeof p256dh === 'string' && P256DH.test(p256dh) && typeof auth === 'string' && AUTH.test(auth)) ||
    messages.pushKeysInvalid
  );
});

/** `PUT /api/v1/push/subscription`: the browser's subscription of this device (other fields dropped). */
const pushSubscription = object({ endpoint, keys });
export type PushSubscriptionInput = Infer<typeof pushSubscription>;
export const validatePushSubscription = validator(pushSubscription);

/** `DELETE /api/v1/push/subscription`: which device stops. */
export const validatePushEndpoint = validator(object({ endpoint }));

// ---- What the server answers --------------------------------------------------------------------

/** An alert sent, as `GET /api/v1/alerts` lists it. */
export interface SentAlert {
  id: string;
  planId: string;
  /** The open trade's key for a stop or target alert; null for an entry. */
  tradeKey: string | null;
  kind: AlertKind;
  symbol: string;
  /** The last price that reached the level. */
  price: number;
  sentAt: string;
}

/** What a push carries: the service worker shows it (public/push-sw.js). */
export interface AlertPayload {
  title: string;
  body: string;
  /** Where a tap on the notification leads: the plan's details. */
  url: string;
  /** One notification per plan and kind: a later one replaces it. */
  tag: string;
  /** Plans at their entry now, for the app's icon where the Badging API exists. */
  badge: number;
}

/** The plan's details in the app: what a tap on its notification opens. */
export const planUrl = (planId: string): string => `/trade-plans?plan=${planId}`;

// ---- Which alerts are due -----------------------------------------------------------------------

export interface WatchedPlan {
  id: string;
  stock: string;
  status: TradePlanStatus;
  doneAt: string | null;
  entryPrice: number;
  stopLossPrice: number;
  targetPrice: number | null;
  /** Long when left out: a short plan's entry, stop and target are crossed downward, upward, downward. */
  direction?: PlanDirection | null;
  /** The trader's switch on the plan: off, neither its entry nor its trade's stop or target alerts. */
  alertsOn: boolean;
}

export interface DueAlert {
  kind: AlertKind;
  planId: string;
  tradeKey: string | null;
  symbol: string;
  price: number;
  /** The level it reached: the plan's entry, the trade's stop, the plan's target. */
  level: number;
  /** One crossing, one key: the plan (and trade), the kind and the session day. */
  key: string;
}

/**
 * The crossing an alert is for: once per plan (or plan and trade), kind and session day. A price
 * that stays at the entry all day alerts once; the next session it alerts again if still there.
 */
export const crossingKey = (kind: AlertKind, planId: string, tradeKey: string | null, sessionDate: string) =>
  `${kind}:${planId}:${tradeKey ?? ''}:${sessionDate}`;

type OpenTrade = Pick<Trade, 'key' | 'symbol' | 'direction' | 'closedAt' | 'planId' | 'initialStop'>;

const isOpenPlanned = (trade: OpenTrade): trade is OpenTrade & { planId: string } =>
  trade.closedAt === null && trade.planId !== null;

/**
 * Whether `last` is at or past `level` on the side a plan gains from: at or above for a long plan,
 * at or below for a short one.
 */
const reached = (plan: WatchedPlan, last: number, level: number): boolean =>
  directionSign(plan) * (last - level) >= 0;

/** A watched plan at its entry, its stop not yet passed (a gap through both is no entry). */
const atEntry = (plan: WatchedPlan, last: number): boolean =>
  reached(plan, last, plan.entryPrice) && !reached(plan, plan.stopLossPrice, last);

/**
 * The plans whose entry alert is watched: Ready, not done, alerts on, and with no open trade of
 * theirs yet.
 */
export function entryWatched(plans: readonly WatchedPlan[], trades: readonly OpenTrade[]): WatchedPlan[] {
  const entered = new Set(trades.filter(isOpenPlanned).map((t) => t.planId));
  return plans.filter((p) => p.status === 'Ready' && p.doneAt === null && p.alertsOn && !entered.has(p.id));
}

/**
 * The alerts the prices call for now, for a long plan (a short one mirrored: entry at or below,
 * stop at or above, target at or below):
 * - entry: a watched plan (`entryWatched`) priced at or above its entry, and above its stop;
 * - stop: an open trade linked to a plan with alerts on, priced at or below the trade's initial
 *   stop (the plan's stop when the trade has none);
 * - target: such a trade priced at or above its plan's target.
 * `plans` holds the active plans and those the open trades link to.
 */
export function alertsDue(
  plans: readonly WatchedPlan[],
  trades: readonly OpenTrade[],
  quotes: ReadonlyMap<string, Pick<Quote, 'last'>>,
  sessionDate: string,
): DueAlert[] {
  const due: DueAlert[] = [];
  const add = (
    kind: AlertKind,
    planId: string,
    tradeKey: string | null,
    symbol: string,
    price: number,
    level: number,
  ) =>
    due.push({
      kind,
      planId,
      tradeKey,
      symbol,
      price,
      level,
      key: crossingKey(kind, planId, tradeKey, sessionDate),
    });
  for (const plan of entryWatched(plans, trades)) {
    const last = quotes.get(plan.stock)?.last;
    if (last !== undefined && atEntry(plan, last)) {
      add('entry', plan.id, null, plan.stock, last, plan.entryPrice);
    }
  }
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const trade of trades.filter(isOpenPlanned)) {
    const plan = byId.get(trade.planId);
    const last = quotes.get(trade.symbol)?.last;
    // A trade watched against its plan's levels goes the plan's way (a link across directions is refused).
    if (plan === undefined || !plan.alertsOn || last === undefined) continue;
    if (trade.direction !== directionOf(plan)) continue;
    const stop = trade.initialStop ?? plan.stopLossPrice;
    if (reached(plan, stop, last)) add('stop', plan.id, trade.key, trade.symbol, last, stop);
    else if (plan.targetPrice !== null && reached(plan, last, plan.targetPrice)) {
      add('target', plan.id, trade.key, trade.symbol, last, plan.targetPrice);
    }
  }
  return due;
}

/** The app icon's badge: how many watched plans are at their entry now. */
export function plansAtEntry(
  plans: readonly WatchedPlan[],
  trades: readonly OpenTrade[],
  quotes: ReadonlyMap<string, Pick<Quote, 'last'>>,
): number {
  return entryWatched(plans, trades).filter((p) => {
    const last = quotes.get(p.stock)?.last;
    return last !== undefined && atEntry(p, last);
  }).length;
}

const hourMinute = (at: Date) => {
  const minute = newYorkTime(at).minute;
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
};

/** The notification of an alert: the stock and what it reached, the price and New York's time. */
export function alertPayload(
  alert: Pick<DueAlert, 'kind' | 'planId' | 'symbol' | 'price' | 'level'>,
  at: Date,
  badge: number,
): AlertPayload {
  return {
    title: alertTexts[alert.kind](alert.symbol),
    body: alertTexts.body(formatPrice(alert.price), hourMinute(at), alert.kind, formatPrice(alert.level)),
    url: planUrl(alert.planId),
    tag: `${alert.kind}:${alert.planId}`,
    badge,
  };
}
