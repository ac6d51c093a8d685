import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWithSegments } from '../../shared/api/documents';
import { createMemory, importFile } from '../memories/test-support';
import { createOtherOrganization, createTestApp, TEST_KEY, type TestApp } from '../test-support';
import { createProject } from './test-support';
import { documentTables } from './test-support';

// A heavy document request (a big upload, a big read, a hostile file) must never hold the event
// loop: another organization's requests keep being answered while it runs. Over a real socket,
// since inject would queue the probes behind the heavy request anyway.
let t: TestApp;
let base: string;
let otherKey: string;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  otherKey = (await createOtherOrganization(t.storage)).key;
  await createMemory(t.app, {}, otherKey);
  projectId = (await createProject(t.app)).id;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const upload = (name: string, body: string) =>
  fetch(`${base}/v2/documents/files`, {
    method: 'POST',
    headers: {
      key: TEST_KEY,
      'content-type': 'application/octet-stream',
      name,
      project_id: String(projectId),
    },
    body,
  });

/**
 * Runs `heavy` while the other organization asks for its memories again and again; returns the
 * heavy answer and the figures: how many probes were answered meanwhile, the slowest probe, the
 * heavy request's duration and the event loop's longest delay.
 */
async function whileProbing<T>(heavy: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const probes: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/v2/memories`, { headers: { key: otherKey } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      if (!done) probes.push(performance.now() - started);
    }
  })();
  loop.enable();
  const started = performance.now();
  const result = await heavy();
  const heavyMs = performance.now() - started;
  done = true;
  loop.disable();
  await probing;
  const figures = {
    probes: probes.length,
    slowestProbeMs: Math.round(Math.max(...probes)),
    heavyMs: Math.round(heavyMs),
    loopMaxDelayMs: Math.round(loop.max / 1e6),
  };
  console.log(JSON.stringify(figures));
  return { result, figures };
}

/** `{"k0": {"k1": ... "text"}}`: `levels` nested keys of `keyChars` characters each. */
function deepKeys(levels: number, keyChars: number): string {
  const keys = Array.from({ length: levels }, (_, i) => `${i}`.padEnd(keyChars, 'k'));
  return `${keys.map((k) => `{"${k}":`).join('')}"Open the file."${'}'.repeat(levels)}`;
}

/** A flat help file: `count` keys with one sentence each. */
function helpFile(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => `"help.topic${i}": "Open the file ${i}."`);
  return `{${rows.join(',\n')}}`;
}

describe('heavy document requests', () => {
  it('refuses a file whose key paths are over the cap, storing nothing', async () => {
    const before = await documentTables(t.storage.db);
    // Bodies are built before the probing starts: the test shares the server's event loop.
    const body = deepKeys(200, 50_000);
    const { result: response } = await whileProbing(() => upload('deep.json', body));
    expect(response.status).toBe(413);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(
      /deep\.json: JSON: a key path of 50,000 characters, more than the limit of 1,000/,
    );
    expect(await documentTables(t.storage.db)).toEqual(before);
  });

  it('stores and answers a 60,000-segment document while other requests keep being answered', async () => {
    const body = helpFile(60_000);
    const { result: response, figures: uploadFigures } = await whileProbing(() =>
      upload('help.json', body),
    );
    expect(response.status).toBe(200);
    const uploaded = (await response.json()) as DocumentWithSegments;
    expect(uploaded.segments).toHaveLength(60_000);
    expect(uploaded.segments[59_999]).toMatchObject({
      source: 'Open the file 59999.',
      context_key: 'help.topic59999',
      index: 59_999,
    });
    // Probes were answered during the upload, none of them waiting behind it.
    expect(uploadFigures.probes).toBeGreaterThan(3);
    expect(uploadFigures.slowestProbeMs).toBeLessThan(uploadFigures.heavyMs / 2);

    const { result: read, figures: readFigures } = await whileProbing(async () => {
      const answer = await fetch(`${base}/v2/documents?id=${uploaded.id}`, {
        headers: { key: TEST_KEY },
      });
      // Parsed after the probing: parsing 60,000 segments is the test's work, not the server's.
      return { status: answer.status, text: await answer.text() };
    });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.text)).toEqual(uploaded);
    expect(readFigures.probes).toBeGreaterThan(0);

    for (const asXliff of [true, false]) {
      const { result: file, figures } = await whileProbing(async () => {
        const answer = await fetch(
          `${base}/v2/documents/files?id=${uploaded.id}&is_xliff=${asXliff}`,
          { headers: { key: TEST_KEY } },
        );
        return { status: answer.status, text: await answer.text() };
      });
      expect(file.status).toBe(200);
      expect(file.text).toContain('Open the file 59999.');
      expect(figures.probes).toBeGreaterThan(0);
    }
  });

  it('pretranslates from a memory of similar units while other requests keep being answered', async () => {
    // Near-identical units make every lookup score many candidates: the slow case for the TM.
    const rows = Array.from(
      { length: 5_000 },
      (_, i) =>
        `Open the file number ${i} in the folder.,Abra el archivo número ${i} en la carpeta.`,
    );
    const project = await createProject(t.app);
    await importFile(
      t.app,
      project.memory_id,
      'similar.csv',
      `source,target\n${rows.join('\n')}\n`,
    );
    const lines = Array.from(
      { length: 400 },
      (_, i) => `Open the file number ${i} in the folders.`,
    );
    const answer = await fetch(`${base}/v2/documents/files`, {
      method: 'POST',
      headers: {
        key: TEST_KEY,
        'content-type': 'application/octet-stream',
        name: 'similar.txt',
        project_id: String(project.id),
        pretranslate: 'TM',
      },
      body: lines.join('\n\n'),
    });
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as DocumentWithSegments;
    const { result: done, figures } = await whileProbing(async () => {
      for (;;) {
        const response = await fetch(`${base}/v2/documents?id=${id}`, {
          headers: { key: TEST_KEY },
        });
        const document = (await response.json()) as DocumentWithSegments;
        if (!document.is_pretranslating) return document;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(done.pretranslated).toBe(400);
    expect(done.segments.every((s) => s.target_origin === 'tm')).toBe(true);
    expect(figures.probes).toBeGreaterThan(3);
    expect(figures.slowestProbeMs).toBeLessThan(figures.heavyMs / 2);
  });
});
