import type { MiddlewareHandler } from 'hono';
import { messages } from '../../domain/messages.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Headers every answer carries, API and app alike. */
export function securityHeaders(
  extraConnectSrc: string | undefined,
  { tls }: { tls: boolean },
): MiddlewareHandler {
  const csp = extraConnectSrc
    ? CSP.replace("connect-src 'self'", `connect-src 'self' ${extraConnectSrc}`)
    : CSP;
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Content-Security-Policy', csp);
    // Only when this server holds the certificate: behind a proxy, the proxy decides.
    if (tls) c.header('Strict-Transport-Security', 'max-age=31536000');
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls must come from the app's own origin: a page on another site cannot
 * change a trader's data with the trader's cookie. Browsers always send Origin on such calls.
 * Scheme, host and port all count: http://host:port and https://host:port are different sites.
 * The server's own scheme comes from how it listens (`tls`), never from the request; its host and
 * port from the Host header, which the browser sets to the address it is talking to. Behind a
 * TLS proxy the public origin is configuration: APP_ORIGIN, or the broker's registered callback.
 */
export function sameOriginWrites(
  configuredOrigins: (string | undefined)[],
  { tls }: { tls: boolean },
): MiddlewareHandler {
  const configured = new Set(configuredOrigins.map(originOf).filter((o) => o !== undefined));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = originOf(c.req.header('Origin'));
    const own = originOf(`${tls ? 'https' : 'http'}://${c.req.header('Host') ?? new URL(c.req.url).host}`);
    const allowed = origin !== undefined && (origin === own || configured.has(origin));
    if (!allowed) return c.json({ message: messages.crossSiteRefused }, 403);
    return next();
  };
}

/** The normalized origin (default ports dropped), or undefined when it is not a URL. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
