import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Memory } from '../../../shared/api/memories';
import type { Project } from '../../../shared/api/projects';
import { startServer, type RunningServer } from '../../../server/start';
import { defaultCommentsBaseUrl } from '../connection-settings';
import { createGateway, type Gateway } from '../gateway/gateway';
import { createUploads, type Uploads } from '../transfers/uploads';

export interface RealServer {
  /** A temporary folder of the test file's own, removed after it. */
  folder: string;
  server: RunningServer;
  /** The app's gateway to it, comments at `{server}/2` as the app derives them. */
  gateway: Gateway;
  uploads: Uploads;
}

/** The server's key: tests check it never travels where it should not. */
export const REAL_SERVER_KEY = 'wb_ipc_real_server_test_key_0001';

/**
 * For the channel tests that run against the real embedded server: starts one for the calling
 * `describe` (its fields are filled before its tests run) and closes and removes it after them.
 * Hooks the caller registers after this one run after the server starts and before it closes.
 */
export function useRealServer(name: string): RealServer {
  const real = {} as RealServer;
  beforeAll(async () => {
    real.folder = mkdtempSync(join(tmpdir(), `wordbench-${name}-ipc-`));
    real.server = await startServer({
      dataDir: join(real.folder, 'server'),
      bootstrapKey: REAL_SERVER_KEY,
      logger: false,
    });
    real.gateway = createGateway({
      target: () => ({
        baseUrl: real.server.url,
        commentsBaseUrl: defaultCommentsBaseUrl(real.server.url),
        apiKey: REAL_SERVER_KEY,
      }),
    });
    real.uploads = createUploads(() => {});
  });
  afterAll(async () => {
    await real.server?.close();
    if (real.folder) rmSync(real.folder, { recursive: true, force: true });
  });
  return real;
}

/** A new en -> es memory and a project on it, for a document to be uploaded into. */
export async function newProject(gateway: Gateway, name: string): Promise<Project> {
  const memory = await gateway.json<Memory>({
    method: 'POST',
    path: '/v2/memories',
    json: { name: `${name} memory`, srclang: 'en', trglang: 'es' },
  });
  return gateway.json<Project>({
    method: 'POST',
    path: '/v2/projects',
    json: { name, memory_id: memory.id },
  });
}
