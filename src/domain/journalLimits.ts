// How the limits of one trader's journal are measured (docs/product.md, "Journal limits"): the
// counts are JOURNAL_LIMITS (constants.ts); the notes budget counts each note's bytes as JSON
// writes it (a setup's criteria too, and each entry's of a list of texts: tags, mistakes, ticked
// criteria), the measure the
// server's SQL takes too (`octet_length(to_json(notes)::text) - 2`, src/server/db/journalLimits.ts).
import { JOURNAL_LIMITS, JOURNAL_NOTES_MAX_BYTES, type LimitedCollection } from './constants.ts';

/** The bytes `text` takes in a JSON document (UTF-8, escapes included, quotes not); null takes none. */
export function jsonTextBytes(text: string | null): number {
  if (text === null || text === '') return 0;
  let bytes = 0;
  for (const ch of JSON.stringify(text)) {
    const code = ch.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes - 2;
}

/** The bytes a list of texts takes of the budget: each entry's (a plan's ticked criteria, a trade's tags). */
export const listBytes = (list: readonly string[] | undefined): number =>
  (list ?? []).reduce((sum, entry) => sum + jsonTextBytes(entry), 0);

/** What a plan's text takes of the notes budget: its notes, its scan id and its ticked criteria. */
export const planNotesBytes = (plan: {
  notes: string;
  scanId: string | null;
  criteriaMet?: readonly string[];
}): number => jsonTextBytes(plan.notes) + jsonTextBytes(plan.scanId) + listBytes(plan.criteriaMet);

/** What a setup's text takes of the budget: its entry and exit criteria (long playbooks, issue 40). */
export const setupNotesBytes = (setup: { entryCriteria: string; exitCriteria: string }): number =>
  jsonTextBytes(setup.entryCriteria) + jsonTextBytes(setup.exitCriteria);

/** What a trade's annotation takes of the budget: its notes, its tags and its mistakes. */
export const annotationNotesBytes = (a: {
  notes: string;
  tags?: readonly string[];
  mistakes?: readonly string[];
}): number => jsonTextBytes(a.notes) + listBytes(a.tags) + listBytes(a.mistakes);

/** What the notes of plans, trades and setups take of the budget. */
export function notesBytesOf(
  plans: readonly Parameters<typeof planNotesBytes>[0][],
  annotations: readonly Parameters<typeof annotationNotesBytes>[0][],
  setups: readonly Parameters<typeof setupNotesBytes>[0][],
): number {
  let bytes = 0;
  for (const p of plans) bytes += planNotesBytes(p);
  for (const a of annotations) bytes += annotationNotesBytes(a);
  for (const s of setups) bytes += setupNotesBytes(s);
  return bytes;
}

/** Whether notes of `bytes` fit the budget. */
export const notesFit = (bytes: number): boolean => bytes <= JOURNAL_NOTES_MAX_BYTES;

/** The collection's limit, or undefined when the journal does not limit it (accounts: the broker's). */
export const limitOf = (collection: string): number | undefined =>
  Object.hasOwn(JOURNAL_LIMITS, collection) ? JOURNAL_LIMITS[collection as LimitedCollection] : undefined;
