/**
 * Webhook receivers for the benchmark: HTTP servers on 127.0.0.1 that answer 204 and count the
 * distinct messages (`webhook-id`) they got; one can go down (its port refuses) and come back.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Receiver {
  url: string;
  /** Distinct `webhook-id`s received (a retry of a message counts once). */
  readonly received: number;
  /** When the last new message arrived (performance.now()), 0 before any. */
  readonly lastAt: number;
  /** When the first message after the last `up()` arrived, 0 before any. */
  readonly firstSinceUpAt: number;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<number> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export async function startReceiver(): Promise<Receiver> {
  const seen = new Set<string>();
  let lastAt = 0;
  let firstSinceUpAt = 0;
  const make = () =>
    createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const id = String(request.headers['webhook-id'] ?? '');
        if (!seen.has(id)) {
          seen.add(id);
          lastAt = performance.now();
          if (firstSinceUpAt === 0) firstSinceUpAt = lastAt;
        }
        response.writeHead(204).end();
      });
    });
  let server = make();
  const port = await listen(server);
  const stop = async () => {
    if (!server.listening) return;
    server.close();
    server.closeAllConnections();
    await once(server, 'close');
  };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    get received() {
      return seen.size;
    },
    get lastAt() {
      return lastAt;
    },
    get firstSinceUpAt() {
      return firstSinceUpAt;
    },
    down: stop,
    async up() {
      firstSinceUpAt = 0;
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}

/** Resolves once `done()` holds, checking every 20 ms; throws after `timeoutMs`. */
export async function waitFor(done: () => boolean, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
