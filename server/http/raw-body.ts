import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { HttpError } from './http-error';

/**
 * In the calling plugin's scope only: every body, whatever its Content-Type (or none), is handed
 * to the route as the unread request stream. File uploads are bytes: a client that labels a JSON
 * file `application/json` is still uploading a file, so refusing it with 415 would help no one.
 */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/**
 * The unread body stream of a request handled under `acceptRawBodies`, or null when the request
 * has no body at all.
 */
export function rawBody(request: FastifyRequest): IncomingMessage | null {
  const body = request.body as IncomingMessage | undefined;
  return body && typeof body.pipe === 'function' ? body : null;
}

/**
 * A route `validatorCompiler` for raw-body routes: the body's schema is only there to document
 * it in OpenAPI (a stream cannot be validated); everything else goes to the app's compiler.
 */
export function skipBodyValidation(app: FastifyInstance): FastifySchemaCompiler<unknown> {
  return (route) => {
    if (route.httpPart === 'body') return () => true;
    const compile = app.validatorCompiler;
    if (!compile) throw new Error('The app has no validator compiler');
    return compile(route);
  };
}

/** The declared length, when the request has a usable Content-Length header. */
export function declaredLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

/** 413 naming the limit; the connection closes so the rest of the body is not read in vain. */
export function payloadTooLarge(limit: number): HttpError {
  return new HttpError(413, `The file is larger than the upload limit of ${limit} bytes`);
}

/** Binary body for OpenAPI: `application/octet-stream`, the file's raw bytes. */
export const binaryBody = {
  content: {
    'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
  },
} as const;

/**
 * The client went away before the body ended (the request stream was aborted or closed early).
 * Nothing was kept; the answer is for the log, as no one is listening any more.
 */
export function isClientAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

export const interrupted = () =>
  new HttpError(400, 'The upload was interrupted before the body ended');
