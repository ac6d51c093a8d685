import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultUser, ensureBootstrap } from '../store/bootstrap';
import { DATABASE_FILE, openDatabase, type Database } from '../store/db';
import { createKey, listKeys, revokeKey, type ApiKeyInfo } from '../store/keys';

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

const isoDate = (seconds: number | null) =>
  seconds === null ? '-' : new Date(seconds * 1000).toISOString();

function formatKeys(keys: ApiKeyInfo[]): string[] {
  const rows = keys.map((k) => [
    String(k.id),
    k.prefix,
    isoDate(k.createdAt),
    isoDate(k.revokedAt),
  ]);
  const table = [['ID', 'PREFIX', 'CREATED', 'REVOKED'], ...rows];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return table.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

function create(db: Database, io: Output): number {
  const user = defaultUser(db);
  const key = user ? createKey(db, user.userId).key : ensureBootstrap(db).key;
  if (!key) throw new Error('No key was created');
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

/** `keys create|list|revoke`: works on the data folder directly, with or without a running server. */
export function runKeysCommand(
  action: 'create' | 'list' | 'revoke',
  target: string | undefined,
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
    if (action === 'create') return create(db, io);
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
