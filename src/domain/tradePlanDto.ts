// A plan as the API sends it, and the app's view of it. Apart from tradePlans.ts, whose struct
// loads with the forms: the app's first download maps every synced plan with this (applySync).
import type { TradePlan } from './tradePlans.ts';
import type { EdgeRef, PositionSize } from './types.ts';

/** `GET /api/v1/tradeplans` and every plan answer: its edges as objects, and its size in each account. */
export type TradePlanDto = Omit<TradePlan, 'edgeIds'> & { edges: EdgeRef[]; positionSizes: PositionSize[] };

/** The app's view of a plan: the API's edge objects become a list of ids; sizes are computed where shown. */
export function toTradePlan(dto: TradePlanDto): TradePlan {
  const { edges, positionSizes: _sizes, ...rest } = dto;
  return { ...rest, edgeIds: edges.map((e) => e.id) };
}
