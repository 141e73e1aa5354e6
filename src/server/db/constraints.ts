import { messages } from '../../domain/messages.ts';
import { conflict, invalid, type Refusal } from '../refusals.ts';

/** The constraint that refused a write with this PostgreSQL error code, if that is what happened. */
function violated(error: unknown, sqlState: string): string | undefined {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  return code === sqlState ? (constraint ?? '') : undefined;
}

/** Postgres unique_violation, with the index that refused the row. */
export const uniqueViolation = (error: unknown) => violated(error, '23505');

/** Postgres foreign_key_violation, with the foreign key that refused the row. */
export const foreignKeyViolation = (error: unknown) => violated(error, '23503');

// The unique indexes are the backstop under races: each refuses as the check before it would have.
const UNIQUE_REFUSALS: Record<string, () => Refusal> = {
  edges_user_active_name: () => conflict(messages.edgeNameTaken, 'name'),
  trade_setups_user_name: () => conflict(messages.setupNameTaken, 'name'),
  trade_plans_one_active_per_stock: () => conflict(messages.activePlanExists, 'stock'),
};

// A setup, account or plan checked and then deleted before the record citing it was written: the
// same refusal as when the check itself finds it gone.
const FOREIGN_KEY_REFUSALS: Record<string, () => Refusal> = {
  trade_plans_trade_setup_id_trade_setups_id_fk: () =>
    invalid([{ field: 'tradeSetupId', message: messages.setupNotFound }]),
  executions_account_id_account_settings_id_fk: () =>
    invalid([{ field: 'accountId', message: messages.accountNotFound }]),
  trade_annotations_plan_id_trade_plans_id_fk: () =>
    invalid([{ field: 'planId', message: messages.planNotFound }]),
};

/** The refusal a constraint violation stands for; undefined for any other error. */
export function constraintRefusal(error: unknown): Refusal | undefined {
  const unique = uniqueViolation(error);
  if (unique !== undefined) return (UNIQUE_REFUSALS[unique] ?? (() => conflict(messages.alreadyExists)))();
  const foreignKey = foreignKeyViolation(error);
  if (foreignKey !== undefined) return FOREIGN_KEY_REFUSALS[foreignKey]?.();
  return undefined;
}
