import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { cliEntry } from './cli/cli-bundle-test-support';

// Test support for crash tests: the real CLI in its own process, so that SIGKILL is a real crash
// (no handler, no clean-up), and requests sent by hand so that a kill can land mid-body.
export const KILL_TEST_KEY = 'wb_kill-test-key';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
}

/** Starts servers and kills whatever is still running when `cleanup` is called. */
export function serverProcesses() {
  const children: ChildProcess[] = [];
  return {
    serve(dataDir: string): Promise<ServerProcess> {
      return new Promise((resolve, reject) => {
        const args = ['--port', '0', '--data', dataDir, '--bootstrap-key', KILL_TEST_KEY];
        const child = spawn(process.execPath, [cliEntry(), ...args]);
        children.push(child);
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
        createInterface({ input: child.stdout }).on('line', (line) => {
          const match = /^listening on (http:\/\/\S+)$/.exec(line);
          if (match) resolve({ child, url: match[1]! });
        });
      });
    },
    cleanup(): void {
      for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** SIGKILL, and wait until the process is gone. */
export async function crash(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Polls `check` every few milliseconds until it holds. */
export async function until(check: () => boolean, what: string) {
  const started = Date.now();
  let reported = started;
  // No deadline: the test's timeout is the hang guard (vitest.config.ts). A long wait says so.
  while (!check()) {
    if (Date.now() - reported >= 30_000) {
      reported = Date.now();
      console.warn(`still waiting for ${what} after ${Math.round((reported - started) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The temporary files of the blob store: uploads and imports in progress. */
export function tempFiles(dataDir: string): string[] {
  const tmp = join(dataDir, 'blobs', 'tmp');
  return existsSync(tmp) ? readdirSync(tmp) : [];
}

export function tempBytes(dataDir: string): number {
  const tmp = join(dataDir, 'blobs', 'tmp');
  return tempFiles(dataDir).reduce((sum, name) => sum + statSync(join(tmp, name)).size, 0);
}

export interface StreamedRequest {
  request: ClientRequest;
  /** `status N` once answered, `error: ...` if the connection broke first. */
  outcome: Promise<string>;
  /** The answer's body, once answered. */
  body: Promise<string>;
  /** Writes `body` in chunks as fast as the socket takes them, then ends the request. */
  send(body: Buffer): void;
}

/** A request whose headers go out at once and whose body is sent only when asked. */
export function streamedRequest(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): StreamedRequest {
  const { hostname, port } = new URL(url);
  const req = request({ host: hostname, port, method, path, headers });
  req.flushHeaders();
  let resolveBody: (text: string) => void = () => {};
  const body = new Promise<string>((resolve) => (resolveBody = resolve));
  const outcome = new Promise<string>((resolve) => {
    req.on('error', (error) => resolve(`error: ${error.message}`));
    req.on('response', (response) => {
      resolve(`status ${response.statusCode}`);
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolveBody(text));
      response.on('error', () => resolveBody(text));
    });
  });
  return {
    request: req,
    outcome,
    body,
    send(bytes: Buffer) {
      const chunk = 256 * 1024;
      let at = 0;
      const pump = () => {
        while (at < bytes.length && !req.destroyed) {
          const piece = bytes.subarray(at, at + chunk);
          at += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!req.destroyed) req.end();
      };
      pump();
    },
  };
}

/** A TMX of `count` distinct English-Spanish units, `tag` making them differ from other files'. */
export function tmxOf(count: number, tag: string): Buffer {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" ' +
    'segtype="sentence" datatype="plaintext" adminlang="en" creationtool="t" ' +
    'creationtoolversion="1" o-tmf="t"/><body>\n';
  const units = Array.from(
    { length: count },
    (_, i) =>
      `<tu><tuv xml:lang="en"><seg>${tag} sentence ${i} is about ${i % 97} red cars.</seg></tuv>` +
      `<tuv xml:lang="es"><seg>${tag} frase ${i} trata de ${i % 97} coches rojos.</seg></tuv></tu>`,
  );
  return Buffer.from(`${head}${units.join('\n')}</body></tmx>`);
}

/** A plain-text document of `count` paragraphs (one segment each). */
export function documentOf(count: number, tag: string): Buffer {
  const lines = Array.from({ length: count }, (_, i) => `${tag} sentence ${i} is about red cars.`);
  return Buffer.from(lines.join('\n\n'));
}
