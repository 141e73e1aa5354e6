import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from './tokens.ts';

/**
 * Login CSRF defence: the OAuth state belongs to the browser that asked for it. /authorize gives
 * that browser a random nonce in this cookie and sends the broker a state derived from it; the
 * callback accepts a state only together with the nonce it came from. A stranger who obtains a
 * state (their own, or one seen in a URL) cannot make another browser hold its nonce.
 */
export const OAUTH_COOKIE = 'tt_oauth';
/** Only the sign-in calls need the cookie. */
export const OAUTH_COOKIE_PATH = '/api/v1/auth';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** The state sent to the broker: the nonce's hash, so the nonce itself never appears in a URL. */
const stateOf = (nonce: string) => sha256(nonce).toString('base64url');

export function newOAuthBinding(): { nonce: string; state: string } {
  const nonce = randomToken();
  return { nonce, state: stateOf(nonce) };
}

/** Whether `state` was made from `nonce`; compared in constant time. */
export function stateMatchesNonce(state: string, nonce: string | undefined): boolean {
  if (!nonce) return false;
  // Hashing both gives equal lengths for timingSafeEqual whatever the caller sent.
  return timingSafeEqual(sha256(stateOf(nonce)), sha256(state));
}
