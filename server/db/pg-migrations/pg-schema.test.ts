import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db';
import { migrations } from '../migrations';
import { dropSharedPgDatabase, sharedPgDatabase } from '../shared-pg-test-support';
import {
  migratePostgres,
  pgMigrations,
  pgSchemaVersion,
  PG_ONLY_TABLES,
  PG_ONLY_TRIGGERS,
  SQLITE_VERSION_OF_PG_BASELINE,
} from './index';

interface Column {
  name: string;
  notNull: boolean;
  /** The default as SQL, without PostgreSQL's casts: `'idle'`, `0`, `-1`; null for none. */
  default: string | null;
  identity: boolean;
}

interface TableShape {
  columns: Column[];
  primaryKey: string[];
  unique: string[];
  /** How many CHECK constraints (SQLite keeps no list of them: they are counted in its SQL). */
  checks: number;
  foreignKeys: string[];
  indexes: string[];
  triggers: string[];
}

/** The 0/1 flags: INTEGER in SQLite, integer (not bigint) in PostgreSQL (README.md). */
const FLAG = /^(is_.*|.*_in_progress|.*_succeeded|archived|auto_accept|with_tm)$/;

const PG_TYPES: Record<string, string[]> = {
  INTEGER: ['bigint', 'integer'],
  REAL: ['double precision'],
  TEXT: ['text'],
};

const latest = Math.max(...pgMigrations.map((m) => m.version));

const clients: pg.Client[] = [];
const databases: string[] = [];

/** A new, empty database on the run's cluster; its url. */
async function newDatabase(name: string): Promise<string> {
  const url = await sharedPgDatabase(name);
  databases.push(url);
  return url;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return client;
}

/** A client on a new, empty database. */
async function freshDatabase(name: string): Promise<pg.Client> {
  return connect(await newDatabase(name));
}

async function migratedDatabase(name: string): Promise<pg.Client> {
  const client = await freshDatabase(name);
  await migratePostgres(client);
  return client;
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  for (const url of databases) await dropSharedPgDatabase(url);
});

// --- SQLite's shape ----------------------------------------------------------------------------

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function sqliteShapes(db: Database): Record<string, TableShape> {
  const tables = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'",
    )
    .all();
  const named = (type: string, table: string) =>
    db
      .prepare<[string, string], { name: string }>(
        `SELECT name FROM sqlite_master
          WHERE type = ? AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex_%'`,
      )
      .all(type, table)
      .map((r) => r.name)
      .sort();
  const shapes: Record<string, TableShape> = {};
  for (const { name, sql } of tables) {
    const info = db.pragma(`table_info(${quote(name)})`) as {
      name: string;
      notnull: number;
      dflt_value: unknown;
      pk: number;
    }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const autoincrement = /AUTOINCREMENT/i.test(sql) && primaryKey.length === 1;
    const uniqueIndexes = (
      db.pragma(`index_list(${quote(name)})`) as { name: string; origin: string }[]
    ).filter((i) => i.origin === 'u');
    const fks = db.pragma(`foreign_key_list(${quote(name)})`) as {
      id: number;
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    shapes[name] = {
      columns: info.map((c) => ({
        name: c.name,
        // A primary key column never holds NULL: a rowid alias is the rowid, and WITHOUT ROWID
        // tables enforce NOT NULL on their key, though table_info reports what was declared.
        notNull: c.notnull === 1 || c.pk > 0,
        default: c.dflt_value === null ? null : String(c.dflt_value),
        identity: autoincrement && c.pk === 1,
      })),
      primaryKey,
      unique: uniqueIndexes
        .map((i) =>
          (db.pragma(`index_info(${quote(i.name)})`) as { seqno: number; name: string }[])
            .sort((a, b) => a.seqno - b.seqno)
            .map((c) => c.name)
            .join(','),
        )
        .sort(),
      checks: (sql.match(/\bCHECK\s*\(/gi) ?? []).length,
      foreignKeys: [...new Set(fks.map((f) => f.id))]
        .map((id) => {
          const parts = fks.filter((f) => f.id === id);
          const first = parts[0]!;
          return `(${parts.map((p) => p.from).join(',')}) -> ${first.table}(${parts
            .map((p) => p.to)
            .join(',')}) ON DELETE ${first.on_delete}`;
        })
        .sort(),
      indexes: named('index', name),
      triggers: named('trigger', name),
    };
  }
  return shapes;
}

function sqliteTypes(db: Database): Map<string, string> {
  const types = new Map<string, string>();
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence'",
    )
    .all();
  for (const { name } of tables) {
    for (const c of db.pragma(`table_info(${quote(name)})`) as { name: string; type: string }[]) {
      types.set(`${name}.${c.name}`, c.type);
    }
  }
  return types;
}

// --- PostgreSQL's shape ------------------------------------------------------------------------

const ON_DELETE: Record<string, string> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** Every table of the current schema but the runner's bookkeeping and PostgreSQL-only machinery. */
const PG_TABLES = `
  SELECT c.oid, c.relname FROM pg_class c
   WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
     AND c.relname <> 'schema_version'
     AND c.relname NOT IN (${PG_ONLY_TABLES.map((t) => `'${t}'`).join(', ')})`;

/** `'-1'::integer` is `-1`, `'idle'::text` is `'idle'`, as SQLite writes them. */
function withoutCasts(expression: string): string {
  const bare = expression.replace(/::[a-z ]+$/, '');
  return /^'-?\d+(\.\d+)?'$/.test(bare) ? bare.slice(1, -1) : bare;
}

async function pgShapes(client: pg.Client): Promise<Record<string, TableShape>> {
  const columns = await client.query<{
    table: string;
    attnum: number;
    name: string;
    not_null: boolean;
    default: string | null;
    identity: string;
  }>(`
    SELECT t.relname AS table, a.attnum, a.attname AS name, a.attnotnull AS not_null,
           pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity AS identity
      FROM (${PG_TABLES}) t JOIN pg_attribute a ON a.attrelid = t.oid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attnum > 0 AND NOT a.attisdropped
     ORDER BY t.relname, a.attnum`);
  const constraints = await client.query<{
    table: string;
    type: string;
    columns: number[] | null;
    parent: string | null;
    parent_columns: number[] | null;
    on_delete: string;
  }>(`
    SELECT t.relname AS table, k.contype AS type, k.conkey AS columns,
           p.relname AS parent, k.confkey AS parent_columns, k.confdeltype AS on_delete
      FROM (${PG_TABLES}) t JOIN pg_constraint k ON k.conrelid = t.oid
      LEFT JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype IN ('p', 'u', 'f', 'c')`);
  // Indexes that back a PRIMARY KEY or UNIQUE constraint are SQLite's autoindexes: left out.
  const indexes = await client.query<{ table: string; name: string }>(`
    SELECT t.relname AS table, i.relname AS name
      FROM (${PG_TABLES}) t JOIN pg_index x ON x.indrelid = t.oid
      JOIN pg_class i ON i.oid = x.indexrelid
     WHERE NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`);
  const triggers = await client.query<{ table: string; name: string }>(`
    SELECT t.relname AS table, g.tgname AS name
      FROM (${PG_TABLES}) t JOIN pg_trigger g ON g.tgrelid = t.oid
     WHERE NOT g.tgisinternal`);

  const attname = new Map<string, string>();
  for (const c of columns.rows) attname.set(`${c.table}.${c.attnum}`, c.name);
  const names = (table: string, attnums: number[]) =>
    attnums.map((n) => attname.get(`${table}.${n}`) ?? `#${n}`);

  const shapes: Record<string, TableShape> = {};
  const shape = (table: string) =>
    (shapes[table] ??= {
      columns: [],
      primaryKey: [],
      unique: [],
      checks: 0,
      foreignKeys: [],
      indexes: [],
      triggers: [],
    });
  for (const c of columns.rows) {
    shape(c.table).columns.push({
      name: c.name,
      notNull: c.not_null,
      default: c.default === null ? null : withoutCasts(c.default),
      identity: c.identity === 'd' || c.identity === 'a',
    });
  }
  for (const k of constraints.rows) {
    const s = shape(k.table);
    const cols = names(k.table, k.columns ?? []);
    if (k.type === 'p') s.primaryKey = cols;
    else if (k.type === 'u') s.unique.push(cols.join(','));
    else if (k.type === 'c') s.checks += 1;
    else {
      const parentCols = names(k.parent!, k.parent_columns ?? []);
      s.foreignKeys.push(
        `(${cols.join(',')}) -> ${k.parent}(${parentCols.join(',')}) ON DELETE ${ON_DELETE[k.on_delete]}`,
      );
    }
  }
  for (const i of indexes.rows) shape(i.table).indexes.push(i.name);
  for (const t of triggers.rows) {
    if (!PG_ONLY_TRIGGERS.includes(t.name)) shape(t.table).triggers.push(t.name);
  }
  for (const s of Object.values(shapes)) {
    s.unique.sort();
    s.foreignKeys.sort();
    s.indexes.sort();
    s.triggers.sort();
  }
  return shapes;
}

async function pgTypes(client: pg.Client): Promise<Map<string, string>> {
  const rows = await client.query<{ table: string; name: string; type: string }>(`
    SELECT t.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
      FROM (${PG_TABLES}) t JOIN pg_attribute a ON a.attrelid = t.oid
     WHERE a.attnum > 0 AND NOT a.attisdropped`);
  return new Map(rows.rows.map((r) => [`${r.table}.${r.name}`, r.type]));
}

const sorted = (shapes: Record<string, TableShape>) =>
  Object.fromEntries(Object.entries(shapes).sort(([a], [b]) => a.localeCompare(b)));

// --- The same statements on both backends --------------------------------------------------------

interface Backend {
  run(sql: string): Promise<void>;
  one(sql: string): Promise<Record<string, unknown>>;
}

const sqliteBackend = (db: Database): Backend => ({
  run: async (sql) => void db.exec(sql),
  one: async (sql) => db.prepare<[], Record<string, unknown>>(sql).get()!,
});

const pgBackend = (client: pg.Client): Backend => ({
  run: async (sql) => void (await client.query(sql)),
  one: async (sql) => (await client.query<Record<string, unknown>>(sql)).rows[0]!,
});

/** An organization, user, memory, project, document and segment, all with id 1. */
const WORLD = `
  INSERT INTO organizations (name, created_at) VALUES ('Acme', 0);
  INSERT INTO users (org_id, name, created_at) VALUES (1, 'Ann', 0);
  INSERT INTO memories (org_id, name, srclang, trglang, created_at, updated_at)
    VALUES (1, 'M', 'en', 'es', 0, 0);
  INSERT INTO projects (org_id, memory_id, name, srclang, trglang, created_at, updated_at)
    VALUES (1, 1, 'P', 'en', 'es', 0, 0);
  INSERT INTO documents (org_id, project_id, name, srclang, trglang, created_at, updated_at)
    VALUES (1, 1, 'D', 'en', 'es', 0, 0);
  INSERT INTO segments (org_id, document_id, memory_id, source, created_at, updated_at)
    VALUES (1, 1, 1, 'Hello', 0, 0);
`;

/** The segment's revision after each write, on one backend. */
async function revisions(backend: Backend): Promise<number[]> {
  await backend.run(WORLD);
  const writes = [
    "UPDATE segments SET target = 'Hola' WHERE id = 1", // changed: +1
    "UPDATE segments SET target = 'Hola' WHERE id = 1", // unchanged save: same
    "UPDATE segments SET target = 'Hola', is_confirmed = 1 WHERE id = 1", // confirmed: +1
    "UPDATE segments SET note = 'n' WHERE id = 1", // neither column: same
    "UPDATE segments SET target = 'Buenas', revision = 40 WHERE id = 1", // the trigger wins: +1
    'UPDATE segments SET is_confirmed = 1 WHERE id = 1', // unchanged: same
  ];
  const seen: number[] = [];
  for (const write of writes) {
    await backend.run(write);
    const row = await backend.one('SELECT revision FROM segments WHERE id = 1');
    seen.push(Number(row.revision));
  }
  return seen;
}

// --- Tests -------------------------------------------------------------------------------------

describe('PostgreSQL schema', () => {
  it('has a PostgreSQL twin for every SQLite migration after the baseline', () => {
    const sqliteLatest = Math.max(...migrations.map((m) => m.version));
    const twins = pgMigrations.flatMap((m) => (m.sqliteTwin === null ? [] : [m.sqliteTwin]));
    expect(twins).toEqual(
      Array.from(
        { length: sqliteLatest - SQLITE_VERSION_OF_PG_BASELINE + 1 },
        (_, i) => SQLITE_VERSION_OF_PG_BASELINE + i,
      ),
    );
    expect(pgMigrations.map((m) => m.version)).toEqual(
      Array.from({ length: latest }, (_, i) => i + 1),
    );
  });

  it('equals the SQLite schema: tables, columns, keys, indexes and triggers', async () => {
    const client = await migratedDatabase('shape');
    const db = openDatabase(':memory:');
    try {
      const expected = sorted(sqliteShapes(db));
      const actual = sorted(await pgShapes(client));
      expect(Object.keys(actual)).toEqual(Object.keys(expected));
      for (const table of Object.keys(expected)) {
        expect({ table, ...actual[table] }).toEqual({ table, ...expected[table] });
      }
    } finally {
      db.close();
    }
  });

  it('types columns as the README says: bigint, integer for 0/1 flags, double, text', async () => {
    const client = await migratedDatabase('types');
    const db = openDatabase(':memory:');
    try {
      const sqlite = sqliteTypes(db);
      const postgres = await pgTypes(client);
      const wrong: string[] = [];
      for (const [column, type] of sqlite) {
        const actual = postgres.get(column);
        const name = column.split('.')[1]!;
        const expected =
          type === 'INTEGER' ? (FLAG.test(name) ? 'integer' : 'bigint') : PG_TYPES[type]?.[0];
        if (actual !== expected) wrong.push(`${column}: ${type} -> ${actual} (want ${expected})`);
      }
      expect(wrong).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('never hands an id out twice, like AUTOINCREMENT', async () => {
    const client = await migratedDatabase('ids');
    const insert = async () =>
      Number(
        (
          await client.query<{ id: string }>(
            "INSERT INTO organizations (name, created_at) VALUES ('o', 0) RETURNING id",
          )
        ).rows[0]!.id,
      );
    await insert();
    const highest = await insert();
    await client.query('DELETE FROM organizations WHERE id = $1', [highest]);
    expect(await insert()).toBeGreaterThan(highest);
  });

  it('bumps segments.revision like the SQLite trigger', async () => {
    const client = await migratedDatabase('revision');
    const db = openDatabase(':memory:');
    try {
      const expected = await revisions(sqliteBackend(db));
      expect(expected).toEqual([2, 2, 3, 3, 4, 4]);
      expect(await revisions(pgBackend(client))).toEqual(expected);
    } finally {
      db.close();
    }
  });

  it('deletes an organization with its users and their comments (NO ACTION), like SQLite', async () => {
    const client = await migratedDatabase('cascade');
    const db = openDatabase(':memory:');
    const comment = `INSERT INTO comments (org_id, document_id, segment_id, segment_revision_id,
        user_id, text, created_at, updated_at) VALUES (1, 1, 1, 1, 1, 'c', 0, 0)`;
    try {
      for (const backend of [sqliteBackend(db), pgBackend(client)]) {
        await backend.run(WORLD);
        await backend.run(comment);
        // A user with comments cannot go alone...
        await expect(backend.run('DELETE FROM users WHERE id = 1')).rejects.toThrow();
        // ...but goes with the organization, in one statement.
        await backend.run('DELETE FROM organizations WHERE id = 1');
        expect(Number((await backend.one('SELECT count(*) AS n FROM comments')).n)).toBe(0);
      }
    } finally {
      db.close();
    }
  });

  it('checks JSON columns with a check violation, like json_valid', async () => {
    const client = await migratedDatabase('json');
    await client.query(WORLD);
    const insert = (annotations: string) =>
      client.query(
        `INSERT INTO comments (org_id, document_id, segment_id, segment_revision_id, user_id, text,
           annotations, created_at, updated_at) VALUES (1, 1, 1, 1, 1, 'c', $1, 0, 0)`,
        [annotations],
      );
    await insert('[{"type":"x"}]');
    await expect(insert('{}')).rejects.toMatchObject({ code: '23514' });
    await expect(insert('[')).rejects.toMatchObject({ code: '23514' });
    await expect(
      client.query("UPDATE projects SET metadata = '{oops' WHERE id = 1"),
    ).rejects.toMatchObject({ code: '23514' });
  });
});

describe('migratePostgres', () => {
  it('is a no-op once the database is up to date', async () => {
    const client = await migratedDatabase('again');
    const objects = async () =>
      (await client.query<{ n: string }>('SELECT count(*) AS n FROM pg_class')).rows[0]!.n;
    const before = await objects();
    expect(await migratePostgres(client)).toBe(latest);
    expect(await pgSchemaVersion(client)).toBe(latest);
    expect(await objects()).toBe(before);
    expect((await client.query('SELECT * FROM schema_version')).rows).toEqual([
      { singleton: true, version: latest },
    ]);
  });

  it('lets processes that start at once both succeed', async () => {
    const url = await newDatabase('concurrent');
    const [a, b, c] = await Promise.all([connect(url), connect(url), connect(url)]);
    expect(
      await Promise.all([migratePostgres(a!), migratePostgres(b!), migratePostgres(c!)]),
    ).toEqual([latest, latest, latest]);
    expect(await pgSchemaVersion(a!)).toBe(latest);
    expect((await a!.query('SELECT count(*)::int AS n FROM schema_version')).rows[0]).toEqual({
      n: 1,
    });
  });

  it('applies each migration in its own transaction and rolls a failing one back', async () => {
    const client = await freshDatabase('failing');
    const list = [
      { version: 1, sqliteTwin: null, up: 'CREATE TABLE a (x integer)' },
      { version: 2, sqliteTwin: null, up: 'CREATE TABLE b (x integer); SELECT 1 / 0' },
    ];
    await expect(migratePostgres(client, list)).rejects.toThrow(/division by zero/);
    expect(await pgSchemaVersion(client)).toBe(1);
    const exists = async (table: string) =>
      (await client.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [table]))
        .rows[0]!.ok;
    expect(await exists('a')).toBe(true);
    expect(await exists('b')).toBe(false);
  });

  it('refuses a database newer than it knows', async () => {
    const client = await migratedDatabase('newer');
    await client.query('UPDATE schema_version SET version = $1', [latest + 1]);
    await expect(migratePostgres(client)).rejects.toThrow(/update Wordbench/);
    expect(await pgSchemaVersion(client)).toBe(latest + 1);
  });
});
