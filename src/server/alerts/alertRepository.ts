import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import type { DueAlert, PushSubscriptionInput, SentAlert, WatchedPlan } from '../../domain/alerts.ts';
import { ALERTS_LISTED, PUSH_SUBSCRIPTIONS_MAX } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { hasBrokerSignIn } from '../auth/userStore.ts';
import { inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { pushSubscriptions, sentAlerts } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { watchedPlans } from '../plans/planQueries.ts';
import { conflict } from '../refusals.ts';

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const toSentAlert = (row: typeof sentAlerts.$inferSelect): SentAlert => ({
  id: row.id,
  planId: row.planId,
  tradeKey: row.tradeKey,
  kind: row.kind,
  symbol: row.symbol,
  price: row.price,
  sentAt: row.sentAt.toISOString(),
});

/** Push subscriptions per device, the alerts sent, the near-entry threshold (docs/product.md, "Alerts"). */
export function createAlertRepository(db: Database, now: () => Date) {
  return {
    /**
     * This device's subscription, for the trader: a device's endpoint is unique, so one signed in
     * to another trader before moves to this one, but only with the same keys (whoever holds the
     * endpoint and its keys is the device); another trader's endpoint with other keys is refused
     * and left as it is. Beyond PUSH_SUBSCRIPTIONS_MAX the trader's oldest go.
     */
    async subscribe(
      userId: string,
      input: PushSubscriptionInput,
    ): Promise<{ endpoint: string; createdAt: string }> {
      const createdAt = now();
      const values = { userId, endpoint: input.endpoint, ...input.keys, createdAt };
      await db.transaction(async (tx) => {
        // Decided in the upsert itself (the row is locked as it is read), so a race cannot slip by.
        const written = await tx
          .insert(pushSubscriptions)
          .values({ id: uuidv7(createdAt.getTime()), ...values })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: values,
            setWhere: or(
              eq(pushSubscriptions.userId, userId),
              and(
                eq(pushSubscriptions.p256dh, input.keys.p256dh),
                eq(pushSubscriptions.auth, input.keys.auth),
              ),
            ),
          })
          .returning({ id: pushSubscriptions.id });
        if (written.length === 0) throw conflict(messages.pushEndpointTaken, 'endpoint');
        const newest = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_SUBSCRIPTIONS_MAX);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
      });
      return { endpoint: input.endpoint, createdAt: createdAt.toISOString() };
    },

    /** Stops this device, if it is the trader's: another trader's endpoint is left alone. */
    async unsubscribe(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** A subscription the push service no longer knows (404, 410). */
    async forget(subscriptionId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    },

    subscriptionsOf(userId: string): Promise<StoredSubscription[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.id)
        .limit(PUSH_SUBSCRIPTIONS_MAX);
    },

    /** The traders the watcher watches: a device subscribed, and a broker sign-in to ask prices with. */
    async subscribedTraders(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(hasBrokerSignIn(pushSubscriptions.userId))
        .orderBy(pushSubscriptions.userId);
      return rows.map((r) => r.userId);
    },

    /** The plans the open trades link to, beyond the active ones. */
    async plansById(userId: string, ids: readonly string[]): Promise<WatchedPlan[]> {
      return watchedPlans(db, userId, ids);
    },

    /**
     * Records the due alerts, each only if its crossing key is new (`ON CONFLICT DO NOTHING`), and
     * answers those this call recorded: the only ones this process sends. Another process's insert
     * of the same key, now or before a restart, took it.
     */
    async claim(userId: string, due: readonly DueAlert[]): Promise<(DueAlert & { id: string })[]> {
      const sentAt = now();
      const claimed = await inChunks(due, (chunk) =>
        db
          .insert(sentAlerts)
          .values(
            chunk.map((d) => ({
              id: uuidv7(sentAt.getTime()),
              userId,
              planId: d.planId,
              tradeKey: d.tradeKey,
              kind: d.kind,
              symbol: d.symbol,
              price: d.price,
              sentAt,
              crossingKey: d.key,
            })),
          )
          .onConflictDoNothing({ target: sentAlerts.crossingKey })
          .returning({ id: sentAlerts.id, key: sentAlerts.crossingKey }),
      );
      const ids = new Map(claimed.map((c) => [c.key, c.id]));
      return due.flatMap((d) => {
        const id = ids.get(d.key);
        return id === undefined ? [] : [{ ...d, id }];
      });
    },

    /** The trader's alerts sent, newest first, at most ALERTS_LISTED. */
    async sent(userId: string): Promise<SentAlert[]> {
      const rows = await db
        .select()
        .from(sentAlerts)
        .where(eq(sentAlerts.userId, userId))
        .orderBy(desc(sentAlerts.sentAt), desc(sentAlerts.id))
        .limit(ALERTS_LISTED);
      return rows.map(toSentAlert);
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
