import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import { messages } from '../../domain/messages.ts';

/**
 * Sign-in attempts (/auth/authorize and /auth/callback, one sign-in is two) allowed per client
 * address in a sliding window: ten sign-ins in ten minutes is far more than a trader retrying
 * needs, and a flood of authorize calls no longer fills the database with states.
 */
export const SIGN_IN_ATTEMPTS = 20;
export const SIGN_IN_WINDOW_MS = 10 * 60_000;
/** Addresses remembered at most; beyond it the longest-quiet one is forgotten (memory stays bounded). */
const MAX_ADDRESSES = 10_000;

export interface SignInLimiter {
  /** Counts an attempt from `key`: undefined when allowed, else the seconds until one is. */
  attempt(key: string): number | undefined;
  /** Addresses remembered now. */
  size(): number;
}

export function createSignInLimiter(
  now: () => Date,
  { attempts = SIGN_IN_ATTEMPTS, windowMs = SIGN_IN_WINDOW_MS, maxAddresses = MAX_ADDRESSES } = {},
): SignInLimiter {
  // Times of the allowed attempts in the window, oldest first; Map order = least recently seen first.
  const seen = new Map<string, number[]>();

  function forgetQuietAddresses(at: number) {
    for (const [key, times] of seen) if ((times.at(-1) ?? 0) <= at - windowMs) seen.delete(key);
    while (seen.size >= maxAddresses) seen.delete(seen.keys().next().value as string);
  }

  return {
    attempt(key) {
      const at = now().getTime();
      const times = (seen.get(key) ?? []).filter((t) => t > at - windowMs);
      seen.delete(key);
      if (times.length >= attempts) {
        seen.set(key, times);
        return Math.max(1, Math.ceil(((times[0] as number) + windowMs - at) / 1000));
      }
      if (seen.size >= maxAddresses) forgetQuietAddresses(at);
      times.push(at);
      seen.set(key, times);
      return undefined;
    },
    size: () => seen.size,
  };
}

/**
 * The key a client is counted under. X-Forwarded-For is trusted only from TRUSTED_PROXY (anyone can send it).
 * An IPv6 client usually holds a whole /64, so that is one client; IPv4-mapped becomes IPv4.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  return address.includes(':') ? ipv6Prefix64(address) : address;
}

function ipv6Prefix64(address: string): string {
  const [head = '', tail] = (address.split('%')[0] as string).split('::'); // zone id dropped
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = [...left, ...zeros, ...right]
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  return `${groups.join(':')}::/64`;
}

/**
 * The client's address: the socket's, unless the socket is one of our own reverse proxies, which
 * append the address they saw to X-Forwarded-For (entries before it are the client's own claims).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string | undefined {
  const socket = socketAddress?.replace(/^::ffff:(?=\d+\.)/i, '');
  if (!socket || !forwardedFor || !trustedProxies.includes(socket)) return socketAddress;
  const last = forwardedFor.split(',').at(-1)?.trim();
  return last && isIP(last) !== 0 ? last : socketAddress;
}

/** Answers 429 with Retry-After once a client is over the limit. */
export function limitSignIns(
  limiter: SignInLimiter,
  trustedProxies: readonly string[] = [],
): MiddlewareHandler {
  return async (c, next) => {
    const address = clientAddress(
      getConnInfo(c).remote.address,
      c.req.header('X-Forwarded-For'),
      trustedProxies,
    );
    const waitSeconds = limiter.attempt(clientKey(address));
    if (waitSeconds === undefined) return next();
    return c.json({ message: messages.signInLimited }, 429, { 'Retry-After': String(waitSeconds) });
  };
}
