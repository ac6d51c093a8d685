import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dropSharedPgDatabase, sharedPgDatabase } from '../db/shared-pg-test-support';
import { basic, tempDir } from '../test-support';
import { cliProcesses, printedKey } from './cli-process';

const cli = cliProcesses();
const dirs: string[] = [];
afterEach(async () => {
  await cli.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

describe('keys create --org --user', () => {
  it('creates organizations and users by name, finds them again, and lists who owns each key', async () => {
    const dir = dataDir();
    const first = await cli.run([
      'keys',
      'create',
      '--org',
      'Acme',
      '--user',
      'Ann',
      '--data',
      dir,
    ]);
    expect(first.code).toBe(0);
    // Only the key goes to stdout; what was made goes to stderr.
    expect(first.stdout).toMatch(/^API key \(shown once\): wb_\S+\n$/);
    expect(first.stderr).toBe('Organization "Acme" (1, created)\nUser "Ann" (1, created)\n');

    const again = await cli.run([
      'keys',
      'create',
      '--org',
      ' Acme ',
      '--user',
      'Ann',
      '--data',
      dir,
    ]);
    expect(again.stderr).toBe('Organization "Acme" (1, existing)\nUser "Ann" (1, existing)\n');
    const colleague = await cli.run([
      'keys',
      'create',
      '--org',
      'Acme',
      '--user',
      'Bo',
      '--data',
      dir,
    ]);
    expect(colleague.stderr).toBe('Organization "Acme" (1, existing)\nUser "Bo" (2, created)\n');
    const other = await cli.run([
      'keys',
      'create',
      '--org',
      'Globex',
      '--user',
      'Ann',
      '--data',
      dir,
    ]);
    expect(other.stderr).toBe('Organization "Globex" (2, created)\nUser "Ann" (3, created)\n');

    const listed = await cli.run(['keys', 'list', '--data', dir]);
    expect(listed.code).toBe(0);
    const rows = listed.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^ID\s+PREFIX\s+ORGANIZATION\s+USER\s+CREATED\s+REVOKED$/);
    expect(rows.slice(1).map((row) => row.split(/ {2,}/).slice(2, 4))).toEqual([
      ['Acme (1)', 'Ann (1)'],
      ['Acme (1)', 'Ann (1)'],
      ['Acme (1)', 'Bo (2)'],
      ['Globex (2)', 'Ann (3)'],
    ]);
    for (const output of [first, again, colleague, other]) {
      expect(listed.stdout).toContain(printedKey(output.stdout).slice(0, 8));
      expect(listed.stdout).not.toContain(printedKey(output.stdout));
    }
  });

  it('gives each organization made this way its own projects', async () => {
    const dir = dataDir();
    const keyOf = async (org: string, user: string) =>
      printedKey(
        (await cli.run(['keys', 'create', '--org', org, '--user', user, '--data', dir])).stdout,
      );
    const acme = await keyOf('Acme', 'Ann');
    const acmeToo = await keyOf('Acme', 'Bo');
    const globex = await keyOf('Globex', 'Gil');
    const { url } = await cli.serve(['--data', dir]);
    const call = (key: string, path: string, body?: object) =>
      fetch(`${url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: basic(key), 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const memory = (await (
      await call(acme, '/v2/memories', { name: 'TM', srclang: 'en', trglang: 'es' })
    ).json()) as { id: number };
    const created = await call(acme, '/v2/projects', {
      name: 'Acme project',
      memory_id: memory.id,
    });
    expect(created.status).toBe(200);
    const project = (await created.json()) as { id: number };

    expect(await (await call(acmeToo, '/v2/projects')).json()).toEqual([
      expect.objectContaining({ id: project.id, name: 'Acme project' }),
    ]);
    expect(await (await call(globex, '/v2/projects')).json()).toEqual([]);
    expect(await (await call(globex, `/v2/projects?id=${project.id}`)).json()).toEqual([]);
    expect(await (await call(globex, '/v2/memories')).json()).toEqual([]);
    const sneaky = await call(globex, '/v2/projects', { name: 'Sneaky', memory_id: memory.id });
    expect(sneaky.status).toBeGreaterThanOrEqual(400);
  });

  // Every rule on names is in args.test.ts and organizations.test.ts; these show the exit code.
  it.each([
    [['--org', 'a\u0007b', '--user', 'u'], /--org must not contain control characters \(U\+0007\)/],
    // `--user` alone is a teammate (below); `--org` alone names no one.
    [['--org', 'o'], /keys create --org needs --user NAME/],
  ])('refuses %j with a usage error and creates nothing', async (flags, message) => {
    const dir = dataDir();
    const result = await cli.run(['keys', 'create', ...flags, '--data', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
    expect((await cli.run(['keys', 'list', '--data', dir])).code).toBe(1);
  });
});

describe("keys on a team server's PostgreSQL database (--database)", () => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const url of databases) await dropSharedPgDatabase(url);
  });

  it('creates the first key, then teammates in the one organization with --user alone', async () => {
    const database = await sharedPgDatabase('keys_cli');
    databases.push(database);
    const dir = dataDir();
    const keys = (...args: string[]) => cli.run(['keys', ...args, '--database', database]);
    const first = await keys('create');
    expect(first.code).toBe(0);
    printedKey(first.stdout);
    const ana = await keys('create', '--user', 'Ana');
    expect(ana.stderr).toBe(
      'Organization "My organization" (1, existing)\nUser "Ana" (2, created)\n',
    );
    const anaAgain = await keys('create', '--user', 'Ana');
    expect(anaAgain.stderr).toContain('User "Ana" (2, existing)');

    // The data folder has no database of its own: the keys are in PostgreSQL.
    expect((await cli.run(['keys', 'list', '--data', dir])).code).toBe(1);
    const listed = await keys('list');
    expect(
      listed.stdout
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((r) => r.split(/ {2,}/)[3]),
    ).toEqual(['Owner (1)', 'Ana (2)', 'Ana (2)']);

    // With two organizations, a teammate's organization must be named.
    expect((await keys('create', '--org', 'Globex', '--user', 'Gil')).code).toBe(0);
    const unclear = await keys('create', '--user', 'Cy');
    expect(unclear.code).toBe(1);
    expect(unclear.stderr).toBe('The server has several organizations: say which with --org\n');
    expect(unclear.stdout).toBe('');
    expect((await keys('list')).stdout).not.toContain('Cy');
  });
});
