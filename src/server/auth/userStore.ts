import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { BrokerIdentity, BrokerTokens } from '../brokers/broker.ts';
import type { Database } from '../db/database.ts';
import { brokerTokens, users } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import type { TokenCipher } from './tokenCipher.ts';

/** The user behind a broker login: the same login is always the same user. */
export async function upsertUser(
  db: Database,
  broker: string,
  identity: BrokerIdentity,
  now: Date,
): Promise<string> {
  const rows = await db
    .insert(users)
    .values({
      id: uuidv7(now.getTime()),
      broker,
      brokerUserId: identity.brokerUserId,
      displayName: identity.displayName,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [users.broker, users.brokerUserId],
      set: { displayName: sql`excluded.display_name` },
    })
    .returning({ id: users.id });
  return (rows[0] as { id: string }).id;
}

/** Saves the broker's tokens encrypted; `db` may be a transaction. */
export async function saveBrokerTokens(
  db: Database,
  cipher: TokenCipher,
  userId: string,
  tokens: BrokerTokens,
  now: Date,
) {
  const values = {
    userId,
    data: cipher.encrypt(JSON.stringify(tokens), userId),
    refreshExpiresAt: tokens.refreshExpiresAt ? new Date(tokens.refreshExpiresAt) : null,
    updatedAt: now,
  };
  await db
    .insert(brokerTokens)
    .values(values)
    .onConflictDoUpdate({ target: brokerTokens.userId, set: values });
}

/**
 * The user's broker tokens, or undefined when there are none or they cannot be read (a changed
 * data key): either way the trader signs in again, and the journal is untouched.
 * `forUpdate` locks the row until the transaction `db` ends, so one refresh runs at a time.
 */
export async function loadBrokerTokens(
  db: Database,
  cipher: TokenCipher,
  userId: string,
  forUpdate = false,
): Promise<BrokerTokens | undefined> {
  const query = db
    .select({ data: brokerTokens.data })
    .from(brokerTokens)
    .where(eq(brokerTokens.userId, userId));
  const rows = forUpdate ? await query.for('update') : await query;
  if (!rows[0]) return undefined;
  try {
    return JSON.parse(cipher.decrypt(rows[0].data, userId)) as BrokerTokens;
  } catch (error) {
    console.warn(`Broker tokens of user ${userId} are unreadable (${(error as Error).message})`);
    return undefined;
  }
}

/** Whether the trader in `userId` holds a broker sign-in: a clause for other folders' reads (alerts/). */
export const hasBrokerSignIn = (userId: AnyColumn): SQL =>
  sql`exists (select 1 from ${brokerTokens} where ${brokerTokens.userId} = ${userId})`;

export async function deleteBrokerTokens(db: Database, userId: string): Promise<void> {
  await db.delete(brokerTokens).where(eq(brokerTokens.userId, userId));
}
