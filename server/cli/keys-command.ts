import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultUser, ensureBootstrap } from '../db/bootstrap';
import { DATABASE_FILE, openDatabase, type Database } from '../db/db';
import { createKey, listKeys, revokeKey, type ApiKeyInfo } from '../db/keys';
import { ensureMember, NameError, UNSAFE_NAME_CHARACTERS } from '../db/organizations';

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
  org: string;
  user: string;
}

/** The key of a named user, both made if missing: the organization and user go to stderr. */
function createForMember(db: Database, names: MemberNames, io: Output): string {
  const { member, key } = db
    .transaction(() => {
      const found = ensureMember(db, names.org, names.user);
      return { member: found, key: createKey(db, found.userId).key };
    })
    .immediate();
  const made = (created: boolean) => (created ? 'created' : 'existing');
  io.err(`Organization "${member.orgName}" (${member.orgId}, ${made(member.orgCreated)})`);
  io.err(`User "${member.userName}" (${member.userId}, ${made(member.userCreated)})`);
  return key;
}

function create(db: Database, names: MemberNames | undefined, io: Output): number {
  let key: string | undefined;
  if (names) {
    try {
      key = createForMember(db, names, io);
    } catch (error) {
      if (!(error instanceof NameError)) throw error;
      io.err(error.message);
      return 1;
    }
  } else {
    const user = defaultUser(db);
    key = user ? createKey(db, user.userId).key : ensureBootstrap(db).key;
  }
  if (!key) throw new Error('No key was created');
  // Only the key goes to stdout, so a script can take it from there.
  io.out(`API key (shown once): ${key}`);
  return 0;
}

function revoke(db: Database, target: string, io: Output): number {
  const result = revokeKey(db, target);
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

/** `keys create|list|revoke`: works on the data folder directly, with or without a running server. */
export function runKeysCommand(
  { action, target, member }: KeysCommand,
  dataDir: string,
  io: Output,
): number {
  const file = join(dataDir, DATABASE_FILE);
  if (action !== 'create' && !existsSync(file)) {
    io.err(`No Wordbench database in ${dataDir}`);
    return 1;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(file);
  try {
    if (action === 'create') return create(db, member, io);
    if (action === 'list') {
      const keys = listKeys(db);
      for (const line of keys.length ? formatKeys(keys) : ['No API keys']) io.out(line);
      return 0;
    }
    return revoke(db, target ?? '', io);
  } finally {
    db.close();
  }
}
