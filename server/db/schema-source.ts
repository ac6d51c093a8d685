import type { Database } from './db';

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: unknown;
  pk: number;
}

const TS_TYPE: Record<string, string> = { INTEGER: 'number', REAL: 'number', TEXT: 'string' };

const pascal = (table: string) =>
  table.replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());

/**
 * The Kysely table types of a migrated SQLite database, as TypeScript source (schema.ts). Written
 * from the schema itself, so the types cannot drift from the migrations: `npm run db:schema`
 * rewrites the file and schema.test.ts fails when it is out of date. A column with a default, or
 * an integer primary key, is `Generated` (an insert may leave it out).
 */
export function schemaSource(db: Database): string {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const lines = [
    '// Written by `npm run db:schema` from the migrated schema (schema-source.ts): do not edit.',
    "import type { Generated } from 'kysely';",
    '',
  ];
  for (const table of tables) {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Column[];
    lines.push(`export interface ${pascal(table)}Table {`);
    for (const column of columns) {
      const base = TS_TYPE[column.type];
      if (!base) throw new Error(`${table}.${column.name}: no TypeScript type for ${column.type}`);
      const rowid = column.pk === 1 && column.type === 'INTEGER' && !columns.some((c) => c.pk > 1);
      const type = column.notnull || rowid ? base : `${base} | null`;
      const generated = rowid || column.dflt_value !== null;
      lines.push(`  ${column.name}: ${generated ? `Generated<${type}>` : type};`);
    }
    lines.push('}', '');
  }
  lines.push('/** Every table, as Kysely sees the database. */', 'export interface Schema {');
  for (const table of tables) lines.push(`  ${table}: ${pascal(table)}Table;`);
  lines.push('}', '');
  return lines.join('\n');
}
