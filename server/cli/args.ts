import { parseArgs } from 'node:util';
import { checkDatabaseUrl } from '../db/open-storage';
import { checkName, NameError } from '../db/organizations';
import type { CreateOptions } from '../create/register';
import { UsageError } from './args-error';
import { CREATE_OPTIONS, CREATE_USAGE, createArgs } from './create-args';
import { transportArgs, type TransportArgs } from './transport-args';
import { WEBHOOK_USAGE, webhookAllowArgs } from './webhook-args';

export const USAGE = `Usage:
  wordbench-server [options]                 run the API server
  wordbench-server keys create [--data DIR]  create an API key for the first user (printed once)
  wordbench-server keys create --org NAME --user NAME [--data DIR]
                                             the same for that user of that organization, each
                                             created if no organization or user has the name
  wordbench-server keys create --user NAME   a teammate in the server's one organization
  wordbench-server keys list [--data DIR]    list keys (id, prefix, organization, user, dates)
  wordbench-server keys revoke ID_OR_PREFIX [--data DIR]

Options:
  --port N               port to listen on (default 8080; 0 picks a free port)
  --host HOST            interface to listen on (default 127.0.0.1)
  --data DIR             data folder (default: the platform's app-data folder); with
                         --database it holds only the blobs (a folder every process shares)
  --database URL         a team server's PostgreSQL database, postgres://USER:PASS@HOST/DB
                         (env WORDBENCH_DATABASE_URL; default: SQLite in the data folder);
                         the keys commands take it too
  --bootstrap-key KEY    the first API key of a new data folder (env WORDBENCH_BOOTSTRAP_KEY)
  --quota N              requests per minute per key (default 4000)
  --auth-failures N      wrong keys per minute from one address before 429 (default 20;
                         valid keys are always served)
  --max-upload-bytes N   largest file upload in bytes (default 2147483648, 2 GiB)
${WEBHOOK_USAGE}${CREATE_USAGE}  --tls-cert FILE        serve HTTPS with this certificate chain (PEM), with --tls-key FILE
  --tls-key FILE         the certificate's private key (PEM)
  --behind-tls-proxy     plain HTTP on a non-loopback --host, because a proxy in front
                         terminates TLS (without TLS or this flag, only 127.0.0.1 and ::1)
  -h, --help             show this help
`;

export type Command =
  | { kind: 'help' }
  | ({
      kind: 'serve';
      port: number;
      host: string;
      dataDir?: string;
      database?: string;
      bootstrapKey?: string;
      quota?: number;
      authFailures?: number;
      maxUploadBytes?: number;
      /** Private hosts and networks a team server's webhooks may still go to. */
      webhookAllow?: string[];
      /** Create's default engine, and whether a team server takes local engines. */
      create?: CreateOptions;
    } & TransportArgs)
  | {
      kind: 'keys';
      action: 'create' | 'list' | 'revoke';
      target?: string;
      dataDir?: string;
      database?: string;
      /** Only for `create`: trimmed, checked names; no `org`, the server's one organization. */
      member?: { org?: string; user: string };
    };

export { UsageError } from './args-error';

function integer(value: string, flag: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return number;
}

function name(flag: string, value: string): string {
  try {
    return checkName(flag, value);
  } catch (error) {
    if (error instanceof NameError) throw new UsageError(error.message);
    throw error;
  }
}

/** `--org` and `--user` of `keys create` (`--org` needs `--user`), checked for a usage error. */
function member(
  action: string,
  values: { org?: string; user?: string },
): { member?: { org?: string; user: string } } {
  const { org, user } = values;
  if (org === undefined && user === undefined) return {};
  if (action !== 'create') throw new UsageError(`keys ${action} takes no --org or --user`);
  if (user === undefined) throw new UsageError('keys create --org needs --user NAME');
  const orgName = org === undefined ? {} : { org: name('--org', org) };
  return { member: { ...orgName, user: name('--user', user) } };
}

/** `--database` or WORDBENCH_DATABASE_URL: a PostgreSQL URL, checked (never echoed: a password). */
function database(flag: string | undefined, env: NodeJS.ProcessEnv): { database?: string } {
  const value = flag ?? (env.WORDBENCH_DATABASE_URL || undefined);
  if (value === undefined) return {};
  const problem = checkDatabaseUrl(value);
  if (problem) {
    const source = flag === undefined ? 'WORDBENCH_DATABASE_URL' : '--database';
    throw new UsageError(`${source} ${problem}`);
  }
  return { database: value };
}

/** Parses argv (without `node` and the script); throws UsageError for anything it cannot run. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        database: { type: 'string' },
        'bootstrap-key': { type: 'string' },
        quota: { type: 'string' },
        'auth-failures': { type: 'string' },
        org: { type: 'string' },
        user: { type: 'string' },
        'max-upload-bytes': { type: 'string' },
        'webhook-allow': { type: 'string', multiple: true },
        ...CREATE_OPTIONS,
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'behind-tls-proxy': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // Node's message goes on about `--` for positionals; its first sentence says what is wrong.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.split('. ')[0] ?? message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [first, action, target, ...extra] = positionals;
  if (first === 'keys') {
    if (action !== 'create' && action !== 'list' && action !== 'revoke') {
      throw new UsageError(`Unknown keys command "${action ?? ''}": use create, list or revoke`);
    }
    if (action === 'revoke' ? !target || extra.length > 0 : target !== undefined) {
      throw new UsageError(
        action === 'revoke'
          ? 'keys revoke takes one ID_OR_PREFIX'
          : `keys ${action} takes no argument`,
      );
    }
    return {
      kind: 'keys',
      action,
      target,
      dataDir: values.data,
      ...database(values.database, env),
      ...member(action, values),
    };
  }
  if (first !== undefined) throw new UsageError(`Unknown command "${first}"`);
  if (values.org !== undefined || values.user !== undefined) {
    throw new UsageError('--org and --user are options of keys create');
  }
  const host = values.host ?? '127.0.0.1';
  return {
    kind: 'serve',
    port: values.port === undefined ? 8080 : integer(values.port, '--port', 0, 65535),
    host,
    ...transportArgs(host, values),
    dataDir: values.data,
    ...database(values.database, env),
    bootstrapKey: values['bootstrap-key'] ?? (env.WORDBENCH_BOOTSTRAP_KEY || undefined),
    quota: values.quota === undefined ? undefined : integer(values.quota, '--quota', 1, 1e9),
    authFailures:
      values['auth-failures'] === undefined
        ? undefined
        : integer(values['auth-failures'], '--auth-failures', 1, 1000),
    maxUploadBytes:
      values['max-upload-bytes'] === undefined
        ? undefined
        : integer(values['max-upload-bytes'], '--max-upload-bytes', 1, Number.MAX_SAFE_INTEGER),
    ...webhookAllowArgs(values['webhook-allow'], env),
    ...createArgs(values, env),
  };
}
