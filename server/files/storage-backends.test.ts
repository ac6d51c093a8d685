/**
 * The blob records, files and uploads behave the same on both backends: a real SQLite file and
 * a real PostgreSQL (a throw-away cluster, pg-cluster.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useBothBackends, type Backend } from '../db/backends-test-support';
import { createBlobStore, type BlobStore } from '../blobs/blob-store';
import { createUploadStore, uploadQueries } from '../uploads/queries';
import { createFileStore, fileQueries } from './queries';

const both = useBothBackends('files');
const blobStores = new Map<Backend, BlobStore>();
/** The backend's storage, with a blob store of its own beside it. */
function backendOf(kind: Backend) {
  const storage = both.storage(kind);
  let blobs = blobStores.get(kind);
  if (!blobs) {
    blobs = createBlobStore(storage, join(both.dir, kind));
    blobStores.set(kind, blobs);
  }
  return { storage, blobs };
}

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

describe.each(BACKENDS)('files and uploads on %s', (kind) => {
  const backend = () => backendOf(kind);

  async function newOrg(name: string): Promise<number> {
    const row = await backend()
      .storage.db.insertInto('organizations')
      .values({ name: `${name}-${kind}`, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function storeFile(orgId: number, content: string, labels: string[]) {
    const { blobs } = backend();
    const staged = await blobs.stage(bytes(content), 1000);
    const id = await blobs.commit(staged, (tx) =>
      fileQueries(tx).insert({
        orgId,
        userId: null,
        projectId: null,
        name: `${content}.txt`,
        fileHash: staged.md5,
        sha256: staged.sha256,
        size: staged.size,
        category: 'API',
        labels,
        isDetecting: false,
      }),
    );
    return { id, sha256: staged.sha256 };
  }

  it('keeps a blob while a file uses it, and removes it with the last one', async () => {
    const { storage, blobs } = backend();
    const orgId = await newOrg('blobs');
    const first = await storeFile(orgId, 'shared', []);
    const second = await storeFile(orgId, 'shared', []);
    const files = createFileStore(storage);
    expect(await files.remove(orgId, first.id)).toBe(first.sha256);
    expect(await blobs.release(first.sha256)).toBe(false);
    expect(existsSync(blobs.pathOf(first.sha256))).toBe(true);
    expect(await files.remove(orgId, second.id)).toBe(second.sha256);
    expect(await blobs.release(second.sha256)).toBe(true);
    expect(existsSync(blobs.pathOf(first.sha256))).toBe(false);
    expect(await files.remove(orgId, second.id)).toBeNull();
  });

  it('rolls the blob back when the record fails', async () => {
    const { storage, blobs } = backend();
    const staged = await blobs.stage(bytes(`doomed-${kind}`), 100);
    await expect(
      blobs.commit(staged, async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(existsSync(blobs.pathOf(staged.sha256))).toBe(false);
    const row = await storage.db
      .selectFrom('blobs')
      .select('sha256')
      .where('sha256', '=', staged.sha256)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('lists files by all of their labels, labels in the order added, scoped to the organization', async () => {
    const { storage } = backend();
    const orgId = await newOrg('labels');
    const other = await newOrg('labels-other');
    const a = await storeFile(orgId, 'a', ['x', 'y']);
    const b = await storeFile(orgId, 'b', ['y']);
    await storeFile(other, 'c', ['x', 'y']);
    const files = createFileStore(storage);
    const ids = async (labels: string[]) => (await files.list(orgId, labels)).map((f) => f.id);
    expect(await ids([])).toEqual([a.id, b.id]);
    expect(await ids(['y'])).toEqual([a.id, b.id]);
    expect(await ids(['x', 'y', 'x'])).toEqual([a.id]);
    expect(await ids(['z'])).toEqual([]);
    expect(await files.addLabel(orgId, b.id, 'a')).toBe(true);
    expect(await files.addLabel(orgId, b.id, 'a')).toBe(true);
    expect(await files.addLabel(other, b.id, 'a')).toBe(false);
    expect((await files.get(orgId, b.id))?.labels).toEqual(['y', 'a']);
    expect(await files.removeLabel(orgId, b.id, 'y')).toBe('removed');
    expect(await files.removeLabel(orgId, b.id, 'y')).toBe('no-label');
    expect(await files.removeLabel(other, b.id, 'a')).toBe('no-file');
    expect(await files.get(other, b.id)).toBeNull();
    expect(await files.setDetectedLanguage(a.id, 'de', 0.5)).toBe(true);
    expect(await files.get(orgId, a.id)).toMatchObject({
      detected_lang: 'de',
      detected_lang_confidence: 0.5,
      is_detecting: false,
      labels: ['x', 'y'],
    });
  });

  it('creates, filters, moves and aborts uploads; a part sent again replaces the old one', async () => {
    const { storage } = backend();
    const orgId = await newOrg('uploads');
    const uploads = createUploadStore(storage);
    const input = (filename: string) => ({
      orgId,
      userId: null,
      kind: 'multipart' as const,
      filename,
      contentType: 'text/plain',
      details: { labels: ['l'] },
    });
    const [one, two] = await uploads.createAll([input('1.txt'), input('2.txt')]);
    expect(one).toMatchObject({ orgId, status: 'pending', details: { labels: ['l'] } });
    expect(await uploads.byKey(one!.key)).toEqual(one);
    const part = { partNumber: 1, etag: 'e1', size: 1, file: `${one!.id}/1-a` };
    expect(await uploads.putPart(one!.id, part)).toEqual({ refused: false });
    expect(await uploads.putPart(one!.id, { ...part, etag: 'e2', file: `${one!.id}/1-b` })).toEqual(
      { refused: false, replaced: `${one!.id}/1-a` },
    );
    expect(await uploads.parts(one!.id)).toEqual([{ ...part, etag: 'e2', file: `${one!.id}/1-b` }]);
    expect(await uploads.knownPartFiles()).toContain(`${one!.id}/1-b`);
    expect(await uploads.move(two!.id, 'pending', 'processing')).toBe(true);
    expect(await uploads.move(two!.id, 'pending', 'processing')).toBe(false);
    const ids = async (filter: Parameters<typeof uploads.list>[1]) =>
      (await uploads.list(orgId, filter)).map((upload) => upload.id);
    expect(await ids({ statuses: ['processing'] })).toEqual([two!.id]);
    expect(await ids({ ids: [two!.id, one!.id] })).toEqual([one!.id, two!.id]);
    expect(await ids({ ids: [one!.id], statuses: ['processing'] })).toEqual([]);
    expect(await ids({ ids: [] })).toEqual([]);
    expect(await uploads.resetProcessing()).toBeGreaterThanOrEqual(1);
    expect((await uploads.get(orgId, two!.id))?.status).toBe('pending');
    await storage.transaction((tx) => uploadQueries(tx).move(two!.id, 'pending', 'completed'));
    expect((await uploads.get(orgId, two!.id))?.status).toBe('completed');
    expect(await uploads.abort(one!.id)).toHaveLength(1);
    expect(await uploads.abort(one!.id)).toBeNull();
    expect(await uploads.putPart(one!.id, part)).toEqual({ refused: true });
    expect(await uploads.parts(one!.id)).toEqual([]);
  });
});
