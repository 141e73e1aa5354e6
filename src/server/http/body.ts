import type { Context } from 'hono';
import { BACKUP_MAX_MEGABYTES } from '../../domain/constants.ts';
import { nestsDeeperThan } from '../../domain/jsonDepth.ts';
import { messages } from '../../domain/messages.ts';
import type { ValidationResult } from '../../domain/types.ts';
import { invalid } from '../refusals.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** A restore's body only (`POST /api/v1/backup`): a whole journal. */
export const MAX_BACKUP_BYTES = BACKUP_MAX_MEGABYTES * 1024 * 1024;
/** The one call whose body may exceed MAX_BODY_BYTES, as the request names it. */
export const isRestoreRequest = (method: string, path: string): boolean =>
  method === 'POST' && path === '/api/v1/backup';
/** A statement import's body (`POST /api/v1/fills/import`): its route sets STATEMENT_MAX_BYTES. */
export const isStatementImport = (method: string, path: string): boolean =>
  method === 'POST' && path === '/api/v1/fills/import';

/**
 * The request's JSON body; malformed JSON is a 400, never a 500. Size is capped by middleware,
 * depth here, before parsing: no parser or validator ever recurses over thousands of levels.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text)) throw invalid([{ field: 'body', message: messages.bodyNestedTooDeeply }]);
  try {
    return JSON.parse(text);
  } catch {
    throw invalid([{ field: 'body', message: messages.invalidJson }]);
  }
}

/** Reads and validates the body with a domain validator; refusals list every field's message. */
export async function readValid<T>(c: Context, validate: (body: unknown) => ValidationResult<T>): Promise<T> {
  const result = validate(await readJson(c));
  if (!result.ok) throw invalid(result.errors);
  return result.value;
}
