import type { Database } from './db';

interface SchemaRow {
  name: string;
  sql: string;
}

// A table whose ids are handed out: `id INTEGER PRIMARY KEY` without AUTOINCREMENT reuses the
// highest id once its row is deleted.
const REUSING_ID = /\bid INTEGER PRIMARY KEY,/;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables whose `id` can be handed out again after a delete (none, once migration 8 ran). */
export function tablesReusingIds(db: Database): string[] {
  return db
    .prepare<[], SchemaRow>("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
    .all()
    .filter((t) => REUSING_ID.test(t.sql) && !/AUTOINCREMENT/i.test(t.sql))
    .map((t) => t.name);
}

/**
 * Rebuilds every table that reuses ids as an AUTOINCREMENT table, keeping every row and id, its
 * indexes and its triggers (SQLite cannot add AUTOINCREMENT in place). Copying the rows with
 * their ids sets `sqlite_sequence` to the highest id kept.
 */
export function rebuildWithAutoincrement(db: Database): void {
  for (const name of tablesReusingIds(db)) {
    rebuildTable(db, name, (sql) =>
      sql.replace(REUSING_ID, 'id INTEGER PRIMARY KEY AUTOINCREMENT,'),
    );
  }
}

/**
 * Rebuilds table `name` with the CREATE statement `edit` makes of its current one, keeping every
 * row, index and trigger: SQLite's documented "make other kinds of table schema changes"
 * procedure. The caller turns foreign keys off around the transaction, since a DROP TABLE with
 * them on would cascade into the children, and checks them afterwards.
 */
export function rebuildTable(db: Database, name: string, edit: (sql: string) => string): void {
  const { sql } = db
    .prepare<[string], SchemaRow>('SELECT name, sql FROM sqlite_master WHERE name = ?')
    .get(name)!;
  const extras = db
    .prepare<[string], { sql: string }>(
      `SELECT sql FROM sqlite_master
        WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .all(name);
  const columns = (db.pragma(`table_info(${quote(name)})`) as { name: string }[])
    .map((c) => quote(c.name))
    .join(', ');
  const temp = `${name}__rebuilt`;
  const edited = edit(sql);
  const create = edited.replace(/^CREATE TABLE\s+("?)\w+\1\s*\(/, `CREATE TABLE ${quote(temp)} (`);
  if (edited === sql || !create.includes(quote(temp))) {
    throw new Error(`Cannot rebuild table ${name}: unexpected schema`);
  }
  db.exec(create);
  db.exec(`INSERT INTO ${quote(temp)} (${columns}) SELECT ${columns} FROM ${quote(name)}`);
  db.exec(`DROP TABLE ${quote(name)}`);
  db.exec(`ALTER TABLE ${quote(temp)} RENAME TO ${quote(name)}`);
  for (const extra of extras) db.exec(extra.sql);
}
