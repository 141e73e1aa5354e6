import { and, eq, gt, lt } from 'drizzle-orm';
import type { SessionUser } from '../appEnv.ts';
import type { Database } from '../db/database.ts';
import { brokerTokens, oauthStates, sessions, users } from '../db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';
import { deleteBrokerTokens } from './userStore.ts';

export const SESSION_COOKIE = 'tt_session';
/**
 * The session cookie's name over https: with the `__Host-` prefix the browser keeps it only when
 * it is Secure, on path / and for this host alone, so neither a plain-http page nor another
 * subdomain can set a session in its place. Over http (the embedded default on a trader's own
 * machine) the prefix cannot be used, and the cookie keeps its plain name.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (overHttps: boolean): string =>
  overHttps ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
export const SESSION_DAYS = 30;
export const STATE_MINUTES = 10;

/** Records an issued state; it may be used once within STATE_MINUTES. */
export async function saveOAuthState(db: Database, state: string, now: Date): Promise<void> {
  await db.insert(oauthStates).values({
    stateHash: hashToken(state),
    createdAt: now,
    expiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000),
  });
}

/** True once per issued, unexpired state: the row is deleted as it is checked. */
export async function consumeOAuthState(db: Database, state: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, hashToken(state)))
    .returning({ expiresAt: oauthStates.expiresAt });
  const row = rows[0];
  return row !== undefined && row.expiresAt > now;
}

export async function createSession(db: Database, userId: string, now: Date): Promise<string> {
  const sessionId = randomToken();
  await db.insert(sessions).values({
    idHash: hashToken(sessionId),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return sessionId;
}

export async function findSessionUser(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const rows = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      fillsImportedAt: users.fillsImportedAt,
      refreshExpiresAt: brokerTokens.refreshExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(brokerTokens, eq(brokerTokens.userId, users.id))
    .where(and(eq(sessions.idHash, hashToken(sessionId)), gt(sessions.expiresAt, now)));
  const row = rows[0];
  if (!row) return undefined;
  // The broker's sign-in is over (Schwab: 7 days), so is ours: the trader signs in again.
  if (row.refreshExpiresAt && row.refreshExpiresAt <= now) return undefined;
  return {
    id: row.id,
    displayName: row.displayName,
    brokerSessionExpiresAt: row.refreshExpiresAt ? row.refreshExpiresAt.toISOString() : null,
    fillsImportedAt: row.fillsImportedAt ? row.fillsImportedAt.toISOString() : null,
  };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(sessionId)));
}

/**
 * A logout (docs/product.md, "Sign-in and sessions"): ends this session only. The broker's tokens
 * go with the trader's last live session, so another device still signed in relaunches silently.
 * The trader's row is held first: two logouts, or a logout and a sign-in, take turns, and the
 * last session out always finds itself the last.
 */
export async function endSession(db: Database, sessionId: string, now: Date): Promise<void> {
  const idHash = hashToken(sessionId);
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.idHash, idHash));
    if (!session) return;
    const { userId } = session;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(sessions).where(eq(sessions.idHash, idHash));
    const [other] = await tx
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!other) await deleteBrokerTokens(tx as unknown as Database, userId);
  });
}

/** Ends every session of a user: the broker refused their sign-in. */
export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes OAuth states and sessions that can no longer be used; run on a timer (expiryPurge.ts). */
export async function purgeExpired(db: Database, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
