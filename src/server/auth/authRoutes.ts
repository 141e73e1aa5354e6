import { Hono, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { messages } from '../../domain/messages.ts';
import type { AuthStatus } from '../../domain/types.ts';
import type { AppEnv } from '../appEnv.ts';
import type { Broker } from '../brokers/broker.ts';
import { DEMO_AUTHORIZE_PATH } from '../brokers/demo/demoBroker.ts';
import { DEMO_LOGIN_CSS, demoLoginPage } from '../brokers/demo/loginPage.ts';
import type { Database } from '../db/database.ts';
import { asTraderStatements } from '../db/fairTurns.ts';
import type { TraderRequestLimiter } from '../http/fairShare.ts';
import { newOAuthBinding, OAUTH_COOKIE, OAUTH_COOKIE_PATH, stateMatchesNonce } from './oauthBinding.ts';
import {
  consumeOAuthState,
  createSession,
  deleteSession,
  endSession,
  findSessionUser,
  SESSION_DAYS,
  STATE_MINUTES,
  saveOAuthState,
  sessionCookieName,
} from './sessionStore.ts';
import { createSignInLimiter, limitSignIns } from './signInLimit.ts';
import type { TokenCipher } from './tokenCipher.ts';
import { loadBrokerTokens, saveBrokerTokens, upsertUser } from './userStore.ts';

/** What sign-in needs of the app's parts (app.ts `AppDeps` holds them). */
export interface AuthDeps {
  db: Database;
  broker: Broker;
  config: { appOrigin: string | undefined; trustedProxies: string[] };
  now: () => Date;
  tokenCipher: TokenCipher;
  requests?: TraderRequestLimiter;
}

/**
 * Relative on purpose: a URL built from the request would carry whatever Host header the client
 * sent. The browser resolves it against the server it is talking to.
 */
const OWN_CALLBACK_PATH = '/api/v1/auth/callback';

/**
 * Whether the trader reaches this server over https: the request says so, or, behind a
 * TLS-terminating proxy (where the request itself is http), the public URLs do.
 */
const servedOverHttps =
  ({ config, broker }: Pick<AuthDeps, 'config' | 'broker'>) =>
  (requestUrl: string): boolean =>
    [requestUrl, config.appOrigin ?? '', broker.callbackUrl ?? ''].some((u) => u.startsWith('https:'));

/** The session cookie's name for this request (`sessionCookieName`). */
const sessionCookieOf = (deps: Pick<AuthDeps, 'config' | 'broker'>) => {
  const overHttps = servedOverHttps(deps);
  return (requestUrl: string) => sessionCookieName(overHttps(requestUrl));
};

/**
 * Requires a valid session; the signed-in user is then `c.get('user')`. The request counts against
 * the trader's share (`deps.requests`, http/fairShare.ts): over it, 429 with Retry-After.
 */
export function requireUser(deps: AuthDeps): MiddlewareHandler<AppEnv> {
  const { db, now, requests } = deps;
  const sessionCookie = sessionCookieOf(deps);
  return async (c, next) => {
    const sessionId = getCookie(c, sessionCookie(c.req.url));
    // The session's check takes the turns of its session (db/fairTurns.ts): its trader is not known yet.
    const user = sessionId
      ? await asTraderStatements(`session ${sessionId}`, () => findSessionUser(db, sessionId, now()))
      : undefined;
    if (!user) return c.json({ message: messages.authRequired }, 401);
    const waitSeconds = requests?.take(user.id);
    if (waitSeconds !== undefined) {
      // An upload refused unread (a restore) cannot leave its connection for another request.
      const headers: Record<string, string> = { 'Retry-After': String(waitSeconds) };
      if (c.req.raw.body) headers.Connection = 'close';
      return c.json({ message: messages.tooManyRequests }, 429, headers);
    }
    c.set('user', user);
    // On the embedded database the request's statements take the trader's turns (db/fairTurns.ts).
    return asTraderStatements(user.id, next);
  };
}

export function authRoutes(deps: AuthDeps): Hono<AppEnv> {
  const { db, broker, config, now, tokenCipher } = deps;
  const app = new Hono<AppEnv>();
  // Where the trader lands after the callback: the configured app, else this server (relative).
  const appOrigin = config.appOrigin ?? '';
  // A broker that registered an exact redirect URI (Schwab) gets exactly that one, both times.
  const callbackUrl = broker.callbackUrl ?? OWN_CALLBACK_PATH;
  const overHttps = servedOverHttps(deps);
  const sessionCookie = sessionCookieOf(deps);

  /**
   * The relaunch (docs/product.md, "Sign-in and sessions"): a tab without the per-tab flag comes
   * here, and while this browser's session and the broker's grant (tokens it can read, not past
   * their end) are valid it goes straight back signed in, the broker's page not shown and no state
   * issued. `prompt=login` (a logout on its way to the broker) always asks the broker.
   */
  app.get('/auth/authorize', async (c, next) => {
    const sessionId = getCookie(c, sessionCookie(c.req.url));
    if (!sessionId || c.req.query('prompt') === 'login') return next();
    const user = await findSessionUser(db, sessionId, now());
    if (!user || !(await loadBrokerTokens(db, tokenCipher, user.id))) return next();
    return c.redirect(`${appOrigin}/?status=success`, 302);
  });

  // After the silent answer: only a sign-in that goes to the broker counts as an attempt.
  const limitAttempts = limitSignIns(createSignInLimiter(now), config.trustedProxies);
  app.use('/auth/authorize', limitAttempts);
  app.use('/auth/callback', limitAttempts);

  app.get('/auth/authorize', async (c) => {
    const { nonce, state } = newOAuthBinding();
    await saveOAuthState(db, state, now());
    setCookie(c, OAUTH_COOKIE, nonce, {
      httpOnly: true,
      // Lax: the broker's redirect back is a top-level GET navigation, which Lax cookies accompany.
      sameSite: 'Lax',
      secure: overHttps(c.req.url),
      path: OAUTH_COOKIE_PATH,
      maxAge: STATE_MINUTES * 60,
    });
    return c.redirect(broker.authorizeUrl(state, callbackUrl), 302);
  });

  app.get('/auth/callback', async (c) => {
    const code = c.req.query('code');
    const state = c.req.query('state');
    const nonce = getCookie(c, OAUTH_COOKIE);
    deleteCookie(c, OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH, secure: overHttps(c.req.url) });
    try {
      // The browser check comes first: a stranger's state is refused without spending it.
      if (!code || !state || !stateMatchesNonce(state, nonce))
        throw new Error('State not issued to this browser');
      if (!(await consumeOAuthState(db, state, now()))) throw new Error('Bad or expired state');
      const identity = await broker.exchangeCode(code, callbackUrl);
      const previous = getCookie(c, sessionCookie(c.req.url));
      // One transaction that holds the trader's row from the upsert on, as a logout does
      // (`endSession`): a logout of the trader's last session elsewhere cannot delete the tokens
      // saved here before the session that needs them is in.
      const sessionId = await db.transaction(async (t) => {
        const tx = t as unknown as typeof db;
        const userId = await upsertUser(tx, broker.name, identity, now());
        await saveBrokerTokens(tx, tokenCipher, userId, identity.tokens, now());
        // The session this browser had (a logout made offline may have left it) ends here: the
        // new cookie replaces it, so nothing else would ever end it before it expires.
        if (previous) await deleteSession(tx, previous);
        return createSession(tx, userId, now());
      });
      setCookie(c, sessionCookie(c.req.url), sessionId, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: overHttps(c.req.url),
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
      fillsImportedAt: user.fillsImportedAt,
    };
    return c.json(body);
  });

  app.post('/auth/logout', async (c) => {
    const name = sessionCookie(c.req.url);
    const sessionId = getCookie(c, name);
    if (sessionId) await endSession(db, sessionId, now());
    deleteCookie(c, name, { path: '/', secure: overHttps(c.req.url) });
    return c.body(null, 204);
  });

  if (broker.name === 'demo') {
    app.get(DEMO_AUTHORIZE_PATH.replace('/api/v1', ''), (c) => {
      const state = c.req.query('state') ?? '';
      return c.html(demoLoginPage(state, OWN_CALLBACK_PATH));
    });
    app.get('/demo-broker/style.css', (c) => c.body(DEMO_LOGIN_CSS, 200, { 'Content-Type': 'text/css' }));
  }
  return app;
}
