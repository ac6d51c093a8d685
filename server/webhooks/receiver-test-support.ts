import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's `type`, when it is a webhook payload. */
  type?: string;
}

/** How the receiver answers a request (`index` counts from 0 over every request it got). */
export type Behaviour =
  { status: number; body?: string; delayMs?: number; location?: string } | { hang: true };

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: it records every request, and answers as
 * `respond` says (200 by default): fail, hang, redirect, answer slowly.
 */
export async function startReceiver(path = '/hook') {
  const requests: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: Array<() => void> = [];
  const state = {
    respond: (_request: ReceivedRequest, _index: number): Behaviour => ({ status: 200 }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        type: typeOf(body),
      };
      const behaviour = state.respond(request, requests.length);
      requests.push(request);
      for (const wake of waiters.splice(0)) wake();
      if ('hang' in behaviour) return void hanging.push(res);
      const answer = () => {
        const headers = behaviour.location ? { location: behaviour.location } : undefined;
        res.writeHead(behaviour.status, headers).end(behaviour.body ?? 'ok');
      };
      if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    /** Sets how the next requests are answered. */
    respond(behave: (request: ReceivedRequest, index: number) => Behaviour): void {
      state.respond = behave;
    },
    /** Answers `status` to the next `times` requests, then 200. */
    failTimes(times: number, status = 500): void {
      let left = times;
      state.respond = () => (left-- > 0 ? { status } : { status: 200 });
    },
    /** Resolves once the receiver has got `count` requests in all. */
    // No deadline: the test's timeout is the hang guard (vitest.config.ts).
    async waitFor(count: number): Promise<void> {
      while (requests.length < count) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    /** The payload bodies' `type`s in the order they came. */
    types: () => requests.map((request) => request.type),
    async close(): Promise<void> {
      for (const res of hanging.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

function typeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { type?: unknown };
    return typeof parsed.type === 'string' ? parsed.type : undefined;
  } catch {
    return undefined;
  }
}
