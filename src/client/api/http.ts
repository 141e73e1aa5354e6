import { FetchError, ofetch } from 'ofetch';
import { frameMessages } from '../../domain/appMessages.ts';
import { API_TIMEOUT_MS } from '../../domain/constants.ts';
import { reportApiReachable } from '../sync/connectivity.ts';

/** The API host: same origin unless the build names another (VITE_API_BASE_URL). */
export const apiBaseUrl: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

export const authorizeUrl = `${apiBaseUrl}/api/v1/auth/authorize`;

/** One client for every call: credentials, JSON, 30 s, and the logging of docs/product.md, "API conventions". */
export const api = ofetch.create({
  baseURL: `${apiBaseUrl}/api/v1`,
  credentials: 'include',
  timeout: API_TIMEOUT_MS,
  retry: 0,
  onRequestError() {
    reportApiReachable(false);
  },
  onResponse() {
    reportApiReachable(true);
  },
  onResponseError({ response }) {
    if (response.status === 401) console.warn(frameMessages.authRequired);
    else if (response.status === 403) console.warn(frameMessages.accessDenied);
    else if (response.status >= 500) console.error(frameMessages.serverError);
  },
});

/** A change the app refuses itself, with the same rule and message the server would use. */
export class RefusedLocally extends Error {}

/** The server's own message for a failed call, or the spec's fallback when it carries none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof RefusedLocally) return error.message;
  if (error instanceof FetchError) {
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message !== '') return data.message;
    return fallback;
  }
  return fallback;
}

export const statusOf = (error: unknown): number | undefined =>
  error instanceof FetchError ? error.statusCode : undefined;

/**
 * For a 429 (the trader's fair share of the server is used up for now): the seconds its
 * Retry-After says to wait, five when it says none; undefined for any other failure.
 */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof FetchError) || error.statusCode !== 429) return undefined;
  const seconds = Number(error.response?.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 5;
}

/** Field messages the server attached to a refusal, by field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data =
    error instanceof FetchError
      ? (error.data as { errors?: { field: string; message: string }[] })
      : undefined;
  return Object.fromEntries((data?.errors ?? []).map((e) => [e.field, e.message]));
}
