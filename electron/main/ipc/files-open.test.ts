import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/start';
import { createGateway, type Gateway } from '../gateway/gateway';
import { createDragFiles, type DragFiles } from '../transfers/drag-files';
import { createUploads } from '../transfers/uploads';
import { fileHandlers } from './files';

const KEY = 'wb_files_open_test_key_0001';

// Reference material opens in the system's app on the desktop (issue 14); the browser downloads it.
describe('files:open', () => {
  let folder: string;
  let server: RunningServer;
  let gateway: Gateway;
  let dragFiles: DragFiles;
  const uploads = createUploads(() => {});

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-files-open-'));
    server = await startServer({
      dataDir: join(folder, 'server'),
      bootstrapKey: KEY,
      logger: false,
    });
    gateway = createGateway({
      target: () => ({ baseUrl: server.url, commentsBaseUrl: `${server.url}/2`, apiKey: KEY }),
    });
    dragFiles = createDragFiles(folder);
  });
  afterAll(async () => {
    dragFiles.clear();
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function upload(name: string, text: string) {
    const path = join(folder, name);
    writeFileSync(path, text);
    const handlers = fileHandlers({ gateway, uploads });
    return handlers['files:upload'](
      { uploadId: `open-${name.replace(/\W/g, '')}`, name, path, category: 'REFERENCE' },
      {},
    );
  }

  it('writes the file under its own name and hands that path to the system, once per file', async () => {
    const file = await upload('style guide.txt', 'Use "usted".');
    const opened: string[] = [];
    const handlers = fileHandlers({
      gateway,
      uploads,
      dragFiles,
      openFile: async (path) => void opened.push(path),
    });
    expect(await handlers['files:open']({ id: file.id }, {})).toEqual({ opened: true });
    expect(await handlers['files:open']({ id: file.id }, {})).toEqual({ opened: true });
    expect(opened).toHaveLength(2);
    expect(opened[1]).toBe(opened[0]);
    expect(basename(opened[0]!)).toBe('style guide.txt');
    expect(readFileSync(opened[0]!, 'utf8')).toBe('Use "usted".');
  });

  it('says it did not open where the host cannot (the page downloads instead)', async () => {
    const file = await upload('notes.txt', 'Notes.');
    const handlers = fileHandlers({ gateway, uploads });
    expect(await handlers['files:open']({ id: file.id }, {})).toEqual({ opened: false });
  });

  it('answers not-found for an unknown file, opening nothing', async () => {
    const opened: string[] = [];
    const handlers = fileHandlers({
      gateway,
      uploads,
      dragFiles,
      openFile: async (path) => void opened.push(path),
    });
    await expect(handlers['files:open']({ id: 999_999 }, {})).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(opened).toEqual([]);
  });
});
