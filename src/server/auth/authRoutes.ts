import { Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { messages } from '../../domain/messages.ts';
import type { AuthStatus } from '../../domain/types.ts';
import { DEMO_AUTHORIZE_PATH } from '../brokers/demo/demoBroker.ts';
import { DEMO_LOGIN_CSS, demoLoginPage } from '../brokers/demo/loginPage.ts';
import type { AppDeps, AppEnv } from '../http/appEnv.ts';
import {
  consumeOAuthState,
  createOAuthState,
  createSession,
  deleteSession,
  findSessionUser,
  SESSION_COOKIE,
  SESSION_DAYS,
} from './sessionStore.ts';
import { deleteBrokerTokens, saveBrokerTokens, upsertUser } from './userStore.ts';

const ownCallbackUrl = (requestUrl: string) => new URL('/api/v1/auth/callback', requestUrl).toString();

/** Requires a valid session; the signed-in user is then `c.get('user')`. */
export function requireUser({ db, now }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sessionId = getCookie(c, SESSION_COOKIE);
    const user = sessionId ? await findSessionUser(db, sessionId, now()) : undefined;
    if (!user) return c.json({ message: messages.authRequired }, 401);
    c.set('user', user);
    return next();
  };
}

export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, broker, config, now, tokenCipher } = deps;
  const app = new Hono<AppEnv>();
  const appOriginOf = (requestUrl: string) => config.appOrigin ?? new URL(requestUrl).origin;
  // A broker that registered an exact redirect URI (Schwab) gets exactly that one, both times.
  const callbackUrlOf = (requestUrl: string) => broker.callbackUrl ?? ownCallbackUrl(requestUrl);

  app.get('/auth/authorize', async (c) => {
    const state = await createOAuthState(db, now());
    return c.redirect(broker.authorizeUrl(state, callbackUrlOf(c.req.url)), 302);
  });

  app.get('/auth/callback', async (c) => {
    const appOrigin = appOriginOf(c.req.url);
    const code = c.req.query('code');
    const state = c.req.query('state');
    try {
      if (!code || !state || !(await consumeOAuthState(db, state, now())))
        throw new Error('Bad or expired state');
      const identity = await broker.exchangeCode(code, callbackUrlOf(c.req.url));
      const userId = await upsertUser(db, broker.name, identity, now());
      await saveBrokerTokens(db, tokenCipher, userId, identity.tokens, now());
      const sessionId = await createSession(db, userId, now());
      setCookie(c, SESSION_COOKIE, sessionId, {
        httpOnly: true,
        sameSite: 'Lax',
        // Behind a TLS-terminating proxy the request itself is http; the public URLs tell.
        secure: [c.req.url, appOrigin, broker.callbackUrl ?? ''].some((u) => u.startsWith('https:')),
        path: '/',
        maxAge: SESSION_DAYS * 86_400,
      });
      return c.redirect(`${appOrigin}/?status=success`, 302);
    } catch (error) {
      console.warn('Sign-in failed:', (error as Error).message);
      return c.redirect(`${appOrigin}/?status=error`, 302);
    }
  });

  app.get('/auth/status', requireUser(deps), (c) => {
    const user = c.get('user');
    const body: AuthStatus = {
      authenticated: true,
      user: { id: user.id, displayName: user.displayName },
      brokerSessionExpiresAt: user.brokerSessionExpiresAt,
    };
    return c.json(body);
  });

  app.post('/auth/logout', async (c) => {
    const sessionId = getCookie(c, SESSION_COOKIE);
    if (sessionId) {
      const user = await findSessionUser(db, sessionId, now());
      await deleteSession(db, sessionId);
      if (user) await deleteBrokerTokens(db, user.id);
    }
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.body(null, 204);
  });

  if (broker.name === 'demo') {
    app.get(DEMO_AUTHORIZE_PATH.replace('/api/v1', ''), (c) => {
      const state = c.req.query('state') ?? '';
      return c.html(demoLoginPage(state, ownCallbackUrl(c.req.url)));
    });
    app.get('/demo-broker/style.css', (c) => c.body(DEMO_LOGIN_CSS, 200, { 'Content-Type': 'text/css' }));
  }
  return app;
}
