/**
 * PostgreSQL + pg_trgm as a translation-memory peer, queried the way Weblate queries its memory.
 *
 * Server: a throw-away cluster made with `initdb` in a temporary folder, started with `pg_ctl` on
 * 127.0.0.1 and a free port (unix socket in the same folder), stopped and removed at the end. As
 * root, every PostgreSQL binary runs as the `postgres` system user through `runuser`.
 *
 * Data: table `memory(id, source, target, source_language, target_language)`, loaded with
 * `COPY FROM STDIN`, then `CREATE INDEX ... USING GIN (source gin_trgm_ops)` (Weblate's
 * `memory_source_trgm`), a primary key and `VACUUM ANALYZE`. `id` is the unit's index in the
 * input. Server settings favour a fast throw-away load (fsync off, 1 GB shared_buffers and
 * maintenance_work_mem) and `jit = off`; the lookup session sets `enable_seqscan = off`, because
 * the planner prices `%` as a cheap operator and picks a sequential scan on small tables (see
 * the notes in the results).
 *
 * Lookup (mode `weblate`, the default), after weblate/memory/models.py (MemoryQuerySet:
 * `threshold_to_similarity`, `minimum_similarity`, `get_full_source_fuzzy_candidates`) and
 * weblate/utils/db.py (`adjust_similarity_threshold`, the `source % text` lookup): the machinery
 * threshold T (our percentage) becomes a trigram similarity
 * `s = 0.127264 * ln(24.282 * T)` plus a length boost of up to 20 % (capped at 0.985; stricter
 * for short strings at T >= 75), then
 *   SELECT set_limit(s);
 *   SELECT id FROM memory WHERE source_language = 1 AND target_language = 2 AND source % q
 *     [AND id NOT IN (already found)] ORDER BY similarity(source, q) DESC, id LIMIT remaining;
 * and while fewer than `limit` units were found, s goes down by 0.05 (never below Weblate's
 * minimum: 0.3, or s - 0.2 and 0.90/0.92 for short strings when T >= 75) and the query runs again.
 * Weblate caps a lookup at MEMORY_LOOKUP_LIMIT = 50 rows; we ask for `limit` (top n), best first.
 * Weblate's fallback for texts with fewer than 3 alphanumerics (a substring match) is kept too.
 * Mode `single` (env WB_TM_PG_MODE=single, or `both`): one query with set_limit(T / 100).
 *
 * Queries go through a small client of the PostgreSQL wire protocol (./pg-wire.ts) on one TCP
 * connection, with the text inlined as a literal (as psycopg2 does for Weblate).
 */
import { appendFileSync, chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgConnection, PgError, copyField, sqlLiteral } from './pg-wire';
import {
  PG_INSTALL,
  findPgBinaries,
  systemUser,
  type PgBinaries,
} from '../../server/db/pg-cluster';
import { freePort, limits, ms, run, runSync, type Cleanup, type Log } from './common';

export type PgMode = 'weblate' | 'single';

/** Finds the newest /usr/lib/postgresql/N/bin with initdb and the pg_trgm extension. */
export function findPostgres(): PgBinaries {
  let pg: PgBinaries;
  try {
    pg = findPgBinaries();
  } catch (e) {
    throw new Error(`pg_trgm peer: ${(e as Error).message}`);
  }
  const { version } = pg;
  if (!existsSync(`/usr/share/postgresql/${version}/extension/pg_trgm.control`)) {
    throw new Error(
      `pg_trgm peer: the pg_trgm extension of PostgreSQL ${version} is missing. Fix: ${PG_INSTALL}`,
    );
  }
  if (process.getuid?.() === 0 && !systemUser('postgres')) {
    throw new Error(
      `pg_trgm peer: no "postgres" system user to run PostgreSQL as. Fix: ${PG_INSTALL}`,
    );
  }
  return pg;
}

/** Weblate's MemoryQuerySet.get_lookup_length: characters left after removing \W. */
function lookupLength(text: string): number {
  return text.replace(/[^\p{L}\p{N}_]/gu, '').length;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Weblate's MemoryQuerySet.threshold_to_similarity. */
export function thresholdToSimilarity(text: string, threshold: number): number {
  if (threshold >= 100) return 1;
  const high = 0.985;
  const base = 0.127264 * Math.log(24.282 * threshold);
  if (base >= high) return Math.min(round3(base), 1);
  const maximum = Math.min(base * 1.2, high);
  const length = Math.min(Math.max(1, lookupLength(text)), 2000);
  const boost = ((maximum - base) * Math.sqrt(length)) / Math.sqrt(2000);
  let similarity = Math.max(0.6, Math.min(1, round3(base + boost)));
  if (threshold >= 75) {
    if (length <= 8) similarity = Math.max(similarity, 0.97);
    else if (length <= 16) similarity = Math.max(similarity, 0.95);
  }
  return similarity;
}

/** Weblate's MemoryQuerySet.minimum_similarity (MIN_SIMILARITY_THRESHOLD = 0.3). */
export function minimumSimilarity(text: string, threshold: number): number {
  if (threshold >= 100) return 1;
  if (threshold >= 75) {
    const minimum = Math.max(0.3, round3(thresholdToSimilarity(text, threshold) - 0.2));
    const length = lookupLength(text);
    if (length <= 8) return Math.max(minimum, 0.92);
    if (length <= 16) return Math.max(minimum, 0.9);
    return minimum;
  }
  return 0.3;
}

/** Weblate's count_alnum < 3 fallback: such strings are searched with a substring match. */
function needsFallback(text: string): boolean {
  return [...text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length < 3;
}

export class PgTrgmPeer {
  readonly notes: string[] = [];
  private dir = '';
  private data = '';
  private port = 0;
  private asPostgres: (cmd: string, args: string[]) => [string, string[]] = (c, a) => [c, a];
  private conn: PgConnection | null = null;
  private currentLimit = -1;
  private extension = false;
  private pg!: PgBinaries;
  private stopServer: (() => void) | null = null;
  private removeDir: (() => void) | null = null;
  mode: PgMode = 'weblate';

  constructor(
    private readonly cleanup: Cleanup,
    private readonly log: Log,
  ) {}

  /** WB_TM_PG_MODE: weblate (default), single, or both (two results from one cluster). */
  static modes(): PgMode[] {
    const mode = process.env.WB_TM_PG_MODE || 'weblate';
    if (mode === 'both') return ['weblate', 'single'];
    if (mode === 'weblate' || mode === 'single') return [mode];
    throw new Error('WB_TM_PG_MODE must be weblate, single or both');
  }

  modeNotes(queries: string[], thresholds: number[]): string[] {
    const perThreshold =
      this.mode === 'weblate'
        ? thresholds.map((t) => {
            const first = queries.map((q) => thresholdToSimilarity(q, t)).sort((a, b) => a - b);
            const floor = queries.map((q) => minimumSimilarity(q, t)).sort((a, b) => a - b);
            const mid = (v: number[]) => v[Math.floor(v.length / 2)]!;
            return `T=${t}: first set_limit ${first[0]}..${first.at(-1)} (median ${mid(first)}), floor ${floor[0]}..${floor.at(-1)} (median ${mid(floor)})`;
          })
        : [];
    return [
      this.mode === 'weblate'
        ? "lookup as Weblate's memory: set_limit(threshold_to_similarity(q, T)), source % q ORDER BY similarity DESC LIMIT n, backing off by 0.05 down to Weblate's minimum_similarity until n units are found"
        : 'lookup: set_limit(T / 100), one query source % q ORDER BY similarity DESC LIMIT n',
      process.env.WB_TM_PG_SEQSCAN === '1'
        ? 'stock planner (WB_TM_PG_SEQSCAN=1): may pick a sequential scan for `%`'
        : 'enable_seqscan = off in the lookup session: the planner underprices `%` and would pick a sequential scan on small tables (4 s instead of 33 ms for a 400-character query at 30k units)',
      'latency: wall time in Node from sending the first statement of a lookup to the last ReadyForQuery, on one persistent TCP connection to 127.0.0.1 (simple query protocol, all set_limit and back-off rounds included)',
      ...perThreshold,
    ];
  }

  /** Checks the installation without starting anything. */
  static check(): void {
    findPostgres();
  }

  async setup(units: { source: string; target: string }[]): Promise<void> {
    this.pg = findPostgres();
    const t = { start: process.hrtime.bigint() };
    this.dir = mkdtempSync(join(tmpdir(), 'wb-pgtrgm-'));
    const dir = this.dir;
    this.removeDir = this.cleanup.add('remove PostgreSQL temp folder', () =>
      rmSync(dir, { recursive: true, force: true }),
    );
    this.data = join(this.dir, 'data');
    const user = process.getuid?.() === 0 ? systemUser('postgres') : null;
    if (user) {
      chownSync(this.dir, user.uid, user.gid);
      chmodSync(this.dir, 0o700);
      this.asPostgres = (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
    }
    const exec = (cmd: string, args: string[], timeoutMs = 120_000) => {
      const [c, a] = this.asPostgres(join(this.pg.bin, cmd), args);
      return run(c, a, { timeoutMs, cwd: '/', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    };

    let t0 = process.hrtime.bigint();
    await exec('initdb', [
      '-D',
      this.data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const initdbMs = ms(t0);

    this.port = await freePort();
    // Settings for a fast throw-away load; none of them changes how a query is planned except
    // jit = off (JIT compilation would add tens of ms to the expensive low-threshold queries).
    appendFileSync(
      join(this.data, 'postgresql.conf'),
      [
        '',
        '# wordbench benchmark',
        "listen_addresses = '127.0.0.1'",
        `port = ${this.port}`,
        `unix_socket_directories = '${this.dir}'`,
        'max_connections = 10',
        'shared_buffers = 1GB',
        'effective_cache_size = 8GB',
        'maintenance_work_mem = 1GB',
        'work_mem = 64MB',
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'wal_level = minimal',
        'max_wal_senders = 0',
        'jit = off',
        '',
      ].join('\n'),
    );
    t0 = process.hrtime.bigint();
    const logFile = join(this.dir, 'server.log');
    const data = this.data;
    this.stopServer = this.cleanup.add('stop PostgreSQL', () => {
      const [c, a] = this.asPostgres(join(this.pg.bin, 'pg_ctl'), [
        '-D',
        data,
        '-m',
        'immediate',
        '-w',
        '-t',
        '30',
        'stop',
      ]);
      runSync(c, a, 40_000);
    });
    await exec('pg_ctl', ['-D', this.data, '-l', logFile, '-w', '-t', '120', 'start'], 150_000);
    const startMs = ms(t0);

    await this.connect();
    const conn = this.conn!;
    const setupTimeout = limits.setupTimeoutMs;
    await conn.query('CREATE EXTENSION pg_trgm');
    this.extension = true;
    t0 = process.hrtime.bigint();
    await conn.query(
      'BEGIN; CREATE TABLE memory (id integer NOT NULL, source text NOT NULL, target text NOT NULL,' +
        ' source_language integer NOT NULL, target_language integer NOT NULL)',
    );
    await conn.copyIn(
      'COPY memory (id, source, target, source_language, target_language) FROM STDIN',
      copyChunks(units),
      setupTimeout,
    );
    await conn.query('COMMIT');
    const copyMs = ms(t0);
    t0 = process.hrtime.bigint();
    await conn.query(
      'CREATE INDEX memory_source_trgm ON memory USING GIN (source gin_trgm_ops)',
      setupTimeout,
    );
    const ginMs = ms(t0);
    t0 = process.hrtime.bigint();
    // No index on the language columns: every unit has the same pair, and with enable_seqscan
    // off the planner would walk such an index over the whole table instead of using the GIN.
    await conn.query('ALTER TABLE memory ADD PRIMARY KEY (id)', setupTimeout);
    await conn.query('VACUUM ANALYZE memory', setupTimeout);
    const otherMs = ms(t0);
    const size = await conn.query(
      "SELECT pg_size_pretty(pg_total_relation_size('memory')), pg_size_pretty(pg_relation_size('memory_source_trgm'))",
    );
    const [tableSize, ginSize] = size.rows[0] ?? [];
    const totalMs = ms(t.start);
    this.notes.push(
      `PostgreSQL ${this.pg.version}, pg_trgm GIN index; setup ${Math.round(totalMs)} ms = initdb ${Math.round(initdbMs)}` +
        ` + start ${Math.round(startMs)} + COPY ${Math.round(copyMs)} + GIN index ${Math.round(ginMs)}` +
        ` + primary key, VACUUM ANALYZE ${Math.round(otherMs)}; table with indexes ${tableSize}, GIN ${ginSize}`,
    );
    this.log(
      `pg_trgm: setup ${Math.round(totalMs)} ms (COPY ${Math.round(copyMs)} ms, GIN ${Math.round(ginMs)} ms), table ${tableSize}, GIN ${ginSize}`,
    );
  }

  private async connect(): Promise<void> {
    this.conn?.close();
    this.conn = await PgConnection.open('127.0.0.1', this.port, 'postgres', 'postgres');
    this.currentLimit = -1;
    await this.conn.query(`SET statement_timeout = ${limits.queryTimeoutMs}`);
    // The planner prices `%` like a cheap operator, but each row costs a trigram extraction of
    // both strings (~130 us for a 400-character query): on a small table it picks a sequential
    // scan (4 s instead of 33 ms for such a query at 30k units). Give pg_trgm its index plan,
    // unless WB_TM_PG_SEQSCAN=1 asks for the stock planner.
    if (process.env.WB_TM_PG_SEQSCAN !== '1') await this.conn.query('SET enable_seqscan = off');
    // Weblate runs show_limit() first so that pg_trgm is loaded before set_limit().
    if (this.extension) await this.conn.query('SELECT show_limit()');
  }

  async prepareThreshold(_threshold: number): Promise<void> {
    if (!this.conn) await this.connect();
  }

  async endThreshold(_threshold: number): Promise<void> {}

  /** One lookup; returns unit indexes best first and the round-trip time. */
  async lookup(
    text: string,
    threshold: number,
    limit: number,
  ): Promise<{ hits: number[]; ms: number; rounds: number }> {
    if (!this.conn) await this.connect();
    const conn = this.conn!;
    const q = sqlLiteral(text);
    const hits: number[] = [];
    let rounds = 0;
    const where = 'source_language = 1 AND target_language = 2';
    const clientTimeout = limits.queryTimeoutMs + 5000;
    const start = process.hrtime.bigint();
    try {
      if (needsFallback(text)) {
        // Weblate: fewer than 3 alphanumerics => substring search instead of trigrams.
        rounds = 1;
        const like = sqlLiteral(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        const r = await conn.query(
          `SELECT id FROM memory WHERE ${where} AND source LIKE ${like} ORDER BY similarity(source, ${q}) DESC, id LIMIT ${limit}`,
          clientTimeout,
        );
        for (const row of r.rows) hits.push(Number(row[0]));
        return { hits, ms: ms(start), rounds };
      }
      let similarity =
        this.mode === 'weblate' ? thresholdToSimilarity(text, threshold) : threshold / 100;
      const minimum = this.mode === 'weblate' ? minimumSimilarity(text, threshold) : similarity;
      for (;;) {
        if (rounds > 0 && ms(start) > limits.queryTimeoutMs) {
          throw new PgError(
            `lookup stopped after ${rounds} rounds: over ${limits.queryTimeoutMs} ms`,
            'timeout',
          );
        }
        rounds++;
        let sql = '';
        if (similarity !== this.currentLimit) sql += `SELECT set_limit(${similarity}); `;
        const exclude = hits.length ? ` AND id NOT IN (${hits.join(',')})` : '';
        sql += `SELECT id FROM memory WHERE ${where} AND source % ${q}${exclude} ORDER BY similarity(source, ${q}) DESC, id LIMIT ${limit - hits.length}`;
        const r = await conn.query(sql, clientTimeout);
        this.currentLimit = similarity;
        for (const row of r.rows) hits.push(Number(row[0]));
        // Weblate steps down by 0.05 and clamps the last step to the minimum; a round at the
        // minimum is the last one.
        if (hits.length >= limit || similarity <= minimum) break;
        similarity = Math.max(minimum, round3(similarity - 0.05));
      }
      return { hits, ms: ms(start), rounds };
    } catch (e) {
      const elapsed = ms(start);
      if (!(e instanceof PgError)) {
        // Client-side timeout or a dead connection: start afresh for the next lookup.
        this.conn?.close();
        this.conn = null;
      }
      throw Object.assign(e instanceof Error ? e : new Error(String(e)), { elapsedMs: elapsed });
    }
  }

  async close(): Promise<void> {
    this.conn?.close();
    this.conn = null;
    this.stopServer?.();
    this.stopServer = null;
    this.removeDir?.();
    this.removeDir = null;
  }
}

/** Rows in COPY text format, about 256 KiB a chunk. */
function* copyChunks(units: { source: string; target: string }[]): Generator<string> {
  let chunk = '';
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    chunk += `${i}\t${copyField(u.source)}\t${copyField(u.target)}\t1\t2\n`;
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
