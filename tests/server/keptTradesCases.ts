// The cases the first 200 seeds of tests/server/keptTrades.test.ts meet (`casesBetween` below, and
// each write after another), and the seeds chosen from them that meet every one: written by
// KEPT_TRADES_SEQUENCES=200 npx vitest run tests/server/keptTrades.test.ts, which prints both.

/** Seeds that, together, meet every case of KEPT_TRADES_CASES (a greedy cover of the first 200). */
export const KEPT_TRADES_SEEDS = [
  5, 8, 12, 13, 21, 26, 28, 32, 42, 43, 51, 52, 55, 61, 71, 72, 81, 87, 93, 98, 99, 116, 120, 125, 135, 142,
  150, 177,
];

/** Every case seeds 1 to 200 meet. */
export const KEPT_TRADES_CASES = [
  'annotate then annotate',
  'annotate then backup',
  'annotate then delete fill',
  'annotate then direct row',
  'annotate then fill',
  'annotate then import',
  'annotate then plan',
  'annotate then plan delete',
  'annotate then plan edit',
  'annotate then plan status',
  'annotate then restore',
  'annotate: active plan edited',
  'annotate: annotation added',
  'annotate: annotation changed',
  'annotate: nothing changed',
  'backup then annotate',
  'backup then backup',
  'backup then delete fill',
  'backup then direct row',
  'backup then fill',
  'backup then import',
  'backup then plan',
  'backup then plan delete',
  'backup then plan edit',
  'backup then plan status',
  'backup then restore',
  'backup: nothing changed',
  'delete fill then annotate',
  'delete fill then delete fill',
  'delete fill then direct row',
  'delete fill then fill',
  'delete fill then import',
  'delete fill then plan',
  'delete fill then plan delete',
  'delete fill then plan edit',
  'delete fill then plan status',
  'delete fill then restore',
  'delete fill: annotation added',
  'delete fill: fill deleted',
  'delete fill: group emptied',
  'delete fill: nothing changed',
  'direct row then annotate',
  'direct row then backup',
  'direct row then delete fill',
  'direct row then direct row',
  'direct row then fill',
  'direct row then import',
  'direct row then plan',
  'direct row then plan delete',
  'direct row then plan edit',
  'direct row then plan status',
  'direct row then restore',
  'direct row: fill added',
  'fill then annotate',
  'fill then backup',
  'fill then delete fill',
  'fill then direct row',
  'fill then fill',
  'fill then import',
  'fill then plan',
  'fill then plan delete',
  'fill then plan edit',
  'fill then plan status',
  'fill then restore',
  'fill: active plan edited',
  'fill: annotation added',
  'fill: fill added',
  'import then annotate',
  'import then backup',
  'import then delete fill',
  'import then direct row',
  'import then fill',
  'import then import',
  'import then plan',
  'import then plan delete',
  'import then plan edit',
  'import then plan status',
  'import then restore',
  'import: active plan edited',
  'import: annotation added',
  'import: fill added',
  'plan delete then annotate',
  'plan delete then backup',
  'plan delete then delete fill',
  'plan delete then direct row',
  'plan delete then fill',
  'plan delete then import',
  'plan delete then plan',
  'plan delete then plan delete',
  'plan delete then plan edit',
  'plan delete then plan status',
  'plan delete then restore',
  'plan delete: annotation changed',
  'plan delete: nothing changed',
  'plan delete: plan deleted',
  'plan edit then annotate',
  'plan edit then backup',
  'plan edit then delete fill',
  'plan edit then direct row',
  'plan edit then fill',
  'plan edit then import',
  'plan edit then plan',
  'plan edit then plan delete',
  'plan edit then plan edit',
  'plan edit then plan status',
  'plan edit then restore',
  'plan edit: active plan edited',
  'plan edit: nothing changed',
  'plan status then annotate',
  'plan status then backup',
  'plan status then delete fill',
  'plan status then direct row',
  'plan status then fill',
  'plan status then import',
  'plan status then plan',
  'plan status then plan delete',
  'plan status then plan edit',
  'plan status then plan status',
  'plan status then restore',
  'plan status: active plan edited',
  'plan status: nothing changed',
  'plan status: plan made active',
  'plan status: plan no more active',
  'plan then annotate',
  'plan then backup',
  'plan then delete fill',
  'plan then direct row',
  'plan then fill',
  'plan then import',
  'plan then plan',
  'plan then plan delete',
  'plan then plan edit',
  'plan then plan status',
  'plan then restore',
  'plan: nothing changed',
  'plan: plan made active',
  'read now and then: active plan edited',
  'read now and then: annotation added',
  'read now and then: annotation changed',
  'read now and then: fill added',
  'read now and then: fill deleted',
  'read now and then: group emptied',
  'read now and then: nothing changed',
  'read now and then: plan deleted',
  'read now and then: plan made active',
  'read now and then: plan no more active',
  'read now and then: read whole',
  'restore then annotate',
  'restore then backup',
  'restore then delete fill',
  'restore then direct row',
  'restore then fill',
  'restore then import',
  'restore then plan',
  'restore then plan delete',
  'restore then plan edit',
  'restore then plan status',
  'restore then restore',
  'restore: fill added',
  'restore: nothing changed',
  'restore: plan made active',
];

/** A trader's rows as a keeper sees them, to tell the cases its catching up meets. */
export interface Rows {
  fills: Map<string, string>;
  groups: Map<string, string>;
  annotations: Map<string, string>;
  plans: Set<string>;
  active: Map<string, string>;
}

/**
 * What a keeper that read `before` meets when it catches up to `after` (src/server/trades/keptTrades.ts,
 * `catchUp`): nothing changed, fills added, deleted, rewritten or moved to another group, a group
 * emptied, annotations written, plans deleted, made active or no more, an active plan edited.
 */
export function casesBetween(before: Rows, after: Rows): string[] {
  const cases = new Set<string>();
  for (const [id, row] of after.fills) {
    const was = before.fills.get(id);
    if (was === undefined) cases.add('fill added');
    else if (was !== row)
      cases.add(before.groups.get(id) === after.groups.get(id) ? 'fill rewritten' : 'fill moved');
  }
  for (const id of before.fills.keys()) if (!after.fills.has(id)) cases.add('fill deleted');
  const groups = (rows: Rows) => new Set(rows.groups.values());
  for (const group of groups(before)) if (!groups(after).has(group)) cases.add('group emptied');
  for (const [key, row] of after.annotations) {
    const was = before.annotations.get(key);
    if (was === undefined) cases.add('annotation added');
    else if (was !== row) cases.add('annotation changed');
  }
  for (const id of before.plans) if (!after.plans.has(id)) cases.add('plan deleted');
  for (const [id, row] of after.active) {
    const was = before.active.get(id);
    if (was === undefined) cases.add('plan made active');
    else if (was !== row) cases.add('active plan edited');
  }
  for (const id of before.active.keys())
    if (!after.active.has(id) && after.plans.has(id)) cases.add('plan no more active');
  if (cases.size === 0) cases.add('nothing changed');
  return [...cases];
}

/** Seeds, smallest first, that together meet every case the seeds meet (a greedy cover). */
export function coveringSeeds(casesOf: Map<number, Set<string>>): number[] {
  const left = new Set([...casesOf.values()].flatMap((c) => [...c]));
  const chosen: number[] = [];
  while (left.size > 0) {
    let best = 0;
    let most = 0;
    for (const [seed, cases] of casesOf) {
      const meets = [...cases].filter((c) => left.has(c)).length;
      if (meets > most) [best, most] = [seed, meets];
    }
    chosen.push(best);
    for (const c of casesOf.get(best) ?? []) left.delete(c);
  }
  return chosen.sort((a, b) => a - b);
}
