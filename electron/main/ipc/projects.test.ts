import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../gateway/gateway';
import { projectHandlers } from './projects';

// A scripted stand-in for a hosted service that lacks (or has) the legacy PUT /v2/projects.
describe('projects:update against servers without the legacy PUT', () => {
  let server: Server;
  let base: string;
  let answers: { put: number; existing: number[] };

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.method === 'PUT') {
        response.writeHead(answers.put, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Not here' }));
        return;
      }
      const id = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('id'));
      const found = answers.existing.includes(id) ? [{ id }] : [];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const update = () => {
    const gateway = createGateway({
      target: () => ({ baseUrl: base, commentsBaseUrl: `${base}/2`, apiKey: 'k' }),
    });
    return projectHandlers(gateway)['projects:update']({ id: 7, state: 'inReview' }, {});
  };

  it.each([405, 501])('says plainly that moving is unsupported on %i', async (status) => {
    answers = { put: status, existing: [7] };
    await expect(update()).rejects.toMatchObject({
      code: 'unsupported',
      message: 'This server does not support moving projects.',
    });
  });

  it('treats a 404 for a project that exists as a missing route', async () => {
    answers = { put: 404, existing: [7] };
    await expect(update()).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('keeps a 404 for a project that is gone as not-found', async () => {
    answers = { put: 404, existing: [] };
    await expect(update()).rejects.toMatchObject({ code: 'not-found', message: 'Not here' });
  });
});
