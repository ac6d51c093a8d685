import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

// A caller's id is reused only when it is a short plain token, so it is safe in logs and headers.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify `genReqId`: the caller's `x-request-id` when sane, else a random UUID. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id on every response, errors and 401s included. */
export function registerRequestId(app: FastifyInstance): void {
  // onSend runs for every reply, including those sent by hooks and the error and 404 handlers.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
