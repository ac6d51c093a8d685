import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** `true`, `false`, or Fastify/pino logger options (`{ level: 'warn', stream }`). */
export type LoggerOption = NonNullable<FastifyServerOptions['logger']>;

/** Replaces the value of every `key` query parameter, so API keys never reach a log. */
export function redactKey(url: string): string {
  return url.replace(/([?&]key=)[^&#]*/gi, '$1[redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactKey(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's logger options with the request serializer swapped for one that hides the key. */
export function loggerOptions(option: LoggerOption | undefined): LoggerOption {
  if (!option) return false;
  const base = option === true ? {} : option;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}
