import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './args';
import { defaultDataDir } from './data-dir';

describe('parseCommand', () => {
  it('defaults to serving on 127.0.0.1:8080', () => {
    expect(parseCommand([], {})).toEqual({
      kind: 'serve',
      port: 8080,
      host: '127.0.0.1',
      dataDir: undefined,
      bootstrapKey: undefined,
      quota: undefined,
    });
  });

  it('reads every serve flag, and the bootstrap key from the environment', () => {
    const argv = ['--port', '0', '--host', '0.0.0.0', '--data', '/d', '--quota', '10'];
    // A non-loopback host needs TLS or the proxy flag (issue 13): given here.
    argv.push('--behind-tls-proxy');
    expect(parseCommand(argv, { WORDBENCH_BOOTSTRAP_KEY: 'env-key' })).toEqual({
      kind: 'serve',
      port: 0,
      host: '0.0.0.0',
      dataDir: '/d',
      bootstrapKey: 'env-key',
      quota: 10,
      behindTlsProxy: true,
    });
    expect(
      parseCommand(['--bootstrap-key', 'flag-key'], { WORDBENCH_BOOTSTRAP_KEY: 'env' }),
    ).toMatchObject({
      bootstrapKey: 'flag-key',
    });
  });

  it('serves plain HTTP beyond loopback only behind a TLS proxy, else TLS of its own', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::']) {
      expect(() => parseCommand(['--host', host], {})).toThrow(
        new UsageError(
          `Refusing to listen on ${host} over plain HTTP: API keys would cross the network in ` +
            'clear text. Give --tls-cert and --tls-key, or --behind-tls-proxy when a proxy in ' +
            'front terminates TLS; or listen on 127.0.0.1.',
        ),
      );
    }
    for (const host of ['127.0.0.1', '::1', 'localhost']) {
      expect(parseCommand(['--host', host], {})).toMatchObject({ host });
    }
    const tls = ['--host', '0.0.0.0', '--tls-cert', 'c.pem', '--tls-key', 'k.pem'];
    expect(parseCommand(tls, {})).toMatchObject({ tlsCertFile: 'c.pem', tlsKeyFile: 'k.pem' });
    expect(() => parseCommand(['--tls-cert', 'c.pem'], {})).toThrow(
      new UsageError('--tls-cert and --tls-key go together'),
    );
    expect(() => parseCommand([...tls, '--behind-tls-proxy'], {})).toThrow(/--behind-tls-proxy/);
  });

  it('parses the keys subcommands', () => {
    expect(parseCommand(['keys', 'list', '--data', '/d'])).toEqual({
      kind: 'keys',
      action: 'list',
      target: undefined,
      dataDir: '/d',
    });
    expect(parseCommand(['keys', 'revoke', '3'])).toMatchObject({ action: 'revoke', target: '3' });
  });

  it.each([
    [['--bogus']],
    [['--port', 'x']],
    [['--port', '70000']],
    [['--quota', '0']],
    [['--max-upload-bytes', '0']],
    [['--max-upload-bytes', '1GiB']],
    [['serve-now']],
    [['keys']],
    [['keys', 'revoke']],
    [['keys', 'list', 'extra']],
    [['--auth-failures', '0']],
    [['--auth-failures', '1001']],
    [['--org', 'o', '--user', 'u']],
    [['keys', 'list', '--org', 'o', '--user', 'u']],
    [['keys', 'create', '--org', 'o']],
    [['--database', 'localhost/wordbench']],
    [['--database', 'mysql://h/db']],
    [['keys', 'list', '--database', 'sqlite:///x.db']],
  ])('refuses %j', (argv) => {
    expect(() => parseCommand(argv, {})).toThrow(UsageError);
  });

  it("reads keys create --user alone: a teammate in the server's one organization (issue 13)", () => {
    expect(parseCommand(['keys', 'create', '--user', ' Ana '], {})).toMatchObject({
      kind: 'keys',
      member: { user: 'Ana' },
    });
    expect(parseCommand(['keys', 'create', '--user', 'Ana'], {})).toEqual({
      kind: 'keys',
      action: 'create',
      member: { user: 'Ana' },
    });
  });

  it('reads --database, or WORDBENCH_DATABASE_URL, for the server and the keys commands', () => {
    const url = 'postgres://wb:secret@db.example:5432/wordbench';
    expect(parseCommand(['--database', url], {})).toMatchObject({ kind: 'serve', database: url });
    expect(parseCommand([], { WORDBENCH_DATABASE_URL: url })).toMatchObject({ database: url });
    expect(parseCommand(['keys', 'list'], { WORDBENCH_DATABASE_URL: url })).toMatchObject({
      kind: 'keys',
      database: url,
    });
    // The password of a wrong URL is never echoed back.
    expect(() => parseCommand([], { WORDBENCH_DATABASE_URL: 'pg://u:hunter2@h/d' })).toThrow(
      new UsageError('WORDBENCH_DATABASE_URL must be a postgres:// URL, not pg://...'),
    );
  });

  it('reads --auth-failures', () => {
    expect(parseCommand(['--auth-failures', '5'], {})).toMatchObject({ authFailures: 5 });
  });

  it('reads --org and --user of keys create, trimmed and NFC-normalised', () => {
    expect(
      parseCommand(['keys', 'create', '--org', ' Cafe\u0301 ', '--user', '  Zoë Ångström']),
    ).toEqual({
      kind: 'keys',
      action: 'create',
      target: undefined,
      dataDir: undefined,
      member: { org: 'Caf\u00e9', user: 'Zoë Ångström' },
    });
  });

  it.each([
    ['', '--org must not be empty'],
    [' \t ', '--org must not be empty'],
    ['x'.repeat(201), '--org must be at most 200 characters, not 201'],
    ['a\nb', '--org must not contain control characters (U+000A)'],
    ['a\u009bb', '--org must not contain control characters (U+009B)'],
    ['a\u202eb', '--org must not contain control characters (U+202E)'],
  ])('refuses the organization name %j: %s', (org, message) => {
    expect(() => parseCommand(['keys', 'create', '--org', org, '--user', 'u'])).toThrow(
      new UsageError(message),
    );
  });

  it('accepts 200 characters, counted as code points', () => {
    const org = '😀'.repeat(200);
    expect(parseCommand(['keys', 'create', '--org', org, '--user', 'u'])).toMatchObject({
      member: { org },
    });
  });

  it('reads --max-upload-bytes', () => {
    expect(parseCommand(['--max-upload-bytes', '1048576'], {})).toMatchObject({
      kind: 'serve',
      maxUploadBytes: 1048576,
    });
  });

  it('returns help for -h and --help', () => {
    expect(parseCommand(['-h'])).toEqual({ kind: 'help' });
    expect(parseCommand(['--help'])).toEqual({ kind: 'help' });
  });
});

describe('defaultDataDir', () => {
  it('follows each platform convention', () => {
    expect(defaultDataDir('linux', {}, '/home/u')).toBe('/home/u/.local/share/wordbench');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/x' }, '/home/u')).toBe('/x/wordbench');
    expect(defaultDataDir('darwin', {}, '/Users/u')).toBe(
      '/Users/u/Library/Application Support/Wordbench',
    );
    expect(defaultDataDir('win32', { APPDATA: 'C:\\AppData' }, 'C:\\u')).toMatch(/Wordbench$/);
  });
});
