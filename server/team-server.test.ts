import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../shared/api/documents';
import type { Project } from '../shared/api/projects';
import type { TranslationMemoryEntry } from '../shared/api/tm';
import { cliProcesses, printedKey } from './cli/cli-process';
import { dropSharedPgDatabase, sharedPgDatabase } from './db/shared-pg-test-support';
import { basic, tempDir } from './test-support';
import { until as eventually } from './until-test-support';

// Issue 13: two server processes on one PostgreSQL database and one blob folder behave as one
// server. Real processes (the CLI, as an operator starts them), a real cluster, real HTTP.
const KEY = 'wb_team-key-0123456789';
const cli = cliProcesses();
let dir: string;
let database: string;
let a: string;
let b: string;
let serverA: Awaited<ReturnType<typeof cli.serve>>;

function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
  key = KEY,
) {
  const isBytes = typeof init.body === 'string';
  return fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: basic(key),
      'content-type': isBytes ? 'application/octet-stream' : 'application/json',
    },
    ...(init.body === undefined
      ? {}
      : { body: isBytes ? (init.body as string) : JSON.stringify(init.body) }),
  });
}

async function json<T>(response: Promise<Response> | Response): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${answer.status} ${answer.url}: ${text}`);
  return JSON.parse(text) as T;
}

async function newProject(base: string, name: string): Promise<Project> {
  const memory = await json<{ id: number }>(
    call(base, '/v2/memories', { body: { name: `${name} TM`, srclang: 'en', trglang: 'es' } }),
  );
  return json<Project>(call(base, '/v2/projects', { body: { name, memory_id: memory.id } }));
}

function upload(
  base: string,
  projectId: number,
  name: string,
  text: string,
  pretranslate?: string,
) {
  return fetch(`${base}/v2/documents/files`, {
    method: 'POST',
    headers: {
      authorization: basic(KEY),
      'content-type': 'application/octet-stream',
      name,
      project_id: String(projectId),
      ...(pretranslate ? { pretranslate } : {}),
    },
    body: text,
  });
}

beforeAll(async () => {
  database = await sharedPgDatabase('team');
  dir = tempDir();
  // A killed process's work is taken over once its lease runs out: 2 s here, 30 s by default.
  process.env.WORDBENCH_WORK_LEASE_MS = '2000';
  const args = ['--database', database, '--data', dir, '--bootstrap-key', KEY];
  serverA = await cli.serve(args);
  a = serverA.url;
  b = (await cli.serve(args)).url;
});

afterAll(async () => {
  delete process.env.WORDBENCH_WORK_LEASE_MS;
  await cli.stop();
  if (database) await dropSharedPgDatabase(database);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL database', () => {
  it('matches through B, within a second, a unit confirmed through A', async () => {
    const project = await newProject(a, 'Help');
    const lookup = () =>
      json<TranslationMemoryEntry[]>(
        call(
          b,
          `/v2/memories/query?id=${project.memory_id}&query=${encodeURIComponent('Save it now.')}`,
        ),
      );
    // B has loaded the memory's index before the unit exists: only the change feed can tell it.
    expect(await lookup()).toEqual([]);
    const document = await json<DocumentWithSegments>(
      upload(a, project.id, 'help.txt', 'Open the file. Save it now. Close the window.'),
    );
    const save = document.segments[1]!;
    await json(
      call(a, '/v2/segments', { method: 'PUT', body: { id: save.id, target: 'Guárdelo ahora.' } }),
    );
    await eventually(async () => (await lookup())[0]?.score === 100, 'the 100 match on B');
    expect((await lookup())[0]).toMatchObject({ target: 'Guárdelo ahora.', score: 100 });
  });

  it("shows on B's board a project moved on A", async () => {
    const project = await newProject(a, 'Board');
    const stateOnB = async () =>
      (await json<Project[]>(call(b, `/v2/projects`))).find((p) => p.id === project.id)?.state;
    // B has built (and cached) its board before the move.
    expect(await stateOnB()).toBe('backlog');
    await json(
      call(a, '/v2/projects', { method: 'PUT', body: { id: project.id, state: 'inReview' } }),
    );
    await eventually(async () => (await stateOnB()) === 'inReview', 'the move on B');
  });

  it('finishes on B a pretranslation started on A when A is killed with SIGKILL', async () => {
    const project = await newProject(a, 'Kill');
    const lines = Array.from({ length: 6_000 }, (_, i) => `The report number ${i + 1} is ready.`);
    const started = await json<DocumentWithSegments>(
      upload(a, project.id, 'reports.txt', lines.join('\n'), 'TM+MT'),
    );
    expect(started.is_pretranslating).toBe(true);
    const progress = () => json<DocumentWithSegments>(call(b, `/v2/documents?id=${started.id}`));
    await eventually(async () => ((await progress()).pretranslated ?? 0) > 0, 'progress on A');
    serverA.child.kill('SIGKILL');
    const killedAt = await progress();
    expect(killedAt.is_pretranslating).toBe(true);
    await eventually(async () => !(await progress()).is_pretranslating, 'B to finish it');
    const done = await progress();
    expect(done).toMatchObject({
      status: { pretranslation: 'idle' },
      pretranslated: 6_000,
      to_pretranslate: 6_000,
      pretranslation_error: null,
    });
    expect(done.segments.every((segment) => segment.target !== '')).toBe(true);
  });

  it('refuses request 4,001 of a minute whichever process it reaches', async () => {
    const made = await cli.run(['keys', 'create', '--user', 'Quota', '--database', database]);
    const key = printedKey(made.stdout);
    const servers = [b, b];
    // A was killed above; a third process joins B, as a load balancer would spread requests.
    servers[1] = (await cli.serve(['--database', database, '--data', dir])).url;
    let accepted = 0;
    for (let batch = 0; batch < 100; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => call(servers[i % 2]!, '/v2/languages', {}, key)),
      );
      for (const answer of answers) {
        await answer.arrayBuffer();
        if (answer.status === 200) accepted += 1;
      }
    }
    expect(accepted).toBe(4_000);
    for (const server of servers) {
      expect((await call(server, '/v2/languages', {}, key)).status).toBe(429);
    }
  });
});
