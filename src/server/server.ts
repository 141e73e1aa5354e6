import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Broker } from './brokers/broker.ts';
import { createDemoBroker } from './brokers/demo/demoBroker.ts';
import type { ServerConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { createApp } from './http/app.ts';

export interface StartOptions {
  config: ServerConfig;
  /** The clock; tests pin it to check expiry without waiting. */
  now?: () => Date;
  broker?: Broker;
}

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const now = options.now ?? (() => new Date());
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const broker = options.broker ?? createDemoBroker();
  const app = createApp({ db: database.db, broker, config, now });

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    database,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold close() open; requests in flight still finish.
          (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
        });
        await database.close();
      })();
      return closing;
    },
  };
}
