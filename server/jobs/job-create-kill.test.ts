import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../shared/api/jobs';
import { count, integrityProblems, observe } from '../data-integrity';
import { crash, KILL_TEST_KEY, serverProcesses, until, type ServerProcess } from '../kill-support';
import { call } from '../kill-requests';
import { tempDir } from '../test-support';

// A job's creation killed (SIGKILL) while its documents are being imported starts over after the
// restart: it ends COMPLETE with one project per pair and one whole document per file, and
// nothing the killed attempt made is left behind.

const processes = serverProcesses();
const dirs: string[] = [];
afterEach(() => {
  processes.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LINES = 4_000;
const manual = (tag: string) =>
  Array.from({ length: LINES }, (_, i) => `${tag}: step ${i + 1}, open the menu.`).join('\n\n');
const TARGETS = ['es', 'ca', 'fr'];

async function upload(server: ServerProcess, name: string, body: string): Promise<number> {
  const response = await fetch(`${server.url}/v2/files?name=${name}`, {
    method: 'POST',
    headers: { key: KILL_TEST_KEY, 'content-type': 'application/octet-stream' },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const jobOf = async (server: ServerProcess, id: number) =>
  (await call(server, 'GET', `/v2/jobs/${id}`)).json as Job;

describe('a job creation killed mid-way', () => {
  it('starts over after the restart and ends COMPLETE, whole', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let server = await processes.serve(dataDir);
    const pairs = [];
    for (const trgLang of TARGETS) {
      const memory = await call(server, 'POST', '/v2/memories', {
        name: trgLang,
        srclang: 'en',
        trglang: trgLang,
      });
      pairs.push({ trgLang, memoryId: (memory.json as { id: number }).id });
    }
    const fileIds = [
      await upload(server, 'a.txt', manual('A')),
      await upload(server, 'b.txt', manual('B')),
    ];
    const created = await call(server, 'POST', '/v2/jobs', {
      name: 'Manuals',
      srcLang: 'en',
      srcLocale: 'US',
      fileIds,
      languagePairs: pairs,
    });
    expect(created.status).toBe(200);
    const id = (created.json as Job).id;
    const db = observe(dataDir);
    const documents =
      'SELECT count(*) AS n FROM documents d JOIN projects p ON p.id = d.project_id WHERE p.job_id = ?';
    // Killed once the first document is written and before the last one is.
    await until(() => count(db, documents, id) > 0, 'a first document of the job');
    db.close();
    await crash(server.child);
    const killed = observe(dataDir);
    const pending = "SELECT count(*) AS n FROM jobs WHERE id = ? AND creation_status = 'PENDING'";
    expect(count(killed, pending, id)).toBe(1);
    killed.close();

    server = await processes.serve(dataDir);
    let job = await jobOf(server, id);
    // No deadline: the test's timeout is the hang guard (vitest.config.ts).
    while (job.creationStatus === 'PENDING') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await jobOf(server, id);
    }
    expect(job.creationStatus, job.creationError ?? '').toBe('COMPLETE');
    expect(job.stats.projects.map((p) => p.trgLang)).toEqual(TARGETS);
    await crash(server.child);
    expect(integrityProblems(dataDir)).toEqual([]);
    const after = observe(dataDir);
    // Only the projects of the finished attempt, each with both files, whole and shown.
    expect(count(after, 'SELECT count(*) AS n FROM projects WHERE job_id = ?', id)).toBe(3);
    expect(count(after, documents, id)).toBe(6);
    const segments =
      'SELECT count(*) AS n FROM segments s JOIN documents d ON d.id = s.document_id ' +
      'JOIN projects p ON p.id = d.project_id WHERE p.job_id = ? AND d.import_in_progress = 0';
    expect(count(after, segments, id)).toBe(6 * LINES);
    after.close();
  });
});
