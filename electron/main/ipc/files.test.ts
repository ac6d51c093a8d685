import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start';
import type { UploadProgress } from '../../../shared/ipc/contract';
import { createGateway } from '../gateway/gateway';
import { createUploads } from '../transfers/uploads';
import { fileHandlers } from './files';
import { uploadHandlers } from './uploads';

const KEY = 'wb_files_handler_test_key_01';

// The desktop's file channels against the real embedded server: uploads by path (as the preload
// sends them), progress pushes, downloads handed to a delivery, labels, cancel.
describe('file channels against the real server', () => {
  let folder: string;
  let server: RunningServer;
  const progress: UploadProgress[] = [];
  let handlers: ReturnType<typeof fileHandlers> & ReturnType<typeof uploadHandlers>;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-files-ipc-'));
    server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: KEY,
      logger: false,
    });
    const gateway = createGateway({
      target: () => ({ baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY }),
    });
    const uploads = createUploads((update) => progress.push(update));
    handlers = { ...fileHandlers({ gateway, uploads }), ...uploadHandlers(uploads) };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('uploads a file from its path with progress, then downloads the same bytes', async () => {
    const path = join(folder, 'notes.txt');
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'a');
    writeFileSync(path, bytes);
    const file = await handlers['files:upload'](
      { uploadId: 'upload-path-1', name: 'notes.txt', path, labels: ['draft'] },
      {},
    );
    expect(file).toMatchObject({ name: 'notes.txt', size: bytes.length, labels: ['draft'] });
    const last = progress.filter((p) => p.uploadId === 'upload-path-1').at(-1);
    expect(last).toEqual({
      uploadId: 'upload-path-1',
      sentBytes: bytes.length,
      totalBytes: bytes.length,
    });

    const received: Buffer[] = [];
    const result = await handlers['files:download'](
      { id: file.id },
      {
        async deliver({ name, size, body }) {
          expect(name).toBe('notes.txt');
          expect(size).toBe(bytes.length);
          for await (const chunk of body) received.push(chunk as Buffer);
          return { delivered: true };
        },
      },
    );
    expect(result).toEqual({ delivered: true });
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
  });

  it('refuses a path that is not a regular file, before sending anything', async () => {
    await expect(
      handlers['files:upload']({ uploadId: 'upload-dir-01', name: 'x', path: folder }, {}),
    ).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('adds and removes labels, answering the updated file', async () => {
    const file = await handlers['files:upload'](
      { uploadId: 'upload-lbl-01', name: 'l.txt' },
      { body: Readable.from([Buffer.from('label me')]) },
    );
    expect((await handlers['files:add-label']({ id: file.id, name: 'legal' }, {})).labels).toEqual([
      'legal',
    ]);
    expect((await handlers['files:list']({ labels: ['legal'] }, {})).map((f) => f.id)).toEqual([
      file.id,
    ]);
    expect(
      (await handlers['files:remove-label']({ id: file.id, name: 'legal' }, {})).labels,
    ).toEqual([]);
    await handlers['files:delete']({ id: file.id }, {});
    await expect(handlers['files:add-label']({ id: file.id, name: 'x' }, {})).rejects.toMatchObject(
      {
        code: 'not-found',
      },
    );
  });

  it('cancels a running upload, and the server keeps nothing of it', async () => {
    const before = (await handlers['files:list']({}, {})).length;
    // A source that sends one chunk and then waits: the upload stays in flight until cancelled.
    let isFlowing!: () => void;
    const flowing = new Promise<void>((resolve) => (isFlowing = resolve));
    // Asked for more only once the first chunk has been taken (it fills the stream's buffer).
    const stalled = new Readable({ read: () => isFlowing() });
    stalled.push(Buffer.alloc(64 * 1024));
    const upload = handlers['files:upload'](
      { uploadId: 'upload-cancel-1', name: 'big.bin', size: 10 * 1024 * 1024 },
      { body: stalled },
    );
    await flowing;
    expect(await handlers['uploads:cancel']({ uploadId: 'upload-cancel-1' }, {})).toEqual({
      cancelled: true,
    });
    await expect(upload).rejects.toMatchObject({ message: 'Upload of big.bin cancelled.' });
    expect(await handlers['uploads:cancel']({ uploadId: 'upload-cancel-1' }, {})).toEqual({
      cancelled: false,
    });
    expect((await handlers['files:list']({}, {})).length).toBe(before);
  });
});
