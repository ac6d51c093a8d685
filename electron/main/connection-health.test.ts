import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reachability } from '../../shared/ipc/settings';
import { watchHealth, type HealthWatch } from './connection-health';
import { until } from '../../server/until-test-support';

const servers: Server[] = [];
const watches: HealthWatch[] = [];

afterEach(async () => {
  for (const watch of watches.splice(0)) watch.stop();
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

/** A server answering `/health` (404 elsewhere), closed after the test. */
async function healthServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    response.writeHead(request.url === '/health' ? 200 : 404).end('{"status":"ok"}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Watches `baseUrl` and records every change the watch reports. */
function watch(baseUrl: () => string) {
  const seen: (Reachability | undefined)[] = [];
  const health = watchHealth(
    () => ({ baseUrl: baseUrl() }),
    () => seen.push(health.current(baseUrl())),
    { intervalMs: 20, silentMs: 200, abandonMs: 2_000 },
  );
  watches.push(health);
  return { health, seen };
}

describe('watchHealth', () => {
  it('reports a server that stops answering, and again when it is back', async () => {
    const { url, server } = await healthServer();
    const { seen } = watch(() => url);
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({ state: 'reachable' });

    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await until(() => seen.length === 2);
    expect(seen[1]).toMatchObject({ state: 'unreachable' });
    expect((seen[1] as { message: string }).message).toContain('Cannot reach the server at');

    const port = Number(new URL(url).port);
    const again = createServer((_request, response) => response.writeHead(200).end());
    servers.push(again);
    await new Promise<void>((resolve) => again.listen(port, '127.0.0.1', resolve));
    await until(() => seen.length === 3);
    expect(seen[2]).toEqual({ state: 'reachable' });
  });

  it('says a server that hangs does not answer, and is back the moment a late answer comes', async () => {
    // Answers, then holds every request: a server alive but stuck (a long task, a debugger).
    const held: ServerResponse[] = [];
    let isHanging = false;
    const server = createServer((_request, response) => {
      if (isHanging) held.push(response);
      else response.writeHead(200).end('{"status":"ok"}');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { seen } = watch(() => url);
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({ state: 'reachable' });

    isHanging = true;
    await until(() => seen.length === 2);
    // It answered before: only slow so far, so calls to it are not failed for this.
    expect(seen[1]).toMatchObject({ state: 'unreachable', isSlow: true });
    expect((seen[1] as { message: string }).message).toContain('does not answer.');
    // The probe still waits: its late answer, not the next probe, brings the badge back.
    expect(held.length).toBe(1);
    isHanging = false;
    held.splice(0).forEach((response) => response.writeHead(200).end('{"status":"ok"}'));
    await until(() => seen.length === 3);
    expect(seen[2]).toEqual({ state: 'reachable' });
  });

  it('says a new address that never answers is unreachable after its first timeout', async () => {
    // Accepts the connection and never answers: what a wrong address behind a firewall does.
    const silent = createServer(() => {});
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const { seen } = watch(() => url);
    await until(() => seen.length === 1);
    expect((seen[0] as { message: string }).message).toContain('does not answer.');
    // Never answered: most likely a wrong address, so calls fail at once (no isSlow).
    expect(seen[0]).not.toHaveProperty('isSlow');
    silent.closeAllConnections();
  });

  it('reports nothing for an address it has not probed, and reports a change of address', async () => {
    const first = await healthServer();
    const second = await healthServer();
    let url = first.url;
    const { health, seen } = watch(() => url);
    await until(() => seen.length === 1);
    expect(health.current(second.url)).toBeUndefined();
    url = second.url;
    health.poke();
    await until(() => seen.length === 2);
    expect(health.current(second.url)).toEqual({ state: 'reachable' });
  });
});
