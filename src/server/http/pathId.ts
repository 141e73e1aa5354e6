import { isUuid } from '../../domain/validation.ts';
import { notFound } from '../refusals.ts';

/** A path id that is not a UUID names nothing: 404, never a database error. */
export function pathId(id: string, notFoundMessage: string): string {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  return id.toLowerCase();
}
