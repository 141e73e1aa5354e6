// A setup's entry criteria as a checklist (docs/product.md, "Trade setups"): one criterion a line,
// which a plan of the setup ticks by its text. Pure and without validators, so the statistics
// (stats.ts) and the forms read the same checklist.
import { CHECKLIST_CRITERIA_MAX, CHECKLIST_CRITERION_MAX_LENGTH } from './constants.ts';

/**
 * The checklist the entry criteria hold: each non-blank line, trimmed, once, the first
 * CHECKLIST_CRITERIA_MAX of them (further lines are text, not criteria). A line longer than a
 * criterion may be is text too: a plan could not tick it.
 */
export function criteriaOf(entryCriteria: string): string[] {
  const criteria: string[] = [];
  for (const line of entryCriteria.split(/\r?\n/)) {
    const criterion = line.trim();
    if (criterion === '' || criterion.length > CHECKLIST_CRITERION_MAX_LENGTH || criteria.includes(criterion))
      continue;
    criteria.push(criterion);
    if (criteria.length === CHECKLIST_CRITERIA_MAX) break;
  }
  return criteria;
}

/**
 * How a plan stands against its setup's checklist now: the current criteria and how many of them
 * it ticks. A tick that matches no current line (the setup's criteria were edited since) does not
 * count; a criterion added since is not ticked until the trader ticks it.
 */
export function checklistOf(
  setup: { entryCriteria: string } | undefined,
  criteriaMet: readonly string[] | undefined,
): { criteria: string[]; met: number } {
  const criteria = setup === undefined ? [] : criteriaOf(setup.entryCriteria);
  const ticked = new Set(criteriaMet ?? []);
  return { criteria, met: criteria.filter((c) => ticked.has(c)).length };
}
