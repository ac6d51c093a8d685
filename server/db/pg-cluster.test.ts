/**
 * The throw-away cluster answers on its url and on every database it creates, takes extra
 * settings, and leaves neither a folder nor a listening port after `stop()`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPgBinaries, startPgCluster, type PgCluster } from './pg-cluster';

const execFileAsync = promisify(execFile);

/** One value from `psql -Atc`, with the cluster's own client. */
async function psql(url: string, query: string): Promise<string> {
  const { stdout } = await execFileAsync(join(findPgBinaries().bin, 'psql'), [
    '-X',
    '-d',
    url,
    '-Atc',
    query,
  ]);
  return stdout.trim();
}

/** Whether anything accepts a TCP connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('startPgCluster', () => {
  let cluster: PgCluster;

  beforeAll(async () => {
    cluster = await startPgCluster({ settings: { work_mem: "'12MB'" } });
  });

  afterAll(() => cluster?.stop(), 60_000);

  it('creates databases that answer on their urls', async () => {
    expect(cluster.url).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
    const first = await cluster.createDatabase('first');
    const second = await cluster.createDatabase('second');
    expect(first).toBe(`postgres://postgres@127.0.0.1:${cluster.port}/first`);
    expect(await psql(first, 'select 1')).toBe('1');
    expect(await psql(second, 'select current_database()')).toBe('second');
  });

  it('applies the settings it is given after its own', async () => {
    expect(await psql(cluster.url, 'SHOW work_mem')).toBe('12MB');
    expect(await psql(cluster.url, 'SHOW fsync')).toBe('off');
  });

  it('rejects a database name that would need quoting', async () => {
    await expect(cluster.createDatabase('a"b')).rejects.toThrow(/not a plain database name/);
  });

  it('stops, removes its folder and frees its port, once however often asked', async () => {
    expect(existsSync(cluster.dir)).toBe(true);
    expect(await accepts(cluster.port)).toBe(true);
    await Promise.all([cluster.stop(), cluster.stop()]);
    await cluster.stop();
    expect(existsSync(cluster.dir)).toBe(false);
    expect(await accepts(cluster.port)).toBe(false);
  });
});

it('says why the server did not start, from the end of its log', async () => {
  await expect(startPgCluster({ settings: { shared_buffers: "'lots'" } })).rejects.toThrow(
    /did not start[\s\S]*shared_buffers/,
  );
});
