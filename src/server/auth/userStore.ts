import { eq, sql } from 'drizzle-orm';
import type { BrokerIdentity, BrokerTokens } from '../brokers/broker.ts';
import type { Database } from '../db/database.ts';
import { brokerTokens, users } from '../db/schema.ts';
import { uuidv7 } from '../ids.ts';

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

export async function saveBrokerTokens(db: Database, userId: string, tokens: BrokerTokens, now: Date) {
  const values = {
    userId,
    data: JSON.stringify(tokens),
    refreshExpiresAt: tokens.refreshExpiresAt ? new Date(tokens.refreshExpiresAt) : null,
    updatedAt: now,
  };
  await db
    .insert(brokerTokens)
    .values(values)
    .onConflictDoUpdate({ target: brokerTokens.userId, set: values });
}

export async function loadBrokerTokens(db: Database, userId: string): Promise<BrokerTokens | undefined> {
  const rows = await db
    .select({ data: brokerTokens.data })
    .from(brokerTokens)
    .where(eq(brokerTokens.userId, userId));
  return rows[0] ? (JSON.parse(rows[0].data) as BrokerTokens) : undefined;
}

export async function deleteBrokerTokens(db: Database, userId: string): Promise<void> {
  await db.delete(brokerTokens).where(eq(brokerTokens.userId, userId));
}
