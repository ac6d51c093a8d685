import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerStartError, startLocalServer, type LocalServer } from './local-server';

// Stand-ins for the server's start, as real child processes. MODE says how the start goes:
// - steps: tells two steps, then listens and answers /health;
// - busy: works on the CPU, silent, for BUSY_MS, then listens (a slow start on a busy machine);
// - idle: tells one step, then waits forever without a word or any CPU (a stalled start);
// - crash: tells one step, complains on stderr and exits 4.
const SCRIPT = `
import { createServer } from 'node:http';
const listen = () => {
  const server = createServer((request, response) => response.end('{"status":"ok"}'));
  server.listen(0, '127.0.0.1', () =>
    console.log('listening on http://127.0.0.1:' + server.address().port));
};
const mode = process.env.MODE;
if (mode === 'steps') {
  console.log('starting: opening the database');
  console.log('starting: loading the API');
  listen();
} else if (mode === 'busy') {
  const end = Date.now() + Number(process.env.BUSY_MS);
  while (Date.now() < end) Math.sqrt(Math.random());
  listen();
} else if (mode === 'idle') {
  console.log('starting: opening the database');
  setInterval(() => {}, 1 << 30);
} else {
  console.log('starting: opening the database');
  process.stderr.write('fatal: the database is locked\\n');
  process.exit(4);
}
`;

describe('startLocalServer', () => {
  let folder: string;
  const started: LocalServer[] = [];

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'wordbench-local-server-'));
    writeFileSync(join(folder, 'server.mjs'), SCRIPT);
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(folder, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>, extra: { stallMs?: number } = {}) => {
    const steps: string[] = [];
    const server = await startLocalServer({
      entry: join(folder, 'server.mjs'),
      execPath: process.execPath,
      dataDir: folder,
      apiKey: 'wb_unused',
      env,
      onProgress: (step) => steps.push(step),
      ...extra,
    });
    started.push(server);
    return { server, steps };
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('the start should have failed'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(ServerStartError);
        return error as ServerStartError;
      },
    );

  it('tells the steps the server reports, then resolves once /health answers', async () => {
    const { server, steps } = await start({ MODE: 'steps' });
    expect(steps).toEqual(['opening the database', 'loading the API']);
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
  });

  it('waits for a start that is silent but busy for longer than the stall limit', async () => {
    // Three times the limit without a line: only its CPU time shows it is working.
    const { server } = await start({ MODE: 'busy', BUSY_MS: '1500' }, { stallMs: 500 });
    expect((await fetch(`${server.url}/health`)).ok).toBe(true);
  });

  it('gives up a start that is silent and idle, saying for how long and at which step', async () => {
    const error = await failure(start({ MODE: 'idle' }, { stallMs: 600 }));
    expect(error.message).toMatch(
      /^The embedded server made no progress for \d+ seconds \(last step: opening the database\)\.$/,
    );
  });

  it('says which step a server was at when it exited, with what it printed', async () => {
    const error = await failure(start({ MODE: 'crash' }));
    expect(error.message).toBe('The embedded server stopped while opening the database.');
    expect(error.details).toContain('Exit: code 4');
    expect(error.details).toContain('fatal: the database is locked');
  });
});
