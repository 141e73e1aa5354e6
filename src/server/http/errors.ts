import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '../../domain/messages.ts';
import type { ApiErrorBody, FieldError } from '../../domain/types.ts';
import { foreignKeyViolation, uniqueViolation } from '../db/database.ts';

/** A refusal with a status and a message for the trader (DECISIONS.md "API conventions"). */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldError[]) =>
  new HttpError(
    400,
    errors.length === 1 ? (errors[0] as FieldError).message : messages.validationFailed,
    errors,
  );
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) =>
  new HttpError(409, message, field ? [{ field, message }] : undefined);

// The database's unique indexes are the backstop under races; each maps to the spec's message.
const UNIQUE_MESSAGES: Record<string, HttpError> = {
  edges_user_active_name: conflict(messages.edgeNameTaken, 'name'),
  trade_setups_user_name: conflict(messages.setupNameTaken, 'name'),
  trade_plans_one_active_per_stock: conflict(messages.activePlanExists, 'stock'),
};

/**
 * What the log of a 500 may say: the kinds of the error and its causes, a PostgreSQL (or system)
 * code, and the stack frames. Never a message: drizzle's carry the query's parameters, which are
 * the trader's own text.
 */
function describeUnhandled(error: unknown): string {
  const chain: unknown[] = [];
  for (
    let e = error;
    e !== undefined && e !== null && chain.length < 5;
    e = (e as { cause?: unknown }).cause
  ) {
    chain.push(e);
  }
  const kinds = chain.map((e) => (e instanceof Error ? e.constructor.name : typeof e)).join(' caused by ');
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string');
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${kinds}${code ? ` (code ${code})` : ''}`, ...frames].join('\n');
}

// A setup checked and then deleted before the plan citing it was written: the same refusal as
// when the check itself finds it gone.
const FOREIGN_KEY_MESSAGES: Record<string, HttpError> = {
  trade_plans_trade_setup_id_trade_setups_id_fk: badRequest([
    { field: 'tradeSetupId', message: messages.setupNotFound },
  ]),
};

export function errorResponse(error: unknown, c: Context): Response {
  let refusal = error instanceof HttpError ? error : undefined;
  const constraint = uniqueViolation(error);
  if (!refusal && constraint !== undefined)
    refusal = UNIQUE_MESSAGES[constraint] ?? conflict('Already exists');
  const foreignKey = foreignKeyViolation(error);
  if (!refusal && foreignKey !== undefined) refusal = FOREIGN_KEY_MESSAGES[foreignKey];
  if (!refusal) {
    console.error(`Unhandled error ${c.req.method} ${c.req.path}: ${describeUnhandled(error)}`);
    refusal = new HttpError(500, messages.serverError);
  }
  const body: ApiErrorBody = { message: refusal.message };
  if (refusal.errors) body.errors = refusal.errors;
  return c.json(body, refusal.status);
}
