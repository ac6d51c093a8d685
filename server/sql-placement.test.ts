/**
 * Where SQL may live (issue 13, ../shared/ARCHITECTURE.md "server/"): in the db layer and in the
 * areas' query modules only; routes and services call those. A query module is a file named
 * `queries.ts` or `*-queries.ts`, or one of the few below that are query modules by another name.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './layout-test-support';

const SERVER = dirname(fileURLToPath(import.meta.url));

/** Query modules whose names say what they read or write rather than "queries". */
const QUERY_MODULES_BY_OTHER_NAMES = [
  'blobs/digest-lock.ts',
  'data-integrity.ts',
  'documents/pretranslate-segments.ts',
  'documents/segment-inserts.ts',
  'documents/segment-pages.ts',
  'documents/segment-rows.ts',
  'projects/project-wire.ts',
];

/** A query built or written: Kysely's builders, its `sql` tag, or a statement prepared from text. */
const SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`|\.prepare\(\s*['"`]/;

const mayHoldSql = (path: string) =>
  path.startsWith('db/') ||
  path.startsWith('api-tests/') ||
  /(^|\/|-)queries\.ts$/.test(path) ||
  QUERY_MODULES_BY_OTHER_NAMES.includes(path);

describe('SQL placement', () => {
  it('keeps SQL in the db layer and the query modules', () => {
    const offenders = sourceFiles(SERVER)
      .map((file) => relative(SERVER, file))
      .filter((path) => !mayHoldSql(path))
      .filter((path) => SQL.test(readFileSync(`${SERVER}/${path}`, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('names only query modules that exist and hold SQL', () => {
    for (const path of QUERY_MODULES_BY_OTHER_NAMES) {
      expect(SQL.test(readFileSync(`${SERVER}/${path}`, 'utf8')), path).toBe(true);
    }
  });
});
