import { messages } from '../domain/messages.ts';
import type { FieldError } from '../domain/types.ts';

/**
 * What the server refuses, said without HTTP: repositories, db/ and the broker access throw a
 * Refusal, and only src/server/http/errors.ts turns its kind into a status code.
 */
export type RefusalKind =
  | 'invalid'
  | 'signedOut'
  | 'notFound'
  | 'conflict'
  | 'gone'
  | 'limited'
  | 'unavailable';

/** A refusal with a message for the trader and, when it is about fields, each field's message. */
export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly errors?: FieldError[],
    /** For a trader over their share (`limited`): when to ask again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

const onField = (field: string | undefined, message: string): FieldError[] | undefined =>
  field ? [{ field, message }] : undefined;

/** The request is not valid: every field's message, the one message when there is one. */
export const invalid = (errors: FieldError[]) =>
  new Refusal(
    'invalid',
    errors.length === 1 ? (errors[0] as FieldError).message : messages.validationFailed,
    errors,
  );
/** No signed-in trader (any more): the app asks to sign in again. */
export const signedOut = () => new Refusal('signedOut', messages.authRequired);
/** The record does not exist or is not this trader's: the two are never told apart. */
export const notFound = (message: string) => new Refusal('notFound', message);
/** The request clashes with what is stored: a taken name, an active plan, a refused move. */
export const conflict = (message: string, field?: string) =>
  new Refusal('conflict', message, onField(field, message));
/** The record was deleted: a replayed create of it is dropped by the app. */
export const gone = (message: string, field?: string) =>
  new Refusal('gone', message, onField(field, message));
/** The trader is over their fair share of the server (http/fairShare.ts) or of the broker: ask again later. */
export const limited = (message: string, retryAfterSeconds: number) =>
  new Refusal('limited', message, undefined, retryAfterSeconds);
/** Something the answer needs (the broker) is not answering. */
export const unavailable = (message: string) => new Refusal('unavailable', message);
