// Results in R (docs/product.md, "Review"): one pure function that the server answers
// `GET /api/v1/stats` with and the app runs offline on its cache, so both show the same figures.

import { checklistOf } from './checklist.ts';
import { STATS_GROUPINGS, type StatsGrouping } from './constants.ts';
import { newYorkTime } from './marketHours.ts';
import { roundHalfAway, roundTo4 } from './rounding.ts';
import {
  CYCLE_TYPES,
  type CycleType,
  type Edge,
  type Trade,
  type TradePlan,
  type TradeSetup,
} from './types.ts';

export { STATS_GROUPINGS, type StatsGrouping };

export const isStatsGrouping = (value: unknown): value is StatsGrouping =>
  typeof value === 'string' && (STATS_GROUPINGS as readonly string[]).includes(value);

/** A group with fewer counted trades than this is marked as a small sample: its figures say little. */
export const SMALL_SAMPLE_TRADES = 10;

/**
 * Whether figures from `n` trades are a small sample (Review's groups, an edge's expectancy, a
 * setup's success score from its trades).
 */
export const isSmallSample = (n: number): boolean => n < SMALL_SAMPLE_TRADES;

export interface GroupStats {
  key: string;
  label: string;
  /** Closed trades with an R: the trades every figure below is computed from. */
  n: number;
  /** R > 0. */
  wins: number;
  /** R < 0. Breakevens (R = 0) are in n only. */
  losses: number;
  /** wins ÷ n × 100, 1 decimal; null when n = 0. */
  winRate: number | null;
  /** Mean R of the wins, 4 decimals; null without a win. */
  averageWinR: number | null;
  /** Mean R of the losses (negative), 4 decimals; null without a loss. */
  averageLossR: number | null;
  /** Mean R, 4 decimals; null when n = 0. */
  expectancyR: number | null;
  /** Σ winning R ÷ |Σ losing R|, 4 decimals; null without a loss. */
  profitFactor: number | null;
  /** Largest fall of cumulative R from its running peak (which starts at 0), as a positive number. */
  maxDrawdownR: number;
  /** Σ netPnl of the n trades, in dollars to the cent. */
  netPnl: number;
  /** Closed trades of the group with no R (no stop, or no positive risk): counted apart, not in n. */
  withoutStop: number;
}

/** What the groupings read of a plan; `marketCycleAtCreation` is absent on plans made before it existed. */
export type StatsPlan = Pick<TradePlan, 'id' | 'tradeSetupId' | 'edgeIds'> & {
  marketCycleAtCreation?: CycleType | null;
  /** The setup's criteria it ticked ('criteria'); absent on plans cached before it was kept. */
  criteriaMet?: readonly string[];
};

export interface StatsContext {
  plans: readonly StatsPlan[];
  /** `entryCriteria` is read by 'criteria' only: a setup without it has no checklist. */
  setups: readonly (Pick<TradeSetup, 'id' | 'name'> & { entryCriteria?: string })[];
  /** Pass deactivated edges too: an edge not found here is labelled 'Deleted edge'. */
  edges: readonly Pick<Edge, 'id' | 'name'>[];
}

/** In the statistics at all: closed, and complete (an incomplete trade has no entry, so no P&L). */
export const isReviewedTrade = (trade: Trade): boolean => trade.closedAt !== null && !trade.incomplete;

/** Counted in n: a reviewed trade with an R. */
export const isCountedTrade = (trade: Trade): trade is Trade & { closedAt: string; rMultiple: number } =>
  isReviewedTrade(trade) && trade.rMultiple !== null;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Close time, then id: the order cumulative R (the curve, the drawdown) is taken in. Compared as
 * instants, so two spellings of one moment tie; then by code unit, the same on every device.
 */
function inCloseOrder<T extends Trade>(trades: readonly T[]): T[] {
  // Each close time parsed once, not twice a comparison: thousands of trades sorted for every group.
  const keyed = trades.map((t) => ({ at: Date.parse(t.closedAt as string), t }));
  keyed.sort((a, b) => a.at - b.at || compareText(a.t.id, b.t.id));
  return keyed.map((k) => k.t);
}

interface Group {
  key: string;
  label: string;
  /** Where the group comes in a grouping with an order of its own (weekdays, hours, holding periods). */
  rank?: number;
}

const UNPLANNED: Group = { key: 'unplanned', label: 'Unplanned' };

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;

/** The hour of the day in New York a time falls in: "09:00–10:00". */
function hourGroup(at: string): Group {
  const hour = Math.floor(newYorkTime(new Date(at)).minute / 60);
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { key: String(hour).padStart(2, '0'), label: `${hh(hour)}–${hh(hour + 1)}`, rank: hour };
}

/**
 * Days held: New York calendar days from the entry's date to the exit's (docs/product.md,
 * "Review"). 0 is intraday; 1 to 5 days; longer.
 */
export function daysHeld(openedAt: string, closedAt: string): number {
  const dayOf = (at: string) => Date.parse(`${newYorkTime(new Date(at)).date}T00:00:00Z`);
  return Math.round((dayOf(closedAt) - dayOf(openedAt)) / DAY_MS);
}

function holdingGroup(trade: Trade): Group {
  const days = trade.closedAt === null ? 0 : daysHeld(trade.openedAt, trade.closedAt);
  if (days <= 0) return { key: 'intraday', label: 'Intraday', rank: 0 };
  if (days <= 5) return { key: '1-5', label: '1–5 days', rank: 1 };
  return { key: 'longer', label: 'Longer', rank: 2 };
}

/** The groups one trade belongs to under a grouping: one, or for 'edge' one per edge of its plan. */
function groupsOf(
  trade: Trade,
  grouping: StatsGrouping,
  plan: StatsPlan | undefined,
  names: {
    setups: ReadonlyMap<string, string>;
    edges: ReadonlyMap<string, string>;
    criteria: ReadonlyMap<string, string>;
  },
): Group[] {
  switch (grouping) {
    case 'all':
      return [{ key: 'all', label: 'All trades' }];
    case 'account':
      return [{ key: trade.accountId, label: trade.accountName || 'Unknown account' }];
    case 'planned':
      return [plan ? { key: 'planned', label: 'Planned' } : UNPLANNED];
    case 'setup': {
      if (!plan) return [UNPLANNED];
      // A setup the trader deleted leaves its plans with no setup (docs/product.md, "Trade
      // setups"); a cache may still hold the old id for a moment, so it groups where it will end up.
      const name = plan.tradeSetupId === null ? undefined : names.setups.get(plan.tradeSetupId);
      return [
        name === undefined ? { key: 'none', label: 'No setup' } : { key: plan.tradeSetupId!, label: name },
      ];
    }
    case 'edge': {
      if (!plan) return [UNPLANNED];
      // A plan citing an edge twice must not count its trade twice in that edge.
      const ids = [...new Set(plan.edgeIds)];
      if (ids.length === 0) return [{ key: 'none', label: 'No edges' }];
      return ids.map((id) => ({ key: id, label: names.edges.get(id) ?? 'Deleted edge' }));
    }
    case 'cycle': {
      if (!plan) return [UNPLANNED];
      const cycle = plan.marketCycleAtCreation;
      // Plans made before the field existed have none; anything not a cycle type is treated alike.
      return cycle && (CYCLE_TYPES as readonly string[]).includes(cycle)
        ? [{ key: cycle, label: cycle }]
        : [{ key: 'unknown', label: 'Unknown' }];
    }
    case 'symbol':
      return [{ key: trade.symbol, label: trade.symbol }];
    case 'direction':
      return [{ key: trade.direction, label: trade.direction }];
    case 'weekday': {
      const weekday = newYorkTime(new Date(trade.openedAt)).weekday;
      return [{ key: WEEKDAY_NAMES[weekday]!.toLowerCase(), label: WEEKDAY_NAMES[weekday]!, rank: weekday }];
    }
    case 'hour':
      return [hourGroup(trade.openedAt)];
    case 'holding':
      return [holdingGroup(trade)];
    case 'tag':
      return labelGroups(trade.tags, NO_TAGS);
    case 'mistake':
      return labelGroups(trade.mistakes, NO_MISTAKES);
    case 'criteria':
      return [criteriaGroupOf(plan, names.criteria)];
  }
}

const NO_TAGS: Group = { key: 'none', label: 'No tags' };
const NO_MISTAKES: Group = { key: 'none', label: 'No mistakes' };

/**
 * A trade's groups under 'tag' or 'mistake': one per label (the same label in another case is
 * one group), or `none` without any.
 */
function labelGroups(labels: readonly string[], none: Group): Group[] {
  const keys = [...new Set(labels.map((label) => label.trim().toLowerCase()))];
  if (keys.length === 0) return [none];
  const spelled = new Map((labels ?? []).map((label) => [label.trim().toLowerCase(), label.trim()]));
  return keys.map((key) => ({ key: `label:${key}`, label: spelled.get(key)! }));
}

/**
 * How many of its setup's entry criteria the trade's plan ticked (docs/product.md, "Review"):
 * every one, some, none; "No checklist" for a plan without a setup or a setup without criteria.
 */
function criteriaGroupOf(plan: StatsPlan | undefined, criteriaBySetup: ReadonlyMap<string, string>): Group {
  if (!plan) return UNPLANNED;
  const entryCriteria = plan.tradeSetupId === null ? undefined : criteriaBySetup.get(plan.tradeSetupId);
  const { criteria, met } = checklistOf(
    entryCriteria === undefined ? undefined : { entryCriteria },
    plan.criteriaMet,
  );
  if (criteria.length === 0) return { key: 'none', label: 'No checklist' };
  if (met === criteria.length) return { key: 'all', label: 'All met' };
  return met === 0 ? { key: 'nothing', label: 'None met' } : { key: 'some', label: 'Some met' };
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : roundTo4(values.reduce((sum, v) => sum + v, 0) / values.length);

/** The figures of one group's reviewed trades (DECISIONS, "Review: results"). */
function statsOf(group: Group, reviewed: readonly Trade[]): GroupStats {
  const counted = inCloseOrder(reviewed.filter(isCountedTrade));
  const rs = counted.map((t) => t.rMultiple);
  const winRs = rs.filter((r) => r > 0);
  const lossRs = rs.filter((r) => r < 0);
  const sumWins = winRs.reduce((sum, r) => sum + r, 0);
  const sumLosses = lossRs.reduce((sum, r) => sum + r, 0);

  let cumulative = 0;
  let peak = 0;
  let maxDrawdown = 0;
  for (const r of rs) {
    cumulative += r;
    peak = Math.max(peak, cumulative);
    maxDrawdown = Math.max(maxDrawdown, peak - cumulative);
  }

  const n = rs.length;
  return {
    key: group.key,
    label: group.label,
    n,
    wins: winRs.length,
    losses: lossRs.length,
    winRate: n === 0 ? null : roundHalfAway((winRs.length / n) * 100, 1),
    averageWinR: mean(winRs),
    averageLossR: mean(lossRs),
    expectancyR: mean(rs),
    profitFactor: lossRs.length === 0 ? null : roundTo4(sumWins / Math.abs(sumLosses)),
    maxDrawdownR: roundTo4(maxDrawdown),
    // Summed in cents: whole numbers add exactly, so the total has no float dust to round away.
    netPnl: counted.reduce((sum, t) => sum + Math.round((t.netPnl ?? 0) * 100), 0) / 100,
    withoutStop: reviewed.length - n,
  };
}

/**
 * The statistics of the closed, complete trades, grouped (docs/product.md, "Review").
 * A trade whose plan is not in `context.plans` counts as unplanned. Groups with no trade are left
 * out; the rest come by n, largest first, then by label and key.
 */
export function computeStats(
  trades: readonly Trade[],
  grouping: StatsGrouping,
  context: StatsContext,
): GroupStats[] {
  const plans = new Map(context.plans.map((p) => [p.id, p]));
  const names = {
    setups: new Map(context.setups.map((s) => [s.id, s.name])),
    edges: new Map(context.edges.map((e) => [e.id, e.name])),
    criteria: new Map(context.setups.map((s) => [s.id, s.entryCriteria ?? ''])),
  };
  const members = new Map<string, { group: Group; trades: Trade[] }>();
  const rank = new Map<string, number>();
  for (const trade of trades) {
    if (!isReviewedTrade(trade)) continue;
    const plan = trade.planId === null ? undefined : plans.get(trade.planId);
    for (const group of groupsOf(trade, grouping, plan, names)) {
      const member = members.get(group.key);
      if (member) member.trades.push(trade);
      else members.set(group.key, { group, trades: [trade] });
      if (group.rank !== undefined) rank.set(group.key, group.rank);
      // One tag in two spellings is one group, under the spelling first by code unit, on every device.
      if (member && compareText(group.label, member.group.label) < 0) member.group = group;
    }
  }
  // Weekdays, hours and holding periods come in their own order; the rest by n.
  const byRank = (a: GroupStats, b: GroupStats) => (rank.get(a.key) ?? 0) - (rank.get(b.key) ?? 0);
  return [...members.values()]
    .map(({ group, trades: reviewed }) => statsOf(group, reviewed))
    .sort((a, b) => byRank(a, b) || b.n - a.n || compareText(a.label, b.label) || compareText(a.key, b.key));
}

export interface EquityPoint {
  closedAt: string;
  /** R summed over this trade and every one closed before it, 4 decimals. */
  cumulativeR: number;
  symbol: string;
}

/** The equity curve in R: one point per counted trade, by close time then id. */
export function equityCurve(trades: readonly Trade[]): EquityPoint[] {
  let cumulative = 0;
  return inCloseOrder(trades.filter(isCountedTrade)).map((t) => {
    cumulative += t.rMultiple;
    return { closedAt: t.closedAt, cumulativeR: roundTo4(cumulative), symbol: t.symbol };
  });
}
