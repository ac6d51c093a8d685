import { rmSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationInfo } from '../../shared/api/file-translation';
import { count, integrityProblems, observe } from '../data-integrity';
import { crash, KILL_TEST_KEY, serverProcesses, until, type ServerProcess } from '../kill-support';
import { call } from '../kill-requests';
import { requireApertium } from '../mt/apertium-test-support';
import { tempDir } from '../test-support';

// A file translation killed (SIGKILL) in the middle of its batches resumes after a restart: it
// ends ReadyForDownload with every segment counted once, or Failed with a reason; never stuck.

const processes = serverProcesses();
const dirs: string[] = [];
afterEach(() => {
  processes.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LINES = 3_000;
const helpFile = () =>
  Array.from({ length: LINES }, (_, i) => `Open the menu number ${i + 1} and choose a folder.`)
    .join('\n')
    .concat('\n');

async function uploadFile(server: ServerProcess, name: string, body: string): Promise<number> {
  const response = await fetch(`${server.url}/v2/files?name=${name}`, {
    method: 'POST',
    headers: { key: KILL_TEST_KEY, 'content-type': 'application/octet-stream' },
    body,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function infoOf(server: ServerProcess, id: number): Promise<TranslationInfo> {
  const response = await call(server, 'GET', `/v2/translate/file?translationIds=${id}`);
  return (response.json as TranslationInfo[])[0]!;
}

describe('a file translation killed mid-way', () => {
  beforeAll(() => requireApertium());

  it('resumes after the restart and counts every segment once', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let server = await processes.serve(dataDir);
    const memory = await call(server, 'POST', '/v2/memories', {
      name: 'M',
      srclang: 'en',
      trglang: 'es',
    });
    const fileId = await uploadFile(server, 'help.txt', helpFile());
    const started = await call(
      server,
      'POST',
      `/v2/translate/file?fileId=${fileId}&memoryId=${memory.json.id}&withTM=false`,
    );
    expect(started.status).toBe(200);
    const id = (started.json as TranslationInfo[])[0]!.id;
    const db = observe(dataDir);
    const stored = 'SELECT count(*) AS n FROM file_translation_targets WHERE translation_id = ?';
    await until(() => count(db, stored, id) > 0, 'a first batch stored');
    const before = count(db, stored, id);
    db.close();
    await crash(server.child);
    expect(before).toBeLessThan(LINES);

    server = await processes.serve(dataDir);
    let info = await infoOf(server, id);
    // No deadline: the test's timeout is the hang guard (vitest.config.ts).
    while (info.status === 'InProgress') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      info = await infoOf(server, id);
    }
    expect(info.status, info.errorMsg).toBe('ReadyForDownload');
    expect(info).toMatchObject({ segmentsTotal: LINES, segmentsDone: LINES, mtSegments: LINES });
    const download = await fetch(`${server.url}/v2/translate/files?id=${id}`, {
      headers: { key: KILL_TEST_KEY },
    });
    const text = await download.text();
    expect(text.split('\n')).toHaveLength(LINES + 1);
    // Every line is Apertium's Spanish, none left in English.
    expect(text).not.toContain('Open the menu');
    expect(text.split('\n').filter((line) => line.includes('número'))).toHaveLength(LINES);
    await crash(server.child);
    expect(integrityProblems(dataDir)).toEqual([]);
    const after = observe(dataDir);
    // The per-segment targets are gone once the file is kept.
    expect(count(after, stored, id)).toBe(0);
    after.close();
  });
});
