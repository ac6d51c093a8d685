import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { filesUnder, upload, waitForDetection } from './test-support';
import { ensureBootstrap } from '../db/bootstrap';
import { openDatabase } from '../db/db';
import { sqliteStorage } from '../db/storage';
import { TEST_KEY, tempDir } from '../test-support';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An app on the data folder `dir`, as a fresh server process would open it. */
async function open(dir: string, options: Partial<AppOptions> = {}) {
  const db = openDatabase(join(dir, 'wordbench.db'));
  await ensureBootstrap(sqliteStorage(db), { key: TEST_KEY });
  const app = await buildApp({
    db,
    languages: () => ({ source_to_target: {}, code_to_name: {} }),
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

const GERMAN =
  'Die Übersetzung wird im Hintergrund erkannt. Auch wenn der Server zwischendurch neu startet, ' +
  'geht die Arbeit nicht verloren: Sie steht in der Datenbank und wird beim nächsten Start ' +
  'wieder aufgenommen, bis die Sprache der Datei feststeht.';

describe('across a restart', () => {
  it('finishes language detection queued before the server stopped', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await open(dir, { work: { paused: true } });
    const { file } = await upload(first.app, TEST_KEY, GERMAN, { name: 'de.txt', langId: 'true' });
    expect(file).toMatchObject({ detected_lang: 'zxx', is_detecting: true });
    await first.close();

    const second = await open(dir);
    const done = await waitForDetection(second.app, TEST_KEY, file.id);
    expect(done).toMatchObject({ detected_lang: 'deu', is_detecting: false });
    expect(done.detected_lang_confidence).toBeGreaterThan(0);
    await second.close();
  });

  it('removes interrupted uploads, unrecorded blobs and stray parts, and resumes assembly', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await open(dir);
    const started = await first.app.inject({
      method: 'POST',
      url: '/v2/upload/s3/multipart',
      headers: { key: TEST_KEY },
      payload: { filename: 'a.txt', type: 'text/plain' },
    });
    const { uploadId } = started.json() as { uploadId: string };
    // What a crash leaves: a half-written temporary file, a blob renamed into place but never
    // recorded, a part file never recorded, and an upload caught in the middle of its assembly.
    writeFileSync(join(dir, 'blobs', 'tmp', 'half-written'), 'half');
    const orphan = 'ab'.repeat(32);
    mkdirSync(join(dir, 'blobs', 'ab', 'ab'), { recursive: true });
    writeFileSync(join(dir, 'blobs', 'ab', 'ab', orphan), 'orphan');
    mkdirSync(join(dir, 'blobs', 'parts', uploadId), { recursive: true });
    writeFileSync(join(dir, 'blobs', 'parts', uploadId, '1-stray'), 'stray');
    first.db.prepare("UPDATE uploads SET status = 'processing' WHERE id = ?").run(uploadId);
    await first.close();

    const second = await open(dir);
    expect(filesUnder(join(dir, 'blobs'))).toEqual([]);
    const status = await second.app.inject({
      url: `/v2/upload/${uploadId}`,
      headers: { key: TEST_KEY },
    });
    expect(status.json()).toMatchObject({ status: 'pending' });
    await second.close();
  });
});
