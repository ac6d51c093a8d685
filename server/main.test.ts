import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { LanguagesResponse } from '../shared/api/languages';
import { cliEntry } from './cli/cli-bundle-test-support';
import { basic, tempDir } from './test-support';

// `node` runs the CLI (server/main.ts, bundled) in one process, so signals reach it directly.
const CLI = [cliEntry()];
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

function run(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { env: { ...process.env, ...env } });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts the server and resolves with its URL once it prints the listening line. */
function serve(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CLI, ...args], { env: { ...process.env, ...env } });
    children.push(child);
    const lines: string[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /^listening on (http:\/\/\S+)$/.exec(line);
      if (match) resolve({ child, url: match[1]!, lines });
    });
  });
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('wordbench server CLI', () => {
  it('serves with the bootstrap key and stops cleanly on SIGTERM', async () => {
    const { child, url, lines } = await serve([
      '--port',
      '0',
      '--data',
      dataDir(),
      '--bootstrap-key',
      'wb_cli-key',
    ]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.join('\n')).not.toMatch(/shown once|wb_cli-key/);
    const response = await fetch(`${url}/v2/languages`, {
      headers: { authorization: basic('wb_cli-key') },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as LanguagesResponse;
    expect(body.source_to_target.en?.es).toBe(true);
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('prints a generated key once on first start of an empty data folder', async () => {
    const dir = dataDir();
    const first = await serve(['--port', '0', '--data', dir]);
    const key = /^API key \(shown once\): (\S+)$/.exec(first.lines[0] ?? '')?.[1];
    expect(key).toMatch(/^wb_/);
    expect((await fetch(`${first.url}/v2/languages?key=${key}`)).status).toBe(200);
    const exited = exitCode(first.child);
    first.child.kill('SIGINT');
    expect(await exited).toBe(0);

    const second = await serve(['--port', '0', '--data', dir]);
    expect(second.lines).toEqual([`listening on ${second.url}`]);
    const secondExited = exitCode(second.child);
    second.child.kill('SIGTERM');
    expect(await secondExited).toBe(0);
  });

  it('tells the steps of its start before listening when asked to (the desktop app does)', async () => {
    const { child, url, lines } = await serve(['--port', '0', '--data', dataDir()], {
      WORDBENCH_START_PROGRESS: '1',
    });
    expect(lines.filter((line) => !line.startsWith('API key'))).toEqual([
      'starting: opening the database',
      'starting: checking the API key',
      'starting: loading the API',
      'starting: opening its port',
      `listening on ${url}`,
    ]);
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('prints help and exits 0; refuses an unknown flag with exit code 2', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage:/);
    const bad = await run(['--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--bogus/);
    expect(bad.stderr).toMatch(/Usage:/);
  });

  it('creates, lists and revokes keys', async () => {
    const dir = dataDir();
    const created = await run(['keys', 'create', '--data', dir]);
    expect(created.code).toBe(0);
    const key = /API key \(shown once\): (\S+)/.exec(created.stdout)?.[1];
    expect(key).toMatch(/^wb_/);

    const listed = await run(['keys', 'list', '--data', dir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^ID\s+PREFIX\s+ORGANIZATION\s+USER\s+CREATED\s+REVOKED/);
    expect(listed.stdout).toMatch(/My organization \(1\)\s+Owner \(1\)/);
    expect(listed.stdout).toContain(key!.slice(0, 8));
    expect(listed.stdout).not.toContain(key);

    const revoked = await run(['keys', 'revoke', key!.slice(0, 8), '--data', dir]);
    expect(revoked.code).toBe(0);
    const after = await run(['keys', 'list', '--data', dir]);
    expect(after.stdout).toMatch(/\d{4}-\d\d-\d\dT\S+Z\s+\d{4}-\d\d-\d\dT\S+Z/);

    expect((await run(['keys', 'revoke', 'nope', '--data', dir])).code).toBe(1);
  });

  it('refuses a time in the environment that is not a whole number of ms', async () => {
    const args = ['--port', '0', '--data', dataDir(), '--bootstrap-key', 'wb_env-key'];
    const grace = await run(args, { WORDBENCH_CLOSE_GRACE_MS: '2s' });
    expect(grace.code).toBe(1);
    expect(grace.stderr).toContain(
      'WORDBENCH_CLOSE_GRACE_MS must be a whole number of ms, at least 0: 2s',
    );
    const lease = await run(args, { WORDBENCH_WORK_LEASE_MS: '50' });
    expect(lease.code).toBe(1);
    expect(lease.stderr).toContain(
      'WORDBENCH_WORK_LEASE_MS must be a whole number of ms, at least 100: 50',
    );
  });

  it('stops on SIGTERM even while an upload stalls mid-body', async () => {
    // The grace for requests in flight (5 s by default) is what the stalled upload waits out.
    const { child, url } = await serve(
      ['--port', '0', '--data', dataDir(), '--bootstrap-key', 'wb_stall-key'],
      { WORDBENCH_CLOSE_GRACE_MS: '300' },
    );
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Promises a megabyte and sends three bytes: the request stays in flight.
    socket.write(
      'POST /v2/files?name=stalled.txt HTTP/1.1\r\nHost: localhost\r\n' +
        'Authorization: Bearer wb_stall-key\r\nContent-Type: application/octet-stream\r\n' +
        'Content-Length: 1000000\r\n\r\nabc',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = exitCode(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    socket.destroy();
  });
});
