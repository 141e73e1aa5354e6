import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { messages } from '../domain/messages.ts';
import { createAccountRepository } from './accounts/accountRepository.ts';
import { accountRoutes } from './accounts/accountRoutes.ts';
import { createAccountService } from './accounts/accountService.ts';
import { createAlertRepository } from './alerts/alertRepository.ts';
import { alertRoutes, pushRoutes } from './alerts/alertRoutes.ts';
import { type AlertWatcher, startAlertWatcher } from './alerts/alertWatcher.ts';
import type { PushSender } from './alerts/pushSender.ts';
import type { VapidKeys } from './alerts/vapidKeys.ts';
import type { AppEnv } from './appEnv.ts';
import { authRoutes, requireUser } from './auth/authRoutes.ts';
import { brokerSignIns } from './auth/brokerSignIns.ts';
import { createImportClock } from './auth/importClock.ts';
import type { TokenCipher } from './auth/tokenCipher.ts';
import { backupRoutes } from './backup/backupRoutes.ts';
import { createBackupService } from './backup/backupService.ts';
import type { Broker } from './brokers/broker.ts';
import { createBrokerAccess } from './brokers/brokerAccess.ts';
import { createCandleRepository } from './candles/candleRepository.ts';
import { candleRoutes } from './candles/candleRoutes.ts';
import { createCandleService } from './candles/candleService.ts';
import type { ServerConfig } from './config.ts';
import { type Database, isDatabaseReachable } from './db/database.ts';
import { createEdgeRepository } from './edges/edgeRepository.ts';
import { edgeRoutes } from './edges/edgeRoutes.ts';
import { isRestoreRequest, isStatementImport, MAX_BODY_BYTES } from './http/body.ts';
import { compressJson } from './http/compression.ts';
import { errorResponse } from './http/errors.ts';
import {
  createHeavyCalls,
  createTraderRequestLimiter,
  type HeavyCalls,
  heavyCall,
  type TraderRequestLimiter,
} from './http/fairShare.ts';
import { sameOriginWrites, securityHeaders } from './http/security.ts';
import { serveApp } from './http/static.ts';
import { marketCycleRoutes } from './marketCycle/marketCycleRoutes.ts';
import { createMarketCycleService } from './marketCycle/marketCycleService.ts';
import { type OrderFollower, startOrderFollower } from './orders/orderFollower.ts';
import { createOrderRepository } from './orders/orderRepository.ts';
import { orderRoutes } from './orders/orderRoutes.ts';
import { createOrderService } from './orders/orderService.ts';
import { activePlansOf, plansOfSetups } from './plans/planQueries.ts';
import { createPlanRepository } from './plans/planRepository.ts';
import { planRoutes } from './plans/planRoutes.ts';
import { quoteRoutes } from './quotes/quoteRoutes.ts';
import { createQuoteService } from './quotes/quoteService.ts';
import { createSettingsRepository } from './settings/settingsRepository.ts';
import { settingsRoutes } from './settings/settingsRoutes.ts';
import { createSetupRepository } from './setups/setupRepository.ts';
import { setupRoutes } from './setups/setupRoutes.ts';
import { createSetupService } from './setups/setupService.ts';
import { statsRoutes } from './stats/statsRoutes.ts';
import { createStatsService } from './stats/statsService.ts';
import { createSyncCursors } from './sync/syncCursor.ts';
import { syncRoutes } from './sync/syncRoutes.ts';
import { createSyncService } from './sync/syncService.ts';
import { createBrokerImport } from './trades/brokerImport.ts';
import { fillsOf } from './trades/fillRepository.ts';
import { fillRoutes } from './trades/fillRoutes.ts';
import { createOwnSymbols } from './trades/ownSymbols.ts';
import { createStatementImport, type StatementMappings } from './trades/statementImport.ts';
import { statementRoutes } from './trades/statementRoutes.ts';
import { createTradeBook, tradesOf } from './trades/tradeBook.ts';
import { tradeRoutes } from './trades/tradeRoutes.ts';

/**
 * The reads of a whole collection, the statistics and candles: each takes one of the trader's read
 * slots (http/fairShare.ts, lane `reads`). A restore, a backup download, an import and a full sync
 * take the journal's slot in their own routes.
 */
const HEAVY_READS = [
  '/accounts',
  '/edges',
  '/tradesetups',
  '/tradeplans',
  '/executions',
  '/trades',
  '/stats',
  '/candles',
] as const;

/** What every route may use: injected once, so tests can pin the clock. */
export interface AppDeps {
  db: Database;
  broker: Broker;
  config: ServerConfig;
  now: () => Date;
  tokenCipher: TokenCipher;
  /** The key pair pushes are signed with (alerts/vapidKeys.ts), and what sends them. */
  vapidKeys: VapidKeys;
  push: PushSender;
  /** How often the alert watcher looks (every 15 s unless a test says otherwise). */
  alertEveryMs?: number;
  /** How often working orders are followed with no app reading them (orders/orderFollower.ts). */
  orderFollowEveryMs?: number;
  /** Each trader's rate of requests (http/fairShare.ts); the app makes one when it is not given. */
  requests?: TraderRequestLimiter;
  /** Each trader's heavy calls, one at a time (http/fairShare.ts); likewise. */
  heavy?: HeavyCalls;
}

/**
 * The whole product as one Hono app: the API under /api/v1, and the built PWA; and the alert
 * watcher and order follower it started (alerts/alertWatcher.ts, orders/orderFollower.ts), for
 * the server to stop.
 */
export function createApp(appDeps: AppDeps): {
  app: Hono<AppEnv>;
  alertWatcher: AlertWatcher;
  orderFollower: OrderFollower;
} {
  const { db, config, now } = appDeps;
  // Each trader's fair share (http/fairShare.ts): a rate of requests, heavy calls and reads in turn.
  const deps: AppDeps = {
    ...appDeps,
    requests: appDeps.requests ?? createTraderRequestLimiter({ perSecond: config.traderRequestsPerSecond }),
  };
  const heavy = appDeps.heavy ?? createHeavyCalls();
  const brokerAccess = createBrokerAccess({ ...deps, signIns: brokerSignIns(deps.tokenCipher) });
  // Names play no part in the heat or a score, so the broker is not asked for them. Accounts and
  // setups are given what they figure from, as trades/ and plans/ read them themselves.
  const accounts = createAccountService(
    createAccountRepository(db, now),
    brokerAccess,
    async (userId) => {
      const [trades, plans] = await Promise.all([tradesOf(db, userId, []), activePlansOf(db, userId)]);
      return { trades, plans };
    },
    async (q, userId, accountId) =>
      (await fillsOf(q, userId)).filter((f) => f.accountId === accountId).length,
  );
  const book = createTradeBook(db, now);
  const ownSymbols = createOwnSymbols(db, book);
  const edges = createEdgeRepository(db, now);
  const setups = createSetupService(createSetupRepository(db, now), async (userId, setupId) => {
    const [plans, trades] = await Promise.all([plansOfSetups(db, userId, setupId), tradesOf(db, userId, [])]);
    return { plans, trades };
  });
  const plans = createPlanRepository(db, now);
  const settings = createSettingsRepository(db, now);
  // The broker's import sees the broker's accounts only: an account added by hand has no fills there.
  const brokerImport = createBrokerImport(
    book,
    { ...accounts, list: accounts.brokerAccounts },
    brokerAccess.executions,
    createImportClock(db),
    now,
  );
  const orderRepository = createOrderRepository(db);
  const orders = createOrderService({
    db,
    repository: orderRepository,
    plans,
    accounts,
    brokerAccess,
    importFills: brokerImport.orderFilled,
    now,
  });
  const orderFollower = startOrderFollower(orders, now, deps.orderFollowEveryMs);
  const cycles = createMarketCycleService(brokerAccess, config.marketCycleSymbol, now);
  const alerts = createAlertRepository(db, now);
  const alertWatcher = startAlertWatcher({
    db,
    repository: alerts,
    brokerAccess,
    push: deps.push,
    now,
    everyMs: deps.alertEveryMs,
  });

  const app = new Hono<AppEnv>();
  app.onError(errorResponse);
  const tls = config.tls !== undefined;
  app.use(securityHeaders(undefined, { tls }));

  app.get('/healthz', async (c) =>
    (await isDatabaseReachable(db))
      ? c.json({ status: 'ok' })
      : c.json({ status: 'database unreachable' }, 503),
  );

  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use(compressJson());
  api.use(sameOriginWrites([config.appOrigin, deps.broker.callbackUrl], { tls }));
  const oneMegabyte = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the upload is never read, so the connection cannot carry another request.
    onError: (c) => c.json({ message: messages.bodyTooLarge }, 413, { Connection: 'close' }),
  });
  // A restore carries a whole journal, an import a statement file: each route has its own, larger,
  // limit (backup/backupRoutes.ts, trades/statementRoutes.ts).
  api.use((c, next) =>
    isRestoreRequest(c.req.method, c.req.path) || isStatementImport(c.req.method, c.req.path)
      ? next()
      : oneMegabyte(c, next),
  );
  api.route('/', authRoutes(deps));

  const guarded = new Hono<AppEnv>();
  guarded.use(requireUser(deps));
  for (const path of HEAVY_READS) guarded.get(path, heavyCall(heavy, 'read'));
  guarded.route('/accounts', accountRoutes(accounts));
  guarded.route('/market-cycle', marketCycleRoutes(cycles));
  guarded.route('/edges', edgeRoutes(edges));
  guarded.route('/tradesetups', setupRoutes(setups));
  guarded.route('/tradeplans', planRoutes(plans, accounts, cycles, orderRepository.hasOpen));
  guarded.route('/executions', fillRoutes(book, now));
  guarded.route('/trades', tradeRoutes(book, accounts, brokerImport, heavy));
  // The trader's saved column mappings are one of their settings (docs/product.md, "Settings").
  const mappingsOf: StatementMappings = async (userId) => (await settings.get(userId)).statementMappings;
  guarded.route('/fills', statementRoutes(createStatementImport(db, book, mappingsOf, now), heavy));
  guarded.route(
    '/sync',
    syncRoutes(
      createSyncService({ db, accounts, cycles, edges, setups, plans, settings, book, heavy }),
      createSyncCursors(deps.tokenCipher),
    ),
  );
  guarded.route(
    '/backup',
    backupRoutes(createBackupService(db, now), now, (userId) => brokerAccess.accounts(userId), heavy),
  );
  guarded.route('/stats', statsRoutes(createStatsService(db), accounts, now));
  guarded.route('/quotes', quoteRoutes(createQuoteService(ownSymbols, brokerAccess, now)));
  guarded.route(
    '/candles',
    candleRoutes(createCandleService(db, createCandleRepository(db, now), ownSymbols, brokerAccess, now)),
  );
  guarded.route('/push', pushRoutes(alerts, deps.vapidKeys.publicKey, config.pushServiceHosts));
  guarded.route('/alerts', alertRoutes(alerts));
  guarded.route('/orders', orderRoutes(orders));
  guarded.route('/settings', settingsRoutes(settings));
  api.route('/', guarded);
  api.all('*', (c) => c.json({ message: messages.notFound }, 404));

  app.route('/api/v1', api);
  app.all('/api/*', (c) => c.json({ message: messages.notFound }, 404));
  app.use(serveApp(config.staticDir));
  return { app, alertWatcher, orderFollower };
}
