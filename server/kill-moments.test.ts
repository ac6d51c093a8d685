import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { count, integrityProblems, observe, pendingWork, type Database } from './data-integrity';
import {
  crash,
  documentOf,
  serverProcesses,
  streamedRequest,
  tempBytes,
  tempFiles,
  tmxOf,
  until,
  type ServerProcess,
} from './kill-support';
import {
  call,
  documentUpload,
  fileUpload,
  germanFile,
  halfOnDisk,
  memoryImport,
  startMultipart,
} from './kill-requests';
import { tempDir } from './test-support';

// Imports and uploads killed (SIGKILL, a real crash) at several moments, from before the first
// byte of the body to the middle of the background work they start (issue 11, "Tests that
// stay"). After each kill the server restarts on the same data folder, its background work must
// end (resumed or failed, never left pending), every count must be what it was before the
// request or what it would be after it, and the folder must pass `integrityProblems`.

const processes = serverProcesses();
const dirs: string[] = [];
const kills: string[] = [];
afterAll(() =>
  console.log(`${kills.length} kills, each followed by a restart and checks:\n${kills.join('\n')}`),
);
afterEach(() => {
  processes.cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Counts = Record<'files' | 'blobs' | 'units' | 'documents' | 'segments', number>;
const VISIBLE = 'SELECT id FROM documents WHERE import_in_progress = 0';

function counts(db: Database): Counts {
  return {
    files: count(db, 'SELECT count(*) AS n FROM files'),
    blobs: count(db, 'SELECT count(*) AS n FROM blobs'),
    units: count(db, 'SELECT count(*) AS n FROM memory_units'),
    documents: count(db, `SELECT count(*) AS n FROM (${VISIBLE})`),
    segments: count(db, `SELECT count(*) AS n FROM segments WHERE document_id IN (${VISIBLE})`),
  };
}

interface Moment {
  name: string;
  /** Starts the request and resolves once the moment to kill has come. */
  reach(server: ServerProcess, db: Database): Promise<void>;
  /** How the counts change if the request completes. */
  changes: Partial<Counts>;
  /** Checks once the restarted server's background work has ended. */
  ended?(db: Database): void;
}

/** Kills `server` at `moment`, restarts it on `dataDir`, checks, and returns the new server. */
async function killAt(dataDir: string, server: ServerProcess, moment: Moment) {
  const db = observe(dataDir);
  const before = counts(db);
  await moment.reach(server, db);
  const left = tempFiles(dataDir);
  await crash(server.child);
  db.close();
  const next = await processes.serve(dataDir);
  // The dead server's temporary files are gone by the time the new one serves.
  expect(
    tempFiles(dataDir).filter((name) => left.includes(name)),
    moment.name,
  ).toEqual([]);
  const after = observe(dataDir);
  try {
    await until(() => pendingWork(after) === 0, `background work after ${moment.name}`);
    const now = counts(after);
    const moved = (Object.keys(now) as Array<keyof Counts>).filter((k) => now[k] !== before[k]);
    const summary = moved.map((k) => `${k} ${before[k]}→${now[k]}`).join(', ') || 'nothing';
    kills.push(`${moment.name}: ${summary} changed`);
    for (const key of Object.keys(now) as Array<keyof Counts>) {
      const allowed = [before[key], before[key] + (moment.changes[key] ?? 0)];
      expect(allowed, `${key} after a kill ${moment.name}`).toContain(now[key]);
    }
    moment.ended?.(after);
  } finally {
    after.close();
  }
  expect(integrityProblems(dataDir), moment.name).toEqual([]);
  return next;
}

describe('file uploads killed at several moments', () => {
  it('keep the data folder whole', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let server = await processes.serve(dataDir);
    const detected = (db: Database) => {
      const states = db.prepare('SELECT detected_lang AS lang FROM files').all() as Array<{
        lang: string;
      }>;
      expect(states.every((s) => s.lang === 'deu' || s.lang === 'und')).toBe(true);
    };
    server = await killAt(dataDir, server, {
      name: 'before the first byte of a file upload',
      changes: { files: 1, blobs: 1 },
      reach: async (s) => {
        fileUpload(s, germanFile('first'));
        await until(() => tempFiles(dataDir).length > 0, 'the upload to start');
      },
    });
    server = await killAt(dataDir, server, {
      name: 'in the middle of a file upload',
      changes: { files: 1, blobs: 1 },
      reach: (s) => {
        const body = germanFile('middle');
        return halfOnDisk(dataDir, fileUpload(s, body), body);
      },
    });
    server = await killAt(dataDir, server, {
      name: 'right after a file upload is answered (detection pending)',
      changes: { files: 1, blobs: 1 },
      reach: async (s) => {
        const upload = fileUpload(s, germanFile('answered'));
        upload.send(germanFile('answered'));
        expect(await upload.outcome).toBe('status 201');
      },
      ended: detected,
    });
    server = await killAt(dataDir, server, {
      name: 'in the middle of a signed PUT',
      changes: { files: 1, blobs: 1 },
      reach: async (s) => {
        const started = await call(s, 'POST', '/v2/upload/s3/params', {
          filename: 'a.txt',
          type: 'text/plain',
        });
        const url = new URL(started.json.url);
        const body = germanFile('signed');
        const put = streamedRequest(s.url, 'PUT', url.pathname + url.search, {
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
        });
        await halfOnDisk(dataDir, put, body);
      },
    });
    server = await killAt(dataDir, server, {
      name: 'in the middle of a multipart part PUT',
      changes: {},
      reach: async (s) => {
        const { uploadId, key } = (
          await call(s, 'POST', '/v2/upload/s3/multipart', {
            filename: 'p.txt',
            type: 'text/plain',
          })
        ).json;
        const body = germanFile('part');
        const query = `s3Key=${encodeURIComponent(key)}&size=${body.length}`;
        const signed = new URL(
          (await call(s, 'GET', `/v2/upload/s3/multipart/${uploadId}/1?${query}`)).json.url,
        );
        const put = streamedRequest(s.url, 'PUT', signed.pathname + signed.search, {
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
        });
        await halfOnDisk(dataDir, put, body);
      },
    });
    const multipart = await startMultipart(server, 4);
    server = await killAt(dataDir, server, {
      name: 'while a multipart upload is assembled',
      changes: { files: 1, blobs: 1 },
      reach: async (s, db) => {
        void call(s, 'POST', multipart.completeUrl, { parts: multipart.parts }).catch(() => null);
        await until(
          () => count(db, "SELECT count(*) AS n FROM uploads WHERE status = 'processing'") > 0,
          'the assembly to start',
        );
      },
    });
    // Back to pending after the crash (or completed, had it committed): completing it again
    // ends with the upload completed as one file, and the folder whole.
    const again = await call(server, 'POST', multipart.completeUrl, { parts: multipart.parts });
    const state = await call(server, 'GET', `/v2/upload/${multipart.uploadId}`);
    expect(state.json, `complete again: ${again.status}`).toMatchObject({ status: 'completed' });
    expect(state.json.fileId).toEqual(expect.any(Number));
    expect(integrityProblems(dataDir)).toEqual([]);
  });
});

/** Every import ended: done with its units, or failed with the memory saying why. */
function importsEnded(db: Database) {
  const tasks = db
    .prepare(
      'SELECT t.state, m.last_import_error AS error FROM memory_tasks t ' +
        "JOIN memories m ON m.id = t.memory_id WHERE t.kind = 'import' ORDER BY t.id",
    )
    .all() as Array<{ state: string; error: string | null }>;
  for (const task of tasks) expect(['done', 'failed']).toContain(task.state);
  if (tasks.at(-1)?.state === 'failed') expect(tasks.at(-1)?.error).toBeTruthy();
}

describe('memory imports killed at several moments', () => {
  it('keep the data folder whole and end every import', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let server = await processes.serve(dataDir);
    const memory = await call(server, 'POST', '/v2/memories', {
      name: 'M',
      srclang: 'en',
      trglang: 'es',
    });
    const id = memory.json.id as number;
    const UNITS = 60_000;
    const changes = { units: UNITS };
    server = await killAt(dataDir, server, {
      name: 'before the first byte of a memory import',
      changes,
      reach: async (s) => {
        memoryImport(s, id, tmxOf(UNITS, 'first'));
        await until(() => tempFiles(dataDir).length > 0, 'the import to start');
      },
    });
    server = await killAt(dataDir, server, {
      name: 'in the middle of a memory import upload',
      changes,
      reach: (s) => {
        const body = tmxOf(UNITS, 'middle');
        return halfOnDisk(dataDir, memoryImport(s, id, body), body);
      },
    });
    server = await killAt(dataDir, server, {
      name: 'right after a memory import is answered',
      changes,
      ended: importsEnded,
      reach: async (s) => {
        const body = tmxOf(UNITS, 'answered');
        const request = memoryImport(s, id, body);
        request.send(body);
        expect(await request.outcome).toBe('status 200');
      },
    });
    server = await killAt(dataDir, server, {
      name: 'while a memory import runs in the background',
      changes,
      ended: importsEnded,
      reach: async (s, db) => {
        const body = tmxOf(UNITS, 'running');
        const request = memoryImport(s, id, body);
        request.send(body);
        expect(await request.outcome).toBe('status 200');
        const running = "SELECT count(*) AS n FROM memory_tasks WHERE state = 'running'";
        await until(() => count(db, running) > 0 && tempBytes(dataDir) > 0, 'the import to run');
      },
    });
    const db = observe(dataDir);
    expect(count(db, 'SELECT count(*) AS n FROM memory_units') % UNITS).toBe(0);
    db.close();
  });
});

/** Every pretranslation ended: all filled, or stopped with a reason. */
function pretranslationsEnded(db: Database) {
  const documents = db
    .prepare(
      'SELECT pretranslated, to_pretranslate AS total, pretranslation_error AS error ' +
        'FROM documents WHERE pretranslate_mode IS NOT NULL',
    )
    .all() as Array<{ pretranslated: number; total: number; error: string | null }>;
  for (const d of documents) expect(d.pretranslated === d.total || d.error !== null).toBe(true);
}

describe('document uploads killed at several moments', () => {
  it('keep the data folder whole and end every pretranslation', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    let server = await processes.serve(dataDir);
    const memory = await call(server, 'POST', '/v2/memories', {
      name: 'M',
      srclang: 'en',
      trglang: 'es',
    });
    const memoryId = memory.json.id as number;
    const seeded = memoryImport(server, memoryId, tmxOf(2000, 'doc'));
    seeded.send(tmxOf(2000, 'doc'));
    expect(await seeded.outcome).toBe('status 200');
    const db = observe(dataDir);
    await until(() => pendingWork(db) === 0, 'the memory to be imported');
    db.close();
    const project = await call(server, 'POST', '/v2/projects', { name: 'P', memory_id: memoryId });
    const projectId = project.json.id as number;
    server = await killAt(dataDir, server, {
      name: 'in the middle of a document upload',
      changes: { documents: 1, segments: 20_000 },
      reach: async (s) => {
        const body = documentOf(20_000, 'middle');
        documentUpload(s, projectId, body).request.write(body.subarray(0, body.length / 2));
        // The body is read into memory, not onto disk: give it time to arrive.
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
    });
    server = await killAt(dataDir, server, {
      name: 'while a document is being stored (hidden)',
      changes: { documents: 1, segments: 50_000 },
      reach: async (s, db) => {
        const body = documentOf(50_000, 'stored');
        documentUpload(s, projectId, body).send(body);
        const hidden =
          'SELECT count(*) AS n FROM segments WHERE document_id IN ' +
          '(SELECT id FROM documents WHERE import_in_progress = 1)';
        await until(() => count(db, hidden) > 0, 'segments of a hidden document');
      },
    });
    server = await killAt(dataDir, server, {
      name: 'right after a document upload is answered (pretranslation queued)',
      changes: { documents: 1, segments: 400 },
      ended: pretranslationsEnded,
      reach: async (s) => {
        const body = documentOf(400, 'doc');
        const upload = documentUpload(s, projectId, body, 'TM');
        upload.send(body);
        expect(await upload.outcome).toBe('status 200');
      },
    });
    server = await killAt(dataDir, server, {
      name: 'while a document is pretranslated',
      changes: { documents: 1, segments: 400 },
      ended: pretranslationsEnded,
      reach: async (s, db) => {
        const body = documentOf(400, 'doc');
        const upload = documentUpload(s, projectId, body, 'TM');
        upload.send(body);
        expect(await upload.outcome).toBe('status 200');
        const started =
          'SELECT count(*) AS n FROM documents ' +
          "WHERE pretranslation = 'running' AND pretranslated > 0";
        await until(() => count(db, started) > 0, 'a pretranslation batch to be written');
      },
    });
  });
});
