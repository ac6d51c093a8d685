import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultUser, ensureBootstrap } from '../db/bootstrap';
import { DATABASE_FILE } from '../db/db';
import { openStorage } from '../db/open-storage';
import { createKey, listKeys, revokeKey, type ApiKeyInfo } from '../db/keys';
import { checkName, ensureMemberIn, NameError, UNSAFE_NAME_CHARACTERS } from '../db/organizations';
import type { Storage } from '../db/storage';

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const isoDate = (seconds: number | null) =>
  seconds === null ? '-' : new Date(seconds * 1000).toISOString();

// Names written to the database by other means may hold terminal escapes: never print them raw.
const UNSAFE_GLOBAL = new RegExp(UNSAFE_NAME_CHARACTERS.source, 'gu');
const shown = (name: string, id: number) => `${name.replace(UNSAFE_GLOBAL, '\uFFFD')} (${id})`;

function formatKeys(keys: ApiKeyInfo[]): string[] {
  const rows = keys.map((k) => [
    String(k.id),
    k.prefix,
    shown(k.orgName, k.orgId),
    shown(k.userName, k.userId),
    isoDate(k.createdAt),
    isoDate(k.revokedAt),
  ]);
  const table = [['ID', 'PREFIX', 'ORGANIZATION', 'USER', 'CREATED', 'REVOKED'], ...rows];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return table.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

export interface MemberNames {
  /** None: the server's only organization. */
  org?: string;
  user: string;
}

/**
 * The key of a named user, both made if missing, all in one transaction: the organization and
 * user go to stderr.
 */
async function createForMember(storage: Storage, names: MemberNames, io: Output): Promise<string> {
  // Bad names are refused before the transaction starts.
  if (names.org !== undefined) checkName('The organization name', names.org);
  checkName('The user name', names.user);
  const { member, key } = await storage.transaction(async (tx) => {
    const found = await ensureMemberIn(tx, storage.dialect, names.org, names.user);
    return { member: found, key: (await createKey(tx, found.userId)).key };
  });
  const made = (created: boolean) => (created ? 'created' : 'existing');
  io.err(`Organization "${member.orgName}" (${member.orgId}, ${made(member.orgCreated)})`);
  io.err(`User "${member.userName}" (${member.userId}, ${made(member.userCreated)})`);
  return key;
}

async function create(
  storage: Storage,
  names: MemberNames | undefined,
  io: Output,
): Promise<number> {
  let key: string | undefined;
  if (names) {
    try {
      key = await createForMember(storage, names, io);
    } catch (error) {
      if (!(error instanceof NameError)) throw error;
      io.err(error.message);
      return 1;
    }
  } else {
    const user = await defaultUser(storage.db);
    key = user
      ? (await createKey(storage.db, user.userId)).key
      : (await ensureBootstrap(storage)).key;
  }
  if (!key) throw new Error('No key was created');
  // Only the key goes to stdout, so a script can take it from there.
  io.out(`API key (shown once): ${key}`);
  return 0;
}

async function revoke(storage: Storage, target: string, io: Output): Promise<number> {
  const result = await revokeKey(storage, target);
  switch (result.status) {
    case 'revoked':
      io.out(`Revoked key ${result.key.id} (${result.key.prefix})`);
      return 0;
    case 'already-revoked':
      io.out(`Key ${result.key.id} (${result.key.prefix}) was already revoked`);
      return 0;
    case 'not-found':
      io.err(`No key with id or prefix "${target}"`);
      return 1;
    case 'ambiguous':
      io.err(`"${target}" matches keys ${result.matches.map((k) => k.id).join(', ')}: use the id`);
      return 1;
  }
}

export interface KeysCommand {
  action: 'create' | 'list' | 'revoke';
  target?: string;
  /** `create` only: the organization and user the key is for, instead of the first user. */
  member?: MemberNames;
}

/** Where the keys live: the data folder's SQLite file, or a team server's PostgreSQL database. */
export interface KeysPlace {
  dataDir: string;
  database?: string;
}

/**
 * `keys create|list|revoke`: works on the database directly, with or without a running server
 * (on a team server, on the PostgreSQL database every process shares).
 */
export async function runKeysCommand(
  { action, target, member }: KeysCommand,
  { dataDir, database }: KeysPlace,
  io: Output,
): Promise<number> {
  if (!database) {
    if (action !== 'create' && !existsSync(join(dataDir, DATABASE_FILE))) {
      io.err(`No Wordbench database in ${dataDir}`);
      return 1;
    }
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  }
  const opened = await openStorage({ dataDir, database });
  const { storage } = opened;
  try {
    if (action === 'create') return await create(storage, member, io);
    if (action === 'list') {
      const keys = await listKeys(storage);
      for (const line of keys.length ? formatKeys(keys) : ['No API keys']) io.out(line);
      return 0;
    }
    return await revoke(storage, target ?? '', io);
  } finally {
    await opened.close();
  }
}
