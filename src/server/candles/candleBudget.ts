// Each trader's day of candles from the broker (docs/product.md, "Candles"): the `candle_budgets`
// row, counted in one statement, so every tab, device and process shares it and two asks at once
// cannot both take the last of it.
import { and, eq, sql } from 'drizzle-orm';
import { CANDLE_FETCH_WEEKDAYS_PER_DAY } from '../../domain/constants.ts';
import type { Database } from '../db/database.ts';
import { candleBudgets } from '../db/schema.ts';

/** Counts `weekdays` asked of the broker on New York `day`: false, counting nothing, past the budget. */
export async function takeWeekdays(
  db: Database,
  userId: string,
  day: string,
  weekdays: number,
): Promise<boolean> {
  if (weekdays > CANDLE_FETCH_WEEKDAYS_PER_DAY) return false;
  const counted = await db
    .insert(candleBudgets)
    .values({ userId, day, weekdays })
    .onConflictDoUpdate({
      target: candleBudgets.userId,
      set: {
        day: sql`excluded.day`,
        weekdays: sql`case when ${candleBudgets.day} = excluded.day then ${candleBudgets.weekdays} + excluded.weekdays else excluded.weekdays end`,
      },
      setWhere: sql`${candleBudgets.day} <> excluded.day or ${candleBudgets.weekdays} + excluded.weekdays <= ${CANDLE_FETCH_WEEKDAYS_PER_DAY}`,
    })
    .returning({ weekdays: candleBudgets.weekdays });
  return counted.length > 0;
}

/** The broker did not answer: what was counted for it on `day` is the trader's again. */
export async function giveBackWeekdays(
  db: Database,
  userId: string,
  day: string,
  weekdays: number,
): Promise<void> {
  await db
    .update(candleBudgets)
    .set({ weekdays: sql`greatest(0, ${candleBudgets.weekdays} - ${weekdays})` })
    .where(and(eq(candleBudgets.userId, userId), eq(candleBudgets.day, day)));
}
