// The limits of one trader's journal (docs/product.md, "Journal limits"), as the API and a restore
// enforce them: the counts of JOURNAL_LIMITS and the notes budget, measured as the domain measures
// them (src/domain/journalLimits.ts). A write that counts takes the trader's `users` row first
// (`holdJournal`), so two writes at once cannot both take the last room, and always before any
// other row it locks: every path that locks takes the trader first, so none waits on another.
import { count, eq, type SQL, sql } from 'drizzle-orm';
import { JOURNAL_LIMITS, JOURNAL_NOTES_MAX_BYTES, type LimitedCollection } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { conflict } from '../refusals.ts';
import type { Database } from './database.ts';
import { edges, executions, tradeAnnotations, tradePlans, tradeSetups, users } from './schema.ts';

const LIMITED_TABLES = { tradePlans, edges, tradeSetups, executions, tradeAnnotations } as const;

/** Holds the trader's journal until the transaction `tx` ends: writes that count take turns. */
export async function holdJournal(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** How many records of `collection` the trader's journal holds. */
export async function countOf(q: Database, userId: string, collection: LimitedCollection): Promise<number> {
  const table = LIMITED_TABLES[collection];
  const [row] = await q.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return Number(row?.n ?? 0);
}

/** Refuses (409) unless the journal has room for `adding` more of `collection`; call with the journal held. */
export async function assertRoom(
  q: Database,
  userId: string,
  collection: LimitedCollection,
  adding = 1,
): Promise<void> {
  if ((await countOf(q, userId, collection)) + adding > JOURNAL_LIMITS[collection]) {
    throw conflict(messages.journalFull(collection));
  }
}

/** After a write of many (an import): refuses (409, and the transaction undoes it) when it went past the limit. */
export async function assertWithinLimit(
  q: Database,
  userId: string,
  collection: LimitedCollection,
): Promise<void> {
  if ((await countOf(q, userId, collection)) > JOURNAL_LIMITS[collection]) {
    throw conflict(messages.journalFull(collection));
  }
}

/** A text column's bytes as JSON writes it, as `jsonTextBytes` counts them (0 for null or ''). */
const jsonBytes = (column: SQL | unknown): SQL =>
  sql`coalesce(octet_length(to_json(${column})::text) - 2, 0)`;

/** A jsonb list of texts' bytes as `listBytes` counts them: each entry's, as `jsonBytes`. */
const listBytes = (column: SQL | unknown): SQL =>
  sql`coalesce((select sum(${jsonBytes(sql`e`)}) from jsonb_array_elements_text(${column}) as e), 0)`;

/**
 * The bytes the trader's notes take of the budget: plans' notes, scan ids and ticked criteria,
 * trades' notes, tags and mistakes, setups' entry and exit criteria.
 */
export async function notesBytesHeld(q: Database, userId: string): Promise<number> {
  const result = (await q.execute(sql`select
      (select coalesce(sum(${jsonBytes(tradePlans.notes)} + ${jsonBytes(tradePlans.scanId)}
           + ${listBytes(tradePlans.criteriaMet)}), 0)
         from ${tradePlans} where ${tradePlans.userId} = ${userId})
    + (select coalesce(sum(${jsonBytes(tradeAnnotations.notes)} + ${listBytes(tradeAnnotations.tags)}
           + ${listBytes(tradeAnnotations.mistakes)}), 0)
         from ${tradeAnnotations} where ${tradeAnnotations.userId} = ${userId})
    + (select coalesce(sum(${jsonBytes(tradeSetups.entryCriteria)} + ${jsonBytes(tradeSetups.exitCriteria)}), 0)
         from ${tradeSetups} where ${tradeSetups.userId} = ${userId}) as bytes`)) as {
    rows: { bytes: string | number }[];
  };
  return Number(result.rows[0]?.bytes ?? 0);
}

/** After a write of notes: refuses (409 on `field`, undone with the transaction) when they pass the budget. */
export async function assertNotesWithinLimit(q: Database, userId: string, field = 'notes'): Promise<void> {
  if ((await notesBytesHeld(q, userId)) > JOURNAL_NOTES_MAX_BYTES) {
    throw conflict(messages.journalNotesFull, field);
  }
}
