import { readFileSync } from 'node:fs';
import { parseCommand, UsageError, USAGE, type Command } from './cli/args';
import { defaultDataDir } from './cli/data-dir';
import { runKeysCommand, type Output } from './cli/keys-command';
import { DEFAULT_AUTH_THROTTLE } from './http/auth-throttle';
import { DEFAULT_QUOTA } from './http/quota';
import { startServer } from './start';

const io: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The certificate and key files of `--tls-cert`/`--tls-key`, read now so a wrong path says so. */
function readTls(command: { tlsCertFile?: string; tlsKeyFile?: string }) {
  if (!command.tlsCertFile || !command.tlsKeyFile) return undefined;
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`${flag} ${file}: ${(error as Error).message}`);
    }
  };
  return {
    cert: read('--tls-cert', command.tlsCertFile),
    key: read('--tls-key', command.tlsKeyFile),
  };
}

/** A whole number of milliseconds from the environment, at least `min`; undefined when unset. */
function envMs(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const value = env[name];
  if (!value) return undefined;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < min) {
    throw new Error(`${name} must be a whole number of ms, at least ${min}: ${value}`);
  }
  return ms;
}

/**
 * `WORDBENCH_WORK_LEASE_MS`: how long a team server's process may go silent before another takes
 * its background work over, queued work and webhook deliveries alike (default 30 s; tests shorten it).
 */
function workOptions(env: NodeJS.ProcessEnv): { leaseMs: number } | undefined {
  const leaseMs = envMs(env, 'WORDBENCH_WORK_LEASE_MS', 100);
  return leaseMs === undefined ? undefined : { leaseMs };
}

async function serve(command: Extract<Command, { kind: 'serve' }>): Promise<void> {
  // Signal handlers go in first: a SIGTERM that arrives while the server is still starting must
  // still close the database cleanly, not kill the process mid-write.
  const started: { close?: () => Promise<void> } = {};
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Still starting: the code after startServer sees `stopping` and closes it.
    if (!started.close) return;
    started.close().then(
      () => process.exit(0),
      (error: unknown) => {
        io.err(`Error while stopping: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Forked by the desktop app: never outlive it, even if it dies without sending SIGTERM.
  if (process.send) process.on('disconnect', stop);

  const work = workOptions(process.env);
  const server = await startServer({
    dataDir: command.dataDir ?? defaultDataDir(),
    database: command.database,
    host: command.host,
    port: command.port,
    bootstrapKey: command.bootstrapKey,
    quota: command.quota === undefined ? undefined : { ...DEFAULT_QUOTA, limit: command.quota },
    authThrottle:
      command.authFailures === undefined
        ? undefined
        : { ...DEFAULT_AUTH_THROTTLE, maxFailures: command.authFailures },
    maxUploadBytes: command.maxUploadBytes,
    // How long requests in flight may take to finish on SIGTERM (default 5 s).
    closeGraceMs: envMs(process.env, 'WORDBENCH_CLOSE_GRACE_MS', 0),
    work,
    tls: readTls(command),
    behindTlsProxy: command.behindTlsProxy,
    webhooks: {
      ...(command.webhookAllow && { webhookAllow: command.webhookAllow }),
      ...(work && { leaseMs: work.leaseMs }),
    },
    create: command.create,
    // Logs go to stderr so that stdout carries only what callers parse (the key, the URL).
    logger: { level: process.env.WORDBENCH_LOG_LEVEL ?? 'warn', stream: process.stderr },
    // The bundle cannot read package.json at run time: the desktop app passes its version in.
    version: process.env.WORDBENCH_VERSION ?? process.env.npm_package_version,
    // Asked for by the desktop app, which waits on these lines while the server starts.
    ...(process.env.WORDBENCH_START_PROGRESS === '1' && {
      onProgress: (step: string) => io.out(`starting: ${step}`),
    }),
  });
  started.close = () => server.close();
  if (stopping) {
    await server.close();
    process.exit(0);
  }
  if (server.createdKey) io.out(`API key (shown once): ${server.createdKey}`);
  io.out(`listening on ${server.url}`);
}

async function main(argv: string[]): Promise<number | undefined> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n`);
    io.err(USAGE);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (command.kind === 'keys') {
    const place = { dataDir: command.dataDir ?? defaultDataDir(), database: command.database };
    return runKeysCommand(command, place, io);
  }
  await serve(command);
  return undefined;
}

// No top-level await: the bundled entry may be emitted in a format without it.
main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    io.err(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
