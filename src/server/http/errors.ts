import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { messages } from '../../domain/messages.ts';
import type { ApiErrorBody } from '../../domain/types.ts';
import { constraintRefusal } from '../db/constraints.ts';
import { Refusal, type RefusalKind } from '../refusals.ts';

/** The one place a refusal becomes a status code (docs/product.md, "API conventions"). */
const STATUS: Readonly<Record<RefusalKind, ContentfulStatusCode>> = {
  invalid: 400,
  signedOut: 401,
  notFound: 404,
  conflict: 409,
  gone: 410,
  limited: 429,
  unavailable: 503,
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

/** A refusal (or a constraint violation, which stands for one) as `{message, errors?}`; anything else is a logged 500. */
export function errorResponse(error: unknown, c: Context): Response {
  const refusal = error instanceof Refusal ? error : constraintRefusal(error);
  if (!refusal) {
    console.error(`Unhandled error ${c.req.method} ${c.req.path}: ${describeUnhandled(error)}`);
    return c.json({ message: messages.serverError } satisfies ApiErrorBody, 500);
  }
  const body: ApiErrorBody = { message: refusal.message };
  if (refusal.errors) body.errors = refusal.errors;
  if (refusal.retryAfterSeconds !== undefined) c.header('Retry-After', String(refusal.retryAfterSeconds));
  return c.json(body, STATUS[refusal.kind]);
}
