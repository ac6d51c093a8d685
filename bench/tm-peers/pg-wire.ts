/**
 * A minimal PostgreSQL client for the benchmark (no npm `pg` here): protocol 3.0 over one TCP
 * connection, `trust` authentication only, the simple query protocol (text results) and
 * `COPY ... FROM STDIN`. One request at a time; every call has a time limit, after which the
 * connection is destroyed (a query stuck in the server is then cancelled by the server's own
 * `statement_timeout`, which the caller sets).
 */
import { connect, type Socket } from 'node:net';

export interface PgResult {
  /** Rows of the last statement that returned rows, as text (null for SQL NULL). */
  rows: (string | null)[][];
  /** Command tags, one per statement. */
  tags: string[];
}

export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

type Waiter = {
  resolve: (r: PgResult) => void;
  reject: (e: Error) => void;
  rows: (string | null)[][];
  current: (string | null)[][] | null;
  tags: string[];
  error: PgError | null;
  onCopyIn?: () => void;
};

export class PgConnection {
  private buf: Buffer = Buffer.alloc(0);
  private waiter: Waiter | null = null;
  private closedError: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('PostgreSQL connection closed')));
  }

  /** Connects and waits for ReadyForQuery. */
  static async open(
    host: string,
    port: number,
    user: string,
    database: string,
    timeoutMs = 30_000,
  ): Promise<PgConnection> {
    const socket = connect({ host, port });
    const conn = new PgConnection(socket);
    const params = Buffer.from(
      `user\0${user}\0database\0${database}\0client_encoding\0UTF8\0application_name\0wordbench-bench\0\0`,
    );
    const head = Buffer.alloc(8);
    head.writeInt32BE(8 + params.length, 0);
    head.writeInt32BE(196608, 4); // protocol 3.0
    await conn.request(() => socket.write(Buffer.concat([head, params])), timeoutMs);
    return conn;
  }

  /** Runs one simple-protocol query string (may hold several statements). */
  query(sql: string, timeoutMs = 60_000): Promise<PgResult> {
    return this.request(() => this.socket.write(message('Q', cstring(sql))), timeoutMs);
  }

  /**
   * Runs `COPY ... FROM STDIN` and streams `chunks` (already in COPY text format) to it, with
   * back-pressure.
   */
  copyIn(sql: string, chunks: Iterable<string>, timeoutMs: number): Promise<PgResult> {
    let copyStarted = false;
    return this.request(
      () => this.socket.write(message('Q', cstring(sql))),
      timeoutMs,
      () => {
        if (copyStarted) return;
        copyStarted = true;
        void (async () => {
          try {
            for (const chunk of chunks) {
              if (!this.socket.write(message('d', Buffer.from(chunk, 'utf8')))) {
                await new Promise<void>((r) => this.socket.once('drain', () => r()));
              }
            }
            this.socket.write(message('c', Buffer.alloc(0)));
          } catch (e) {
            this.socket.write(message('f', cstring(String(e))));
          }
        })();
      },
    );
  }

  close(): void {
    if (this.socket.destroyed) return;
    try {
      this.socket.write(message('X', Buffer.alloc(0)));
    } catch {
      // already gone
    }
    this.socket.end();
    this.socket.destroy();
  }

  private request(send: () => void, timeoutMs: number, onCopyIn?: () => void): Promise<PgResult> {
    if (this.closedError) return Promise.reject(this.closedError);
    if (this.waiter) return Promise.reject(new Error('PgConnection: one request at a time'));
    return new Promise<PgResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new Error(`PostgreSQL request timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiter = {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
        rows: [],
        current: null,
        tags: [],
        error: null,
        onCopyIn,
      };
      send();
    });
  }

  private fail(e: Error): void {
    this.closedError ??= e;
    const w = this.waiter;
    this.waiter = null;
    if (!this.socket.destroyed) this.socket.destroy();
    w?.reject(e);
  }

  private onData(chunk: Buffer): void {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    let off = 0;
    while (this.buf.length - off >= 5) {
      const type = String.fromCharCode(this.buf[off]!);
      const len = this.buf.readInt32BE(off + 1);
      if (this.buf.length - off < 1 + len) break;
      const body = this.buf.subarray(off + 5, off + 1 + len);
      off += 1 + len;
      this.onMessage(type, body);
    }
    this.buf = off === this.buf.length ? Buffer.alloc(0) : this.buf.subarray(off);
  }

  private onMessage(type: string, body: Buffer): void {
    const w = this.waiter;
    switch (type) {
      case 'R': {
        const kind = body.readInt32BE(0);
        if (kind !== 0) {
          this.fail(new Error(`PostgreSQL asks for authentication method ${kind}; use trust`));
        }
        return;
      }
      case 'T':
        if (w) w.current = [];
        return;
      case 'D': {
        if (!w) return;
        const n = body.readInt16BE(0);
        const row: (string | null)[] = [];
        let p = 2;
        for (let i = 0; i < n; i++) {
          const l = body.readInt32BE(p);
          p += 4;
          if (l < 0) row.push(null);
          else {
            row.push(body.toString('utf8', p, p + l));
            p += l;
          }
        }
        (w.current ??= []).push(row);
        return;
      }
      case 'C':
        if (w) {
          w.tags.push(body.toString('utf8', 0, body.length - 1));
          if (w.current) w.rows = w.current;
          w.current = null;
        }
        return;
      case 'G':
        w?.onCopyIn?.();
        return;
      case 'E':
        if (w) w.error = parseError(body);
        else this.fail(parseError(body));
        return;
      case 'Z':
        if (w) {
          this.waiter = null;
          if (w.error) w.reject(w.error);
          else w.resolve({ rows: w.rows, tags: w.tags });
        }
        return;
      default:
        // S ParameterStatus, K BackendKeyData, N NoticeResponse, I EmptyQuery, n NoData: ignored.
        return;
    }
  }
}

function cstring(s: string): Buffer {
  return Buffer.from(`${s}\0`, 'utf8');
}

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

function parseError(body: Buffer): PgError {
  const fields: Record<string, string> = {};
  let p = 0;
  while (p < body.length && body[p] !== 0) {
    const code = String.fromCharCode(body[p]!);
    const end = body.indexOf(0, p + 1);
    fields[code] = body.toString('utf8', p + 1, end);
    p = end + 1;
  }
  return new PgError(`${fields.S ?? 'ERROR'}: ${fields.M ?? 'unknown error'}`, fields.C ?? '');
}

/** A SQL string literal (standard_conforming_strings = on). */
export function sqlLiteral(s: string): string {
  return `'${s.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

/** One field in COPY text format. */
export function copyField(s: string): string {
  return s.replace(/\0/g, '').replace(/[\\\t\n\r]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case '\t':
        return '\\t';
      case '\n':
        return '\\n';
      default:
        return '\\r';
    }
  });
}
