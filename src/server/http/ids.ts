import { isUuid } from '../../domain/validation.ts';
import { HttpError, notFound } from './errors.ts';

/** A path id that is not a UUID names nothing: 404, never a database error. */
export function pathId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id.toLowerCase();
}

/**
 * A create may carry a client-made id (the offline outbox replays creates). The same id from
 * the same user is the same record; from another user it is refused without saying more.
 */
export function checkClientId(existingOwner: string | undefined, userId: string): 'new' | 'existing' {
  if (existingOwner === undefined) return 'new';
  if (existingOwner === userId) return 'existing';
  throw new HttpError(409, 'This id is already in use', [
    { field: 'id', message: 'This id is already in use' },
  ]);
}
