import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from './app';
import type { LoggerOption } from './http/logging';
import type { QuotaOptions } from './http/quota';
import { ensureBootstrap } from './db/bootstrap';
import { openStorage } from './db/open-storage';
import { transportError } from './http/transport-security';

export interface StartOptions {
  /**
   * The data folder: created if missing; holds the `blobs` folder, and `wordbench.db` unless
   * `database` is given (then every process of the team server shares the folder).
   */
  dataDir: string;
  /** A team server's PostgreSQL database (`postgres://...`); default, SQLite in `dataDir`. */
  database?: string;
  host?: string;
  /** 0 picks a free port (what the desktop app does). */
  port?: number;
  /** Key to create on first start, or to add to an existing database (see `ensureBootstrap`). */
  bootstrapKey?: string;
  quota?: QuotaOptions;
  /** Failed authentications per address before 429 (default 20 per minute). */
  authThrottle?: AppOptions['authThrottle'];
  logger?: LoggerOption;
  version?: string;
  languages?: AppOptions['languages'];
  /** How long requests in flight may take to finish when the server stops (default 5 s). */
  closeGraceMs?: number;
  /** Largest file upload, in bytes (default 2 GiB). */
  maxUploadBytes?: number;
  /** Background work options (tests). */
  work?: AppOptions['work'];
  /** Serve HTTPS with this certificate chain and private key (PEM). */
  tls?: AppOptions['https'];
  /** A TLS-terminating proxy stands in front: plain HTTP on a non-loopback address is intended. */
  behindTlsProxy?: boolean;
  /** The webhook dispatcher's options (`webhookAllow`: private hosts a team server may send to). */
  webhooks?: AppOptions['webhooks'];
  /** Create's default engine, and whether a team server takes local engines. */
  create?: AppOptions['create'];
  /** Each step of the start as it begins, for whoever waits on it (the desktop app shows them). */
  onProgress?: (step: string) => void;
}

export interface RunningServer {
  /** `http(s)://HOST:PORT` with the port actually bound. */
  url: string;
  port: number;
  /** The generated first key of a new data folder; shown once, never stored in clear. */
  createdKey?: string;
  /** Stops accepting requests, finishes those in flight, then closes the database. */
  close(): Promise<void>;
}

/**
 * Stops accepting, lets requests in flight finish, and after `graceMs` cuts the connections that
 * are still open (a stalled upload must not keep the server from stopping; its temp file is
 * removed at the next start).
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const closed = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
}

/** Opens the data folder, makes sure it has a key, and listens. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { dataDir, host = '127.0.0.1', port = 0 } = options;
  const refused = transportError(host, options);
  if (refused) throw new Error(refused);
  // Only this user should read the data folder: it holds translations and key hashes.
  const progress = options.onProgress ?? (() => undefined);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  progress('opening the database');
  const opened = await openStorage({ dataDir, database: options.database });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    // One storage for the bootstrap and the app: on SQLite, one Kysely serializing the queries.
    const { storage } = opened;
    progress('checking the API key');
    const bootstrap = await ensureBootstrap(storage, { key: options.bootstrapKey });
    progress('loading the API');
    app = await buildApp({
      storage,
      version: options.version,
      quota: options.quota,
      authThrottle: options.authThrottle,
      logger: options.logger,
      languages: options.languages,
      dataDir,
      maxUploadBytes: options.maxUploadBytes,
      work: options.work,
      https: options.tls,
      webhooks: options.webhooks,
      create: options.create,
    });
    progress('opening its port');
    await app.listen({ host, port });
    const bound = (app.server.address() as AddressInfo).port;
    const running = app;
    let closing: Promise<void> | undefined;
    return {
      url: `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${bound}`,
      port: bound,
      createdKey: bootstrap.key,
      close: () => {
        closing ??= closeWithin(running, options.closeGraceMs ?? 5_000).finally(() =>
          opened.close(),
        );
        return closing;
      },
    };
  } catch (error) {
    await app?.close();
    await opened.close();
    throw error;
  }
}
