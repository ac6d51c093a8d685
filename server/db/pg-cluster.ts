/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder,
 * `pg_ctl` on 127.0.0.1 and a free port (unix socket in the same folder), every durability
 * setting off. `stop()` removes it all; a process that exits without calling it still stops its
 * servers (best effort). As root, every server binary runs as the `postgres` system user.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const PG_INSTALL = 'apt-get install -y postgresql';

export interface PgBinaries {
  bin: string;
  version: string;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  /** Creates an empty database and answers its url. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and removes its folder; calling it again does nothing. */
  stop(): Promise<void>;
}

/** Finds the newest /usr/lib/postgresql/N/bin with initdb (Debian's layout). */
export function findPgBinaries(): PgBinaries {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (!version) {
    throw new Error(`PostgreSQL server binaries not found under ${root}/*/bin. Fix: ${PG_INSTALL}`);
  }
  return { bin: join(root, version, 'bin'), version };
}

/** The uid and gid of a system user, or null when there is none. */
export function systemUser(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** A port nobody listens on right now (the kernel picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** UTF-8 with code-point collation (the same on every machine), and no fsync of a throw-away. */
const INITDB_OPTIONS = ['-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'];

/** Settings for a cluster whose data nobody wants back: nothing waits for the disk. */
function throwAwaySettings(port: number, dir: string): Record<string, string> {
  return {
    listen_addresses: "'127.0.0.1'",
    port: String(port),
    unix_socket_directories: `'${dir}'`,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '50',
    jit: 'off',
  };
}

/** Servers still running, stopped synchronously if the process exits without `stop()`. */
const running = new Set<() => void>();
let exitHookInstalled = false;

function stopOnExit(stopSync: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => running.forEach((stop) => stop()));
  }
  running.add(stopSync);
  return () => running.delete(stopSync);
}

/** The last lines of the server log, for an error message. */
function logTail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
}

/**
 * Starts a new cluster. `settings` are postgresql.conf lines written after ours, so they win;
 * values go in as written (`{ work_mem: "'64MB'" }`). Throws, with the fix, when PostgreSQL is
 * not installed: a test that needs it fails rather than skips.
 */
export async function startPgCluster(
  options: { settings?: Record<string, string> } = {},
): Promise<PgCluster> {
  const { bin } = findPgBinaries();
  const user = process.getuid?.() === 0 ? systemUser('postgres') : null;
  if (process.getuid?.() === 0 && !user) {
    throw new Error(`no "postgres" system user to run PostgreSQL as. Fix: ${PG_INSTALL}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'wordbench-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  // initdb refuses to run as root, so as root every server binary runs as `postgres`.
  const command = (cmd: string, args: string[]): [string, string[]] =>
    user ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
  // cwd '/': the postgres user may not be allowed into ours.
  const execOptions = { cwd: '/', env: { ...process.env, LC_ALL: 'C.UTF-8' }, timeout: 120_000 };
  const exec = (cmd: string, args: string[]) => execFileAsync(...command(cmd, args), execOptions);
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'];
  const stopSync = () => {
    try {
      execFileSync(...command('pg_ctl', stopArgs), { ...execOptions, stdio: 'ignore' });
    } catch {
      // Not running (or already gone): the folder goes anyway.
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', ...INITDB_OPTIONS]);
    const port = await freePort();
    const settings = { ...throwAwaySettings(port, dir), ...options.settings };
    const lines = Object.entries(settings).map(([key, value]) => `${key} = ${value}`);
    appendFileSync(
      join(data, 'postgresql.conf'),
      ['', '# wordbench throw-away cluster', ...lines, ''].join('\n'),
    );
    const forget = stopOnExit(stopSync);
    try {
      await exec('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', 'start']);
    } catch (error) {
      const tail = logTail(logFile);
      forget();
      stopSync(); // pg_ctl may have given up on a server that is still coming up
      const why = error instanceof Error ? error.message.trim() : String(error);
      throw new Error(`PostgreSQL did not start: ${why}\nEnd of its log:\n${tail}`);
    }
    return cluster(bin, port, dir, async () => {
      forget();
      await exec('pg_ctl', stopArgs).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The handle on a started server; `shutdown` runs once however often `stop()` is called. */
function cluster(bin: string, port: number, dir: string, shutdown: () => Promise<void>): PgCluster {
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopping: Promise<void> | null = null;
  return {
    url: urlOf('postgres'),
    port,
    dir,
    async createDatabase(name) {
      // A plain identifier keeps both the SQL and the url free of quoting.
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      await execFileAsync(join(bin, 'psql'), [
        '-X',
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-d',
        urlOf('postgres'),
        '-c',
        `CREATE DATABASE ${name}`,
      ]);
      return urlOf(name);
    },
    stop: () => (stopping ??= shutdown()),
  };
}
