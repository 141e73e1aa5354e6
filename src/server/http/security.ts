import type { MiddlewareHandler } from 'hono';

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
export function securityHeaders(extraConnectSrc: string | undefined): MiddlewareHandler {
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
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls must come from the app's own origin: a page on another site cannot
 * change a trader's data with the trader's cookie. Browsers always send Origin on such calls.
 */
export function sameOriginWrites(appOrigin: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('Origin');
    const own = new URL(c.req.url);
    const host = c.req.header('Host') ?? own.host;
    let allowed = false;
    if (origin) {
      try {
        const o = new URL(origin);
        allowed = o.host === host || o.origin === appOrigin;
      } catch {
        allowed = false;
      }
    }
    if (!allowed) return c.json({ message: 'Cross-site request refused' }, 403);
    return next();
  };
}
