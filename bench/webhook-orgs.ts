/**
 * Organizations for the webhook benchmark, each with its key, projects and a way to move them:
 * a change per call, each firing one `PROJECT_UPDATE` to the organization's configurations.
 */
import { join } from 'node:path';
import { openDatabase } from '../server/db/db';
import { createKey } from '../server/db/keys';
import { createOrganization, createUser } from '../server/db/organizations';
import { sqliteStorage } from '../server/db/storage';

export const HOOKS = '/v3/connectors/configuration/webhooks';

export type Call = <T>(path: string, method?: string, body?: object) => Promise<T>;

/** JSON calls to `base` with `key`; throws on an error status; a 204 answers null. */
export function apiFor(base: string, key: string): Call {
  return async <T>(path: string, method = 'GET', body?: object): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
}

/** `count` more organizations with a key each, written into the server's SQLite file. */
export async function createBenchKeys(dataDir: string, count: number): Promise<string[]> {
  const database = openDatabase(join(dataDir, 'wordbench.db'));
  try {
    const storage = sqliteStorage(database);
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `wb_bench_webhooks_org_${i}_0123456789`;
      await storage.transaction(async (tx) => {
        const orgId = await createOrganization(tx, `Bench ${i}`);
        await createKey(tx, await createUser(tx, orgId, `User ${i}`), key);
      });
      keys.push(key);
    }
    return keys;
  } finally {
    database.close();
  }
}

export interface BenchOrg {
  call: Call;
  /** One project move (backlog to inProgress and back, never to done): one event. */
  move(): Promise<unknown>;
  /** A configuration of this organization sending PROJECT_UPDATE to `url`; answers its id. */
  subscribe(url: string): Promise<number>;
}

/** A memory and `projects` projects for the key's organization. */
export async function benchOrg(base: string, key: string, projects: number): Promise<BenchOrg> {
  const call = apiFor(base, key);
  const memory = await call<{ id: number }>('/v2/memories', 'POST', {
    name: 'bench',
    srclang: 'en',
    trglang: 'es',
  });
  const ids: number[] = [];
  for (let i = 0; i < projects; i++) {
    const body = { name: `P${i}`, memory_id: memory.id };
    ids.push((await call<{ id: number }>('/v2/projects', 'POST', body)).id);
  }
  let moves = 0;
  return {
    call,
    move() {
      const n = moves++;
      const state = Math.floor(n / projects) % 2 === 0 ? 'inProgress' : 'backlog';
      return call('/v2/projects', 'PUT', { id: ids[n % projects]!, state });
    },
    async subscribe(url: string) {
      const body = { webhookName: url, webhookUrl: url, eventType: ['PROJECT_UPDATE'] };
      return (await call<{ id: number }>(HOOKS, 'POST', body)).id;
    },
  };
}
