import Fastify, { type FastifyInstance } from 'fastify';
import type { LanguagesResponse } from '../shared/api/languages';
import { join } from 'node:path';
import { createBlobStore, DEFAULT_MAX_UPLOAD_BYTES } from './blobs/blob-store';
import { dataFolder } from './blobs/data-folder';
import { createCommentService } from './comments/comment-service';
import { registerDocuments } from './documents/register';
import { registerFileTranslations } from './file-translation/register';
import { registerFiles } from './files/register';
import { registerJobs } from './jobs/register';
import { registerWebhooks, type WebhooksOptions } from './webhooks/register';
import { registerCreate, type CreateOptions } from './create/register';
import { registerAuth } from './http/auth';
import type { AuthThrottleOptions } from './http/auth-throttle';
import { registerErrorHandlers } from './http/errors';
import { registerJsonParser } from './http/json-body';
import { registerStrictQuery } from './http/strict-query';
import { loggerOptions, type LoggerOption } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { DEFAULT_QUOTA, registerQuota, type QuotaOptions } from './http/quota';
import { genReqId, registerRequestId } from './http/request-id';
import { createSharedQuota } from './http/shared-quota';
import { registerValidation } from './http/validation';
import { lazySerializers } from './http/lazy-schemas';
import { registerMemories } from './memories/register';
import type { TmEngine } from './memories/registry';
import { apertiumLanguages } from './mt/apertium-pairs';
import type { MtEngine } from './mt/engine';
import { commentsRoutes } from './comments/routes';
import { domainsRoutes } from './domains/routes';
import { healthRoutes } from './health/routes';
import { languagesRoutes } from './languages/routes';
import { projectMoveEvents } from './projects/project-events';
import { projectsRoutes } from './projects/routes';
import { translateRoutes } from './translate/routes';
import { registerSegments } from './segments/register';
import { registerMtEngine } from './translate/mt-engine';
import { registerUploads } from './uploads/register';
import { registerWorkQueue, type WorkOptions } from './work/register';
import { registerWorkflows } from './workflows/register';
import type { Database } from './db/db';
import { sqliteStorage, type Storage } from './db/storage';
import { dataVersionOf } from './db/data-version';

export interface AppOptions {
  /** An open SQLite database (see `openDatabase`), when no `storage` is given; not closed here. */
  db?: Database;
  /** Serve HTTPS with this certificate chain and key (PEM); plain HTTP without. */
  https?: { cert: string | Buffer; key: string | Buffer };
  /** The database (SQLite or PostgreSQL, see db/open-storage.ts); by default one over `db`. */
  storage?: Storage;
  /** Reported by `/health` and `/openapi.json`. */
  version?: string;
  /** Per-key request quota; defaults to 4000 per 60 s, then 60 s blocked. */
  quota?: QuotaOptions;
  /** Failed authentications per address: 20 per 60 s by default, then 429; `null`, no limit. */
  authThrottle?: AuthThrottleOptions | null;
  /** Clock for the quota, the auth throttle and the signed upload URLs, injectable for tests. */
  now?: () => number;
  /** MT language discovery; defaults to the installed Apertium modes, discovered once. */
  languages?: () => Promise<LanguagesResponse> | LanguagesResponse;
  logger?: LoggerOption;
  /** Largest JSON body accepted, in bytes (Fastify's default: 1 MiB). */
  bodyLimit?: number;
  /** The data folder (blobs go to `<dataDir>/blobs`); defaults to the database's folder. */
  dataDir?: string;
  /** Largest file upload, in bytes (default 2 GiB). */
  maxUploadBytes?: number;
  /** The background work queue: concurrency, clock, `paused` for tests. */
  work?: WorkOptions;
  /** The translation memory engine; server/tm/ unless a test wraps it. */
  tmEngine?: TmEngine;
  /**
   * Machine translation: omitted, one Apertium engine that the app closes with itself; `null`,
   * no MT; an engine, the caller's (shared, closed by the caller).
   */
  mt?: MtEngine | null;
  /**
   * The webhook dispatcher: clock, backoff and limits for tests, `webhookAllow` (private hosts or
   * networks a team server may still send to), `paused` to leave deliveries in the database.
   */
  webhooks?: WebhooksOptions;
  /**
   * Create's text engines: the server's default (`defaultEngine`), and whether a team server
   * takes llama model paths and private base URLs from its users (`allowLocalEngines`).
   */
  create?: CreateOptions;
  /** Compile every route's validators and serializers before listening, not on first use (tests). */
  eagerSchemas?: boolean;
}

/**
 * Builds the API server without listening: tests use `app.inject`, `startServer` listens.
 * Cross-cutting hooks are added straight to the root instance (not as encapsulated plugins) so
 * they cover every route, the 404 handler included; each area's routes are one plugin.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const storage = options.storage ?? sqliteStorage(required(options.db));
  const version = options.version ?? '0.0.0-dev';
  const app = Fastify({
    logger: loggerOptions(options.logger),
    genReqId,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.https ? { https: options.https } : {}),
    schemaController: {
      compilersFactory: { buildSerializer: lazySerializers(options.eagerSchemas) },
    },
    // An https.Server has every http.Server method the app uses (closeAllConnections included).
  }) as unknown as FastifyInstance;

  registerRequestId(app);
  registerValidation(app, options.eagerSchemas);
  registerErrorHandlers(app);
  registerStrictQuery(app);
  registerJsonParser(app);
  registerAuth(app, storage, { throttle: options.authThrottle, now: options.now });
  const quota = options.quota ?? DEFAULT_QUOTA;
  // Processes of a team server share one count; one desktop's server counts in memory.
  const sharedQuota =
    storage.dialect === 'postgres' ? createSharedQuota(storage, quota, options.now) : undefined;
  registerQuota(app, quota, options.now, sharedQuota);
  await registerOpenApi(app, version);
  registerMtEngine(app, options.mt);

  await app.register(healthRoutes, { version });
  await app.register(languagesRoutes, { languages: options.languages ?? apertiumLanguages() });
  const dataVersion = dataVersionOf(storage);
  app.addHook('onClose', () => dataVersion.close());
  await app.register(projectsRoutes, { storage, dataVersion });
  const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const folder = dataFolder(storage.sqlite, options.dataDir);
  const blobDir = join(folder.dir, 'blobs');
  const blobs = createBlobStore(storage, blobDir);
  const cleaned = await blobs.recover();
  if (cleaned.tempFiles + cleaned.orphans > 0) {
    app.log.info(cleaned, 'cleaned up blobs after an interrupted run');
  }
  const { work, stop } = registerWorkQueue(app, storage, options.work);
  app.addHook('onClose', async () => {
    await stop();
    folder.removeIfTemporary();
  });
  const shared = { blobs, work, maxUploadBytes };

  const { fileService } = await registerFiles(app, { ...shared, storage });
  await registerUploads(app, { ...shared, storage, blobDir, fileService, now: options.now });
  await registerMemories(app, { ...shared, storage, version, engine: options.tmEngine });
  const documents = await registerDocuments(app, { storage, work });
  const comments = createCommentService(storage);
  const workflows = await registerWorkflows(app, { storage, moved: projectMoveEvents(storage) });
  await registerSegments(app, {
    storage,
    records: documents.records,
    comments,
    workflows: workflows.advance,
  });
  await registerFileTranslations(app, { ...shared, storage, pool: documents.pool });
  await registerJobs(app, { ...shared, storage, ...documents, version });
  await registerWebhooks(app, storage, { version, ...options.webhooks });
  await registerCreate(app, storage, options.create);
  await app.register(commentsRoutes, { comments });
  await app.register(translateRoutes, { storage, tm: app.tm, mt: app.mt });
  await app.register(domainsRoutes, { mt: app.mt });
  return app;
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('buildApp needs a database: `storage` or `db`');
  return value;
}
