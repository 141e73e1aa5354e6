import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AlertWatcher } from './alerts/alertWatcher.ts';
import { createPushSender, type PushSenderOptions } from './alerts/pushSender.ts';
import { loadVapidKeys } from './alerts/vapidKeys.ts';
import { createApp } from './app.ts';
import { startExpiryPurge } from './auth/expiryPurge.ts';
import { createTokenCipher, loadDataKey } from './auth/tokenCipher.ts';
import type { Broker } from './brokers/broker.ts';
import { createDemoBroker } from './brokers/demo/demoBroker.ts';
import { createSchwabBroker } from './brokers/schwab/schwabBroker.ts';
import type { ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import type { HeavyCalls } from './http/fairShare.ts';
import type { OrderFollower } from './orders/orderFollower.ts';
import type { StatementMappings } from './trades/statementImport.ts';

/** How long requests in flight may take to finish once the server is asked to stop. */
const DRAIN_TIMEOUT_MS = 10_000;

export interface StartOptions {
  config: ServerConfig;
  /** The clock; tests pin it to check expiry without waiting. */
  now?: () => Date;
  broker?: Broker;
  /** How often expired OAuth states and sessions are purged; tests shorten it. */
  purgeEveryMs?: number;
  /** Hears every statement sent to the database (db/database.ts); tests count parameters with it. */
  onQuery?: (query: string, params: unknown[]) => void;
  /** The traders' heavy calls (http/fairShare.ts), when a test watches them; the app makes its own otherwise. */
  heavy?: HeavyCalls;
  /**
   * How often the alert watcher looks (15 s otherwise), and how pushes are sent
   * (alerts/pushSender.ts): a test's https agent, waits, resolver, and loopback allowed for a
   * test's local push service (never from the configuration).
   */
  alerts?: { everyMs?: number } & Omit<PushSenderOptions, 'hosts'>;
  /** How often working orders are followed with no app reading them (orders/orderFollower.ts). */
  orderFollowEveryMs?: number;
  /** The traders' saved column mappings for statement imports (app.ts `AppDeps`). */
  statementMappings?: StatementMappings;
}

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  /** The alert watcher this server started; tests call its `tick`. */
  alertWatcher: AlertWatcher;
  /** The order follower this server started; tests call its `tick`. */
  orderFollower: OrderFollower;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

function createBroker(config: ServerConfig, now: () => Date): Broker {
  if (config.broker === 'schwab' && config.schwab) return createSchwabBroker({ ...config.schwab, now });
  return createDemoBroker({ now });
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    onQuery: options.onQuery,
  });
  const broker = options.broker ?? createBroker(config, now);
  const tokenCipher = createTokenCipher(loadDataKey(config.dataKey, config.dataDir));
  const vapidKeys = loadVapidKeys(config.vapidKeys, config.dataDir);
  const { app, alertWatcher, orderFollower } = createApp({
    db: database.db,
    broker,
    config,
    now,
    tokenCipher,
    vapidKeys,
    push: createPushSender(vapidKeys, config.vapidSubject, {
      ...options.alerts,
      hosts: config.pushServiceHosts,
    }),
    ...(options.alerts?.everyMs !== undefined ? { alertEveryMs: options.alerts.everyMs } : {}),
    ...(options.orderFollowEveryMs !== undefined ? { orderFollowEveryMs: options.orderFollowEveryMs } : {}),
    ...(options.heavy ? { heavy: options.heavy } : {}),
    ...(options.statementMappings ? { statementMappings: options.statementMappings } : {}),
  });
  const expiryPurge = startExpiryPurge(database.db, now, options.purgeEveryMs);

  const tls = config.tls
    ? {
        createServer: createHttpsServer,
        serverOptions: { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) },
      }
    : {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host, ...tls }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  // Keep-alive clients would keep a closing server busy forever: once draining, every answer
  // (in flight or new) tells its client to close the connection, and a late straggler is cut.
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  let closing: Promise<void> | undefined;
  return {
    url: `${config.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    port,
    database,
    alertWatcher,
    orderFollower,
    close() {
      closing ??= (async () => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => http.closeAllConnections(), DRAIN_TIMEOUT_MS);
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          http.closeIdleConnections();
        });
        await expiryPurge.stop();
        await alertWatcher.stop();
        await orderFollower.stop();
        await database.close();
      })();
      return closing;
    },
  };
}
